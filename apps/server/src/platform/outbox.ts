import { mailOutbox } from '#db/schema/index.ts';
import type { Executor } from './audit.ts';

/** A mail to send: plain text, HTML optional. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

/**
 * Queues a mail in the transactional outbox. Call it inside the transaction of the change the mail is about:
 * the mail leaves only if the change commits, and a change never commits without its mail.
 */
export async function queueMail(tx: Executor, mail: OutgoingMail) {
  await tx.insert(mailOutbox).values(mail);
}

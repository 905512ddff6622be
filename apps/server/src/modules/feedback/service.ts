import { feedbackRatings, type FeedbackInput, type FeedbackReceipt } from '@pca/contracts';
import type { Database } from '#db/client.ts';
import { appendAudit } from '#platform/audit.ts';
import { queueMail } from '#platform/outbox.ts';
import { insertFeedback } from './repository.ts';

/** What sending feedback needs to know: where it goes and what the portal is called. */
export interface FeedbackSettings {
  /** The support address (SUPPORT_EMAIL). */
  supportEmail: string;
  productName: string;
}

/** The rating in words: "4 of 5 (Easy)". */
export const ratingInWords = (rating: number) =>
  `${rating} of 5 (${feedbackRatings.find((r) => r.value === rating)?.label ?? 'unknown'})`;

/** The mail support receives: plain text, every value the person typed kept to the body. */
export function feedbackMail(input: FeedbackInput, id: string, settings: FeedbackSettings) {
  const contact =
    input.contactName || input.contactEmail
      ? [input.contactName, input.contactEmail && `<${input.contactEmail}>`]
          .filter(Boolean)
          .join(' ')
      : 'Not given';
  return {
    to: settings.supportEmail,
    subject: `Feedback about ${settings.productName}: ${ratingInWords(input.rating)}`,
    text:
      `Someone gave feedback about ${settings.productName}.\n\n` +
      `How easy was it to use the portal? ${ratingInWords(input.rating)}\n\n` +
      `Comments:\n${input.comments || '(none)'}\n\n` +
      `Contact: ${contact}\n\nReference: ${id}\n`,
  };
}

/** Give us feedback: stored, audited and mailed to support in one transaction. */
export function feedbackService(db: Database, settings: FeedbackSettings) {
  async function send(input: FeedbackInput, requestId: string): Promise<FeedbackReceipt> {
    const id = await db.transaction(async (tx) => {
      const id = await insertFeedback(tx, {
        rating: input.rating,
        comments: input.comments,
        contactName: input.contactName || null,
        contactEmail: input.contactEmail || null,
        requestId,
      });
      // The sender may be signed out: no actor, and nothing of what they wrote in the trail.
      await appendAudit(tx, {
        actorUserId: null,
        action: 'feedback.sent',
        entityType: 'feedback',
        entityId: id,
        changedFields: { rating: input.rating },
        requestId,
      });
      await queueMail(tx, feedbackMail(input, id, settings));
      return id;
    });
    return { id };
  }
  return { send };
}

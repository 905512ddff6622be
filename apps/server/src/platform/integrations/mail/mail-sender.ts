/** One mail ready to leave, addressed and identified. */
export interface MailMessage {
  /**
   * The Message-ID header, angle brackets included. Stable for a given outbox row, so a re-send after a
   * crash is recognisably the same message (docs/decisions/019-mail-outbox-and-catcher.md).
   */
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

/** Hands mail to a relay. Resolves once the relay accepted the message; rejects when it did not. */
export interface MailSender {
  send(message: MailMessage): Promise<void>;
  /** Closes any connection held open. */
  close(): void;
}

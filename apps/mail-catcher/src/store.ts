/** One message the catcher received, as the mailbox page and the JSON API show it. */
export interface CaughtMessage {
  /** The catcher's own id (the URL of the message: /messages/:id, /api/messages/:id). */
  id: string;
  /** The Message-ID header, angle brackets included, or null when the sender gave none. */
  messageId: string | null;
  from: string;
  /** Every recipient: the envelope's RCPT TO addresses and the To/Cc headers' addresses, lower case. */
  to: string[];
  subject: string;
  /** The Date header (ISO 8601), or when it arrived when the sender gave none. */
  date: string;
  receivedAt: string;
  text: string;
  html: string | null;
  /** http(s) links found in the text and the HTML, in order, each once. */
  links: string[];
  /**
   * How many times a message with this Message-ID arrived. The portal's outbox delivers at least once
   * and keeps the Message-ID on a re-send (docs/decisions/019-mail-outbox-and-catcher.md): the copies
   * are counted, not listed.
   */
  timesReceived: number;
}

/** What the store needs to file a message; the rest it fills in. */
export type IncomingMessage = Omit<CaughtMessage, 'id' | 'receivedAt' | 'timesReceived'>;

/** The default bound of the mailbox: enough for a day of development, small enough to keep in memory. */
export const DEFAULT_LIMIT = 500;

/**
 * The mailbox, in memory, newest first, bounded (the oldest message goes when a new one would pass the
 * limit), de-duplicated by Message-ID.
 */
export function createMessageStore(limit = DEFAULT_LIMIT) {
  let messages: CaughtMessage[] = [];
  let sequence = 0;
  return {
    /** Files a message; a Message-ID already in the mailbox only counts one more copy of that one. */
    add(incoming: IncomingMessage, receivedAt = new Date()): CaughtMessage {
      const known = incoming.messageId
        ? messages.find((m) => m.messageId === incoming.messageId)
        : undefined;
      if (known) {
        known.timesReceived += 1;
        return known;
      }
      sequence += 1;
      const message: CaughtMessage = {
        ...incoming,
        id: String(sequence),
        receivedAt: receivedAt.toISOString(),
        timesReceived: 1,
      };
      messages = [message, ...messages].slice(0, limit);
      return message;
    },
    /** Newest first. */
    list(): readonly CaughtMessage[] {
      return messages;
    },
    get(id: string): CaughtMessage | undefined {
      return messages.find((m) => m.id === id);
    },
    clear() {
      messages = [];
    },
  };
}

export type MessageStore = ReturnType<typeof createMessageStore>;

/** http(s) links in a message's text and HTML, each once, in order of appearance. */
export function linksIn(text: string, html: string | null): string[] {
  const found = [
    ...text.matchAll(/https?:\/\/[^\s<>"')\]]+/g),
    ...(html ?? '').matchAll(/href\s*=\s*["']?(https?:\/\/[^"'\s>]+)/gi),
  ].map((m) => (m[1] ?? m[0]).replace(/&amp;/g, '&').replace(/[.,;:]+$/, ''));
  return [...new Set(found)];
}

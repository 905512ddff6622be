import type { CaughtMessage } from './store.ts';

/** A message as GET /api/messages lists it (no bodies). */
export type MessageSummary = Omit<CaughtMessage, 'text' | 'html' | 'links'>;

/** What {@link MailboxClient.waitForMail} looks for: every given field must match. */
export interface MailQuery {
  /** A recipient address (case-insensitive). */
  to?: string;
  /** The subject, exactly, or a pattern. */
  subject?: string | RegExp;
  /** How long to keep looking (default 10 s). */
  timeoutMs?: number;
}

const matches = (m: MessageSummary, q: MailQuery) =>
  (q.to === undefined || m.to.includes(q.to.toLowerCase())) &&
  (q.subject === undefined ||
    (typeof q.subject === 'string' ? m.subject === q.subject : q.subject.test(m.subject)));

/**
 * Reads the mail catcher's JSON API at `webUrl` (its mailbox page, e.g. http://localhost:3002/): for
 * browser journeys and tests that need the mail the portal sent.
 */
export function mailboxClient(webUrl: string) {
  const api = new URL('api/messages', webUrl.endsWith('/') ? webUrl : `${webUrl}/`);
  const getJson = async <T>(url: URL | string): Promise<T> => {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`${String(url)} answered ${res.status}`);
    return (await res.json()) as T;
  };
  const client = {
    /** Every message held, newest first. */
    async list(): Promise<MessageSummary[]> {
      return (await getJson<{ messages: MessageSummary[] }>(api)).messages;
    },
    /** One message with its text, HTML and links. */
    get(id: string): Promise<CaughtMessage> {
      return getJson<CaughtMessage>(`${api.href}/${encodeURIComponent(id)}`);
    },
    /** Empties the mailbox. */
    async clear(): Promise<void> {
      const res = await fetch(api, { method: 'DELETE' });
      if (!res.ok) throw new Error(`DELETE ${api.href} answered ${res.status}`);
    },
    /**
     * The newest message matching the query, once it has arrived: polls the mailbox (every 100 ms) until
     * one does, and fails after `timeoutMs` listing what did arrive.
     */
    async waitForMail(query: MailQuery): Promise<CaughtMessage> {
      const deadline = Date.now() + (query.timeoutMs ?? 10_000);
      let seen: MessageSummary[] = [];
      for (;;) {
        seen = await client.list();
        const found = seen.find((m) => matches(m, query));
        if (found) return client.get(found.id);
        if (Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const wanted = JSON.stringify({ to: query.to, subject: String(query.subject ?? '') });
      const got = seen.map((m) => `${m.to.join(', ')}: ${m.subject}`).join('; ') || 'nothing';
      throw new Error(`No mail matching ${wanted} arrived; the mailbox holds ${got}`);
    },
  };
  return client;
}

export type MailboxClient = ReturnType<typeof mailboxClient>;

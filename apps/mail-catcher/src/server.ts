import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { gracefulClose, listen } from '@pca/dev-services';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { mailboxPage, messagePage, notFoundPage } from './pages.ts';
import { createMessageStore, linksIn, DEFAULT_LIMIT, type CaughtMessage } from './store.ts';

/** Options of {@link startMailCatcher}. */
export interface MailCatcherOptions {
  /** SMTP port (0: any free port). */
  smtpPort: number;
  /** Port of the mailbox page and JSON API (0: any free port). */
  webPort: number;
  /** Interface both listen on (default 127.0.0.1: the catcher is for this machine only). */
  host?: string;
  /** Most messages kept (default 500). */
  limit?: number;
}

/** A running mail catcher. */
export interface RunningMailCatcher {
  smtpPort: number;
  webPort: number;
  /** SMTP_URL for the portal: smtp://127.0.0.1:<smtpPort>. */
  smtpUrl: string;
  /** The mailbox page (its JSON API is under /api/messages). */
  webUrl: string;
  /** The messages held, newest first. */
  messages(): readonly CaughtMessage[];
  /** Stops both listeners; connections still open after `graceMs` (default 5 s) are cut. */
  close(graceMs?: number): Promise<void>;
}

/** Largest message accepted: mail with big attachments is not what the portal sends. */
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** The addresses of an address header, lower case. */
function addresses(header: AddressObject | AddressObject[] | undefined): string[] {
  const all = Array.isArray(header) ? header : header ? [header] : [];
  return all.flatMap((h) => h.value.map((v) => (v.address ?? '').toLowerCase())).filter(Boolean);
}

/** The summary the JSON list carries (no bodies). */
function summary(m: CaughtMessage) {
  const { text: _text, html: _html, links: _links, ...rest } = m;
  return rest;
}

function send(res: ServerResponse, status: number, type: string, body: string) {
  res.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    // The page itself runs no script; a message's HTML lives in a sandboxed srcdoc iframe, which
    // inherits this policy, so mail cannot run script, load from elsewhere or submit forms.
    'content-security-policy':
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  });
  res.end(body);
}

const json = (res: ServerResponse, status: number, value: unknown) =>
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(value));

/**
 * Starts a development mail catcher: an SMTP listener that keeps every message it receives in memory
 * (bounded, de-duplicated by Message-ID) and an HTTP listener serving the mailbox page and a JSON API
 * (GET /api/messages, GET /api/messages/:id, DELETE /api/messages) for people, journeys and tests.
 */
export async function startMailCatcher(options: MailCatcherOptions): Promise<RunningMailCatcher> {
  const host = options.host ?? '127.0.0.1';
  const store = createMessageStore(options.limit ?? DEFAULT_LIMIT);

  const smtp = new SMTPServer({
    // Development only: any client may send, with or without credentials (an SMTP_URL carrying a user
    // and password works as it would against a relay), and no TLS, whose self-signed certificate
    // nodemailer would refuse.
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    size: MAX_MESSAGE_BYTES,
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'development' });
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const envelope = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          const headerTo = [...addresses(parsed.to), ...addresses(parsed.cc)];
          const text = parsed.text ?? '';
          const html = parsed.html || null;
          const mailFrom = session.envelope.mailFrom;
          store.add({
            messageId: parsed.messageId ?? null,
            from: parsed.from?.text ?? (mailFrom ? mailFrom.address : ''),
            to: [...new Set([...headerTo, ...envelope])],
            subject: parsed.subject ?? '',
            date: (parsed.date ?? new Date()).toISOString(),
            text,
            html,
            links: linksIn(text, html),
          });
          callback();
        })
        .catch((error: unknown) =>
          callback(error instanceof Error ? error : new Error(String(error))),
        );
    },
  });
  smtp.on('error', (error) => console.error(`Mail catcher SMTP error: ${error.message}`));

  const web = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://catcher');
    const method = req.method ?? 'GET';
    const messageMatch = /^\/(api\/)?messages\/([^/]+)$/.exec(url.pathname);
    if (method === 'GET' && url.pathname === '/') {
      send(res, 200, 'text/html; charset=utf-8', mailboxPage(store.list()));
    } else if (method === 'GET' && url.pathname === '/api/messages') {
      json(res, 200, { messages: store.list().map(summary) });
    } else if (method === 'DELETE' && url.pathname === '/api/messages') {
      store.clear();
      res.writeHead(204).end();
    } else if (method === 'POST' && url.pathname === '/messages/delete') {
      store.clear();
      res.writeHead(303, { location: '/' }).end();
    } else if (method === 'GET' && messageMatch) {
      const message = store.get(decodeURIComponent(messageMatch[2]!));
      if (messageMatch[1]) {
        if (message) json(res, 200, message);
        else json(res, 404, { error: 'No such message' });
      } else if (message) send(res, 200, 'text/html; charset=utf-8', messagePage(message));
      else send(res, 404, 'text/html; charset=utf-8', notFoundPage());
    } else {
      send(res, 404, 'text/html; charset=utf-8', notFoundPage());
    }
  });

  const closeWeb = gracefulClose(web);
  const smtpPort = await listen(smtp.server, options.smtpPort, host);
  let webPort: number;
  try {
    webPort = await listen(web, options.webPort, host);
  } catch (error) {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    throw error;
  }

  return {
    smtpPort,
    webPort,
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    webUrl: `http://127.0.0.1:${webPort}/`,
    messages: () => store.list(),
    close: (graceMs = 5_000) =>
      Promise.all([
        // smtp-server waits for open sessions (up to its closeTimeout) before it calls back.
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        closeWeb(graceMs),
      ]).then(() => undefined),
  };
}

import type { CaughtMessage } from './store.ts';

/** Text made safe for HTML content and attribute values (everything a message carries goes through it). */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const dateFormat = new Intl.DateTimeFormat('en-AU', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'Australia/Sydney',
});

const when = (iso: string) =>
  `<time datetime="${escapeHtml(iso)}">${escapeHtml(dateFormat.format(new Date(iso)))}</time>`;

const style = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 72rem; padding: 1rem; color: #1a1a1a; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: 0.5rem; border-bottom: 1px solid #767676; vertical-align: top; }
  a { color: #00558a; }
  a:focus, button:focus, iframe:focus { outline: 3px solid #9263de; outline-offset: 2px; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f5f5f5; padding: 1rem; }
  iframe { width: 100%; min-height: 24rem; border: 1px solid #767676; background: #fff; }
  dt { font-weight: bold; }
  dd { margin: 0 0 0.5rem 0; overflow-wrap: anywhere; }
  button { font: inherit; padding: 0.25rem 0.75rem; }
`;

/** A whole page: everything interpolated into `body` must already be escaped. */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – development mail catcher</title>
<style>${style}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

/** The mailbox: every message newest first, each linking to its own page. */
export function mailboxPage(messages: readonly CaughtMessage[]): string {
  const rows = messages
    .map(
      (m) => `<tr>
<td>${when(m.date)}</td>
<td>${escapeHtml(m.to.join(', '))}</td>
<td><a href="/messages/${encodeURIComponent(m.id)}">${escapeHtml(m.subject || '(no subject)')}</a></td>
</tr>`,
    )
    .join('\n');
  const list =
    messages.length === 0
      ? '<p>No mail yet. Mail the portal sends in development arrives here.</p>'
      : `<table>
<caption>${messages.length} ${messages.length === 1 ? 'message' : 'messages'}, newest first</caption>
<thead><tr><th scope="col">Date</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<form method="post" action="/messages/delete"><p><button type="submit">Delete all messages</button></p></form>`;
  return page(
    'Mailbox',
    `<h1>Mailbox</h1>
<p>Development mail catcher: mail sent over SMTP is kept here, in memory, and goes nowhere else.</p>
${list}`,
  );
}

/** Text with its http(s) links made clickable; everything else escaped. */
function linkify(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"')\]]+/g)) {
    const url = match[0].replace(/[.,;:]+$/, '');
    out += escapeHtml(text.slice(last, match.index));
    out += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return out + escapeHtml(text.slice(last));
}

/**
 * One message. Its HTML is never part of this page: it is shown in a sandboxed iframe (no scripts, no
 * forms, no same-origin access) whose srcdoc attribute holds it escaped.
 */
export function messagePage(m: CaughtMessage): string {
  const links = m.links.length
    ? `<h2>Links</h2>
<ul>
${m.links.map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`).join('\n')}
</ul>`
    : '';
  const html =
    m.html === null
      ? ''
      : `<h2>HTML</h2>
<iframe title="HTML of the message" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(
          `<base target="_blank">${m.html}`,
        )}"></iframe>`;
  return page(
    m.subject || '(no subject)',
    `<p><a href="/">Back to the mailbox</a></p>
<h1>${escapeHtml(m.subject || '(no subject)')}</h1>
<dl>
<dt>From</dt><dd>${escapeHtml(m.from)}</dd>
<dt>To</dt><dd>${escapeHtml(m.to.join(', '))}</dd>
<dt>Date</dt><dd>${when(m.date)}</dd>
<dt>Message-ID</dt><dd>${escapeHtml(m.messageId ?? '(none)')}</dd>
${m.timesReceived > 1 ? `<dt>Copies received</dt><dd>${m.timesReceived}</dd>` : ''}
</dl>
${links}
<h2>Text</h2>
<pre>${linkify(m.text)}</pre>
${html}`,
  );
}

/** A page for an address that names nothing. */
export function notFoundPage(): string {
  return page(
    'Not found',
    `<h1>Not found</h1><p>No such message (the mailbox keeps the newest messages only, in memory).</p><p><a href="/">Back to the mailbox</a></p>`,
  );
}

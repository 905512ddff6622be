// The sandbox's pages: one layout, and the body of each page from what the portal answered. Every value
// from the portal or the request is escaped.

type Json = Record<string, unknown>;
/** A FHIR search Bundle as the sandbox reads it. */
export type Bundle = {
  total?: number;
  entry?: Array<{ resource: Json; search?: { mode: string } }>;
};

export const escape = (value: unknown) =>
  String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The details a partner may suggest a new value for. */
export const properties = ['Phone', 'AfterHoursPhone', 'Email', 'Fax', 'Website'] as const;

/** A whole page in the sandbox's layout. */
export function layout(title: string, partner: string, body: string): string {
  return `<!doctype html>
<html lang="en-AU">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} - ${escape(partner)} partner sandbox</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;color:#1a1a1a;line-height:1.5}
header{background:#0b3b5c;color:#fff;padding:1rem 1.5rem}header a{color:#fff}
main{padding:1.5rem;max-width:60rem}nav a{margin-right:1rem}
table{border-collapse:collapse;width:100%;margin:1rem 0}.scroll{overflow-x:auto;position:relative}.scroll table{min-width:40rem}td{overflow-wrap:break-word}th,td{border:1px solid #8a8a8a;padding:.4rem .6rem;text-align:left;vertical-align:top}
label{display:block;font-weight:600;margin-top:.8rem}input,select,textarea{font:inherit;padding:.3rem;max-width:100%}
button{font:inherit;margin-top:1rem;padding:.4rem 1rem;background:#0b3b5c;color:#fff;border:0;border-radius:4px}
.error{border-left:4px solid #b00020;padding:.5rem 1rem;background:#fdecee}.ok{border-left:4px solid #1b7f3b;padding:.5rem 1rem;background:#e9f6ee}
:focus-visible{outline:3px solid #f0a30a;outline-offset:2px}.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
</style></head>
<body><header><p><strong>${escape(partner)}</strong> partner sandbox (development)</p>
<nav aria-label="Sandbox"><a href="/">Published services</a><a href="/practitioners">Practitioners</a><a href="/requests">Suggested changes</a><a href="/bank-accounts">Bank accounts</a></nav></header>
<main><h1>${escape(title)}</h1>${body}</main></body></html>`;
}

const addressOf = (location: Json | undefined) => {
  const a = location?.['address'] as
    { line?: string[]; city?: string; state?: string; postalCode?: string } | undefined;
  if (!a) return 'No street address (mobile or virtual)';
  return [...(a.line ?? []), [a.city, a.state, a.postalCode].filter(Boolean).join(' ')].join(', ');
};
const telecomOf = (resource: Json) =>
  ((resource['telecom'] as Array<{ system: string; value: string }> | undefined) ?? [])
    .map((t) => `${escape(t.system)}: ${escape(t.value)}`)
    .join('<br>') || 'None published';

/** `/`: the search by postcode, and what the portal publishes to the partner there (when one was asked). */
export function publishedServices(partner: string, postcode: string, bundle: Bundle | null) {
  let results = '';
  if (bundle) {
    const entries = bundle.entry ?? [];
    const byRef = new Map(
      entries.map((e) => [
        `${String(e.resource['resourceType'])}/${String(e.resource['id'])}`,
        e.resource,
      ]),
    );
    const services = entries.filter((e) => e.search?.mode === 'match').map((e) => e.resource);
    results = services.length
      ? `<div class="scroll" role="region" aria-label="Published services, scrollable" tabindex="0"><table><caption>${bundle.total} published service${bundle.total === 1 ? '' : 's'} at ${escape(postcode)}</caption>
<thead><tr><th scope="col">Service</th><th scope="col">Organisation</th><th scope="col">Address</th><th scope="col">Contact</th><th scope="col">Action</th></tr></thead><tbody>
${services
  .map((s) => {
    const location = byRef.get(
      ((s['location'] as Array<{ reference: string }> | undefined) ?? [])[0]?.reference ?? '',
    );
    const org = byRef.get((s['providedBy'] as { reference: string } | undefined)?.reference ?? '');
    return `<tr><td>${escape(s['name'])}</td><td>${escape(org?.['name'] ?? '')}</td><td>${escape(addressOf(location))}</td><td>${telecomOf(s)}</td><td><a href="/suggest?service=${encodeURIComponent(String(s['id']))}&amp;name=${encodeURIComponent(String(s['name']))}">Suggest a change<span class="vh"> to ${escape(s['name'])}</span></a><br><a href="/ask-form?service=${encodeURIComponent(String(s['id']))}&amp;name=${encodeURIComponent(String(s['name']))}">Ask for a form<span class="vh"> from ${escape(s['name'])}</span></a></td></tr>`;
  })
  .join('\n')}</tbody></table></div>`
      : `<p role="status">Nothing published to ${escape(partner)} at ${escape(postcode)}.</p>`;
  }
  return `<p>What providers publish to ${escape(partner)}, read through the portal's partner API.</p>
<form method="get" action="/"><label for="postcode">Postcode</label>
<input id="postcode" name="postcode" inputmode="numeric" autocomplete="postal-code" value="${escape(postcode)}">
<button type="submit">Find published services</button></form>${results}`;
}

/** `/practitioners`: the practitioners published to the partner, each with a button asking for personal contact details. */
export function practitioners(partner: string, bundle: Bundle, said: string | null) {
  const list = (bundle.entry ?? []).map((e) => e.resource);
  const nameOf = (p: Json) => {
    const n = ((p['name'] as Array<{ text?: string; given?: string[]; family?: string }>) ?? [])[0];
    return n?.text ?? [...(n?.given ?? []), n?.family].filter(Boolean).join(' ');
  };
  const hpii = (p: Json) =>
    ((p['identifier'] as Array<{ system?: string; value?: string }>) ?? []).find((i) =>
      i.system?.includes('/hpii/'),
    )?.value ?? '';
  return `${said === null ? '' : `<p class="ok" role="status">${escape(said)}</p>`}<p>The practitioners published to ${escape(partner)}. Their personal contact details appear only after ${escape(partner)} asks for them and the practitioner chooses to share them.</p>${
    list.length
      ? `<div class="scroll" role="region" aria-label="Practitioners, scrollable" tabindex="0"><table><caption>${bundle.total} practitioner${bundle.total === 1 ? '' : 's'} published to ${escape(partner)}</caption><thead><tr><th scope="col">Name</th><th scope="col">HPI-I</th><th scope="col">Contact</th><th scope="col">Action</th></tr></thead><tbody>${list
          .map(
            (p) =>
              `<tr><td>${escape(nameOf(p))}</td><td>${escape(hpii(p))}</td><td>${telecomOf(p)}</td><td><form method="post" action="/practitioners"><input type="hidden" name="practitioner" value="${escape(p['id'])}"><button type="submit">Ask for personal contact details<span class="vh"> of ${escape(nameOf(p))}</span></button></form></td></tr>`,
          )
          .join('')}</tbody></table></div>`
      : `<p>No practitioners are published to ${escape(partner)}.</p>`
  }`;
}

/** `/suggest`: the form suggesting a new value for one of a service's details. */
export const suggestForm = (service: string) =>
  `<form method="post" action="/suggest"><input type="hidden" name="service" value="${escape(service)}">
<label for="property">Detail</label><select id="property" name="property">${properties
    .map((p) => `<option value="${p}">${p}</option>`)
    .join('')}</select>
<label for="value">New value</label><input id="value" name="value" required>
<label for="reason">Reason</label><textarea id="reason" name="reason" rows="3" required>Our members told us about this change.</textarea>
<button type="submit">Send suggestion</button></form>`;

/** `/ask-form`: the form asking a service's provider to complete the partner's online form. */
export const askForm = (partner: string, service: string) =>
  `<p>The provider gets a task in Provider Connect that opens ${escape(partner)}'s online form.</p>
<form method="post" action="/ask-form"><input type="hidden" name="service" value="${escape(service)}">
<label for="reason">Reason</label><textarea id="reason" name="reason" rows="3" required>Please confirm your billing details for our members.</textarea>
<button type="submit">Send form request</button></form>`;

/** `/requests`: the suggestions and form requests the partner sent, with their outcomes. */
export function requests(partner: string, bundle: Bundle, sent: string | undefined) {
  const tasks = (bundle.entry ?? []).map((e) => e.resource);
  const status = {
    requested: 'Waiting for the provider',
    completed: 'Accepted',
    rejected: 'Current value kept',
  };
  const isForm = (t: Json) =>
    (t['code'] as { coding?: Array<{ code?: string }> } | undefined)?.coding?.[0]?.code ===
    'fulfill';
  const sentTask = tasks.find((t) => t['id'] === sent);
  return `${sentTask ? `<p class="ok" role="status">${isForm(sentTask) ? 'Form request' : 'Suggestion'} sent to the provider.</p>` : ''}${
    tasks.length
      ? `<div class="scroll" role="region" aria-label="Suggestions, scrollable" tabindex="0"><table><caption>Suggestions and form requests sent by ${escape(partner)}</caption><thead><tr><th scope="col">About</th><th scope="col">Suggested</th><th scope="col">Outcome</th><th scope="col">Value now</th></tr></thead><tbody>${tasks
          .map((t) => {
            const input = ((t['input'] as Array<{
              type: { text: string };
              valueString?: string;
              valueUrl?: string;
            }>) ?? [])[0];
            const output = ((t['output'] as Array<{
              type: { text: string };
              valueString: string;
            }>) ?? [])[0];
            const form = isForm(t);
            const outcome =
              form && t['status'] === 'completed'
                ? 'Form received'
                : (status[t['status'] as keyof typeof status] ?? t['status']);
            return `<tr data-task="${escape(t['id'])}"><td>${escape((t['focus'] as { reference: string }).reference)}</td><td>${form ? 'Complete our online form' : `${escape(input?.type.text)}: ${escape(input?.valueString)}`}</td><td>${escape(outcome)}</td><td>${output ? `${escape(output.type.text)}: ${escape(output.valueString)}` : ''}</td></tr>`;
          })
          .join('')}</tbody></table></div>`
      : '<p>No suggestions sent yet.</p>'
  }`;
}

/** `/online-form`: the partner's form for one task, posting back to itself with the token. */
export const onlineForm = (token: string, claims: { task: string; exp: number }) =>
  `<p>For task ${escape(claims.task)}; this link works until ${escape(new Date(claims.exp * 1000).toISOString())}.</p>
<form method="post" action="/online-form?token=${encodeURIComponent(token)}"><label for="answer">Your answer</label><input id="answer" name="answer" required><button type="submit">Submit form</button></form>`;

export const formReceived = (partner: string, task: string) =>
  `<p class="ok" role="status">Thank you. ${escape(partner)} received the form for task ${escape(task)}, and your task in Provider Connect is complete.</p>`;

export const formLinkNotValid =
  '<p class="error">The link has expired or was not issued by the portal. Open the form again from your task in Provider Connect.</p>';

export const errorMessage = (message: string) =>
  `<p class="error" role="alert">${escape(message)}</p>`;

/** A Parameters resource as the sandbox reads it. */
export type Parameters = {
  parameter?: Array<{ name: string; part?: Array<Json & { name: string }> }>;
};

/**
 * `/bank-accounts`: the bank accounts practitioners share with the partner, read through the portal's
 * `$bank-account` operation at each visit (docs/decisions/058-bank-account.md): a withdrawn consent is gone on
 * the next visit.
 */
export function bankAccounts(partner: string, answer: Parameters) {
  const shares = (answer.parameter ?? []).filter((p) => p.name === 'bankAccount');
  if (!shares.length)
    return `<p role="status">No practitioner shares a bank account with ${escape(partner)}.</p>`;
  const value = (parts: Array<Json & { name: string }>, name: string) => {
    const part = parts.find((p) => p.name === name);
    if (!part) return '';
    if (part['valueReference'])
      return String((part['valueReference'] as { display?: string }).display ?? '');
    if (part['valueIdentifier'])
      return String((part['valueIdentifier'] as { value?: string }).value ?? '');
    return String(part['valueString'] ?? part['valueInteger'] ?? part['valueDateTime'] ?? '');
  };
  return `<p>Bank accounts practitioners share with ${escape(partner)} to be paid, read from the portal now.</p>
<div class="scroll" role="region" aria-label="Shared bank accounts, scrollable" tabindex="0"><table><caption>${shares.length} shared bank account${shares.length === 1 ? '' : 's'}</caption>
<thead><tr><th scope="col">Practitioner</th><th scope="col">HPI-I</th><th scope="col">Account name</th><th scope="col">BSB</th><th scope="col">Account number</th><th scope="col">Shared since</th></tr></thead><tbody>
${shares
  .map((share) => {
    const parts = share.part ?? [];
    return `<tr><td>${escape(value(parts, 'practitioner'))}</td><td>${escape(value(parts, 'hpii'))}</td><td>${escape(value(parts, 'accountName'))}</td><td>${escape(value(parts, 'bsb'))}</td><td>${escape(value(parts, 'accountNumber'))}</td><td>${escape(value(parts, 'sharedAt').slice(0, 10))} (consent version ${escape(value(parts, 'consentVersion'))})</td></tr>`;
  })
  .join('\n')}</tbody></table></div>`;
}

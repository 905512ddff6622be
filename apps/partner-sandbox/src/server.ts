import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRemoteJWKSet, decodeJwt, errors as joseErrors, jwtVerify } from 'jose';
import { PortalError, portalClient, type PortalClient } from './portal-client.ts';

// The partner sandbox (docs/decisions/030-publishing-to-partners.md, "The partner sandbox"): a small web site
// that plays a partner service such as MediFund against the portal's partner API, so a developer (and the
// journeys) can see publication work from the partner's side: what is published to it, a suggested change
// and its outcome, and the online form a task can point to. Development only; it keeps nothing.

export interface SandboxOptions {
  port: number;
  portalUrl: string;
  clientId: string;
  clientSecret: string;
  /** The partner's name on its pages. */
  partnerName: string;
  /** The sandbox's own address as a browser reaches it (its online form's address); by default where it listens. */
  publicUrl?: string;
}

/** The JWT type of the portal's online-form tokens (docs/decisions/025-tasks.md). */
const ONLINE_FORM_TOKEN_TYPE = 'online-form+jwt';

type Json = Record<string, unknown>;

const escape = (value: unknown) =>
  String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function page(title: string, partner: string, body: string): string {
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
<nav aria-label="Sandbox"><a href="/">Published services</a><a href="/practitioners">Practitioners</a><a href="/requests">Suggested changes</a></nav></header>
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

/**
 * A check of the portal's online-form tokens as a partner makes it: the signature against the portal's published
 * key set, the portal as issuer, this partner as audience (both as named in the sandbox's own access token), the
 * token type and expiry. No secret is shared with the portal. Null for a token that fails any of these.
 */
export function onlineFormTokenVerifier(portalUrl: string, portal: PortalClient) {
  const keys = createRemoteJWKSet(new URL('/oauth/jwks', portalUrl));
  return async (token: string): Promise<{ task: string; userId: string; exp: number } | null> => {
    const own = decodeJwt(await portal.accessToken());
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: own.iss!,
        audience: String(own['partner']),
        typ: ONLINE_FORM_TOKEN_TYPE,
        algorithms: ['ES256', 'EdDSA'],
        requiredClaims: ['exp', 'sub', 'task'],
      });
      return { task: String(payload['task']), userId: payload.sub!, exp: payload.exp! };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  };
}

async function formOf(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new PortalError(413, 'The form is too large.');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

const properties = ['Phone', 'AfterHoursPhone', 'Email', 'Fax', 'Website'] as const;

function handler(options: SandboxOptions & { publicUrl: string }, portal: PortalClient) {
  const verifyOnlineFormToken = onlineFormTokenVerifier(options.portalUrl, portal);
  /** Sends the portal a Task about the form's service (a suggestion or a form request), then shows the requests. */
  const sendTask = async (
    response: ServerResponse,
    form: URLSearchParams,
    intent: 'proposal' | 'order',
    input: Json,
  ) => {
    const task = (await portal.fhir('Task', {
      method: 'POST',
      body: {
        resourceType: 'Task',
        status: 'requested',
        intent,
        description: form.get('reason') ?? '',
        focus: { reference: `HealthcareService/${form.get('service') ?? ''}` },
        input: [input],
      },
    })) as { id: string };
    response.writeHead(303, { location: `/requests?sent=${encodeURIComponent(task.id)}` });
    response.end();
  };
  const send = (response: ServerResponse, status: number, title: string, body: string) => {
    response.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
    });
    response.end(page(title, options.partnerName, body));
  };

  return async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://sandbox');
    try {
      if (request.method === 'GET' && url.pathname === '/health') {
        response.writeHead(200, { 'content-type': 'application/json' });
        return response.end('{"status":"ok"}');
      }
      if (request.method === 'GET' && url.pathname === '/') {
        const postcode = (url.searchParams.get('postcode') ?? '').trim();
        let results = '';
        if (postcode) {
          const bundle = (await portal.fhir(
            `HealthcareService?address-postalcode=${encodeURIComponent(postcode)}&_include=HealthcareService:location&_include=HealthcareService:organization&_count=50&_total=accurate`,
          )) as { total?: number; entry?: Array<{ resource: Json; search?: { mode: string } }> };
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
            : `<p role="status">Nothing published to ${escape(options.partnerName)} at ${escape(postcode)}.</p>`;
        }
        return send(
          response,
          200,
          'Published services',
          `<p>What providers publish to ${escape(options.partnerName)}, read through the portal's partner API.</p>
<form method="get" action="/"><label for="postcode">Postcode</label>
<input id="postcode" name="postcode" inputmode="numeric" autocomplete="postal-code" value="${escape(postcode)}">
<button type="submit">Find published services</button></form>${results}`,
        );
      }
      if (url.pathname === '/practitioners' && ['GET', 'POST'].includes(request.method ?? '')) {
        // Asking for a practitioner's personal contact details (docs/product/publishing.md#personal-contact-requests):
        // the portal records the request and tells the practitioner; the details appear here once they choose to
        // share them.
        let said = '';
        if (request.method === 'POST') {
          const id = (await formOf(request)).get('practitioner') ?? '';
          const outcome = (await portal.fhir(
            `Practitioner/${encodeURIComponent(id)}/$request-personal-contact`,
            { method: 'POST' },
          )) as { issue?: Array<{ diagnostics?: string }> };
          said = `<p class="ok" role="status">${escape(outcome.issue?.[0]?.diagnostics ?? 'Asked.')}</p>`;
        }
        const bundle = (await portal.fhir('Practitioner?_count=50&_total=accurate')) as {
          total?: number;
          entry?: Array<{ resource: Json }>;
        };
        const practitioners = (bundle.entry ?? []).map((e) => e.resource);
        const nameOf = (p: Json) => {
          const n = ((p['name'] as Array<{ text?: string; given?: string[]; family?: string }>) ??
            [])[0];
          return n?.text ?? [...(n?.given ?? []), n?.family].filter(Boolean).join(' ');
        };
        const hpii = (p: Json) =>
          ((p['identifier'] as Array<{ system?: string; value?: string }>) ?? []).find((i) =>
            i.system?.includes('/hpii/'),
          )?.value ?? '';
        return send(
          response,
          200,
          'Practitioners',
          `${said}<p>The practitioners published to ${escape(options.partnerName)}. Their personal contact details appear only after ${escape(options.partnerName)} asks for them and the practitioner chooses to share them.</p>${
            practitioners.length
              ? `<div class="scroll" role="region" aria-label="Practitioners, scrollable" tabindex="0"><table><caption>${bundle.total} practitioner${bundle.total === 1 ? '' : 's'} published to ${escape(options.partnerName)}</caption><thead><tr><th scope="col">Name</th><th scope="col">HPI-I</th><th scope="col">Contact</th><th scope="col">Action</th></tr></thead><tbody>${practitioners
                  .map(
                    (p) =>
                      `<tr><td>${escape(nameOf(p))}</td><td>${escape(hpii(p))}</td><td>${telecomOf(p)}</td><td><form method="post" action="/practitioners"><input type="hidden" name="practitioner" value="${escape(p['id'])}"><button type="submit">Ask for personal contact details<span class="vh"> of ${escape(nameOf(p))}</span></button></form></td></tr>`,
                  )
                  .join('')}</tbody></table></div>`
              : `<p>No practitioners are published to ${escape(options.partnerName)}.</p>`
          }`,
        );
      }
      if (request.method === 'GET' && url.pathname === '/suggest') {
        const service = url.searchParams.get('service') ?? '';
        const name = url.searchParams.get('name') ?? 'this service';
        return send(
          response,
          200,
          `Suggest a change to ${name}`,
          `<form method="post" action="/suggest"><input type="hidden" name="service" value="${escape(service)}">
<label for="property">Detail</label><select id="property" name="property">${properties
            .map((p) => `<option value="${p}">${p}</option>`)
            .join('')}</select>
<label for="value">New value</label><input id="value" name="value" required>
<label for="reason">Reason</label><textarea id="reason" name="reason" rows="3" required>Our members told us about this change.</textarea>
<button type="submit">Send suggestion</button></form>`,
        );
      }
      if (request.method === 'POST' && url.pathname === '/suggest') {
        const form = await formOf(request);
        return sendTask(response, form, 'proposal', {
          type: { text: form.get('property') ?? '' },
          valueString: form.get('value') ?? '',
        });
      }
      if (request.method === 'GET' && url.pathname === '/ask-form') {
        const service = url.searchParams.get('service') ?? '';
        const name = url.searchParams.get('name') ?? 'this service';
        return send(
          response,
          200,
          `Ask ${name} to complete a form`,
          `<p>The provider gets a task in Provider Connect that opens ${escape(options.partnerName)}'s online form.</p>
<form method="post" action="/ask-form"><input type="hidden" name="service" value="${escape(service)}">
<label for="reason">Reason</label><textarea id="reason" name="reason" rows="3" required>Please confirm your billing details for our members.</textarea>
<button type="submit">Send form request</button></form>`,
        );
      }
      if (request.method === 'POST' && url.pathname === '/ask-form') {
        const form = await formOf(request);
        return sendTask(response, form, 'order', {
          type: { text: 'OnlineForm' },
          valueUrl: `${options.publicUrl}/online-form`,
        });
      }
      if (request.method === 'GET' && url.pathname === '/requests') {
        const bundle = (await portal.fhir('Task')) as { entry?: Array<{ resource: Json }> };
        const tasks = (bundle.entry ?? []).map((e) => e.resource);
        const sent = url.searchParams.get('sent');
        const status = {
          requested: 'Waiting for the provider',
          completed: 'Accepted',
          rejected: 'Current value kept',
        };
        const isForm = (t: Json) =>
          (t['code'] as { coding?: Array<{ code?: string }> } | undefined)?.coding?.[0]?.code ===
          'fulfill';
        const sentTask = tasks.find((t) => t['id'] === sent);
        return send(
          response,
          200,
          'Suggested changes',
          `${sentTask ? `<p class="ok" role="status">${isForm(sentTask) ? 'Form request' : 'Suggestion'} sent to the provider.</p>` : ''}${
            tasks.length
              ? `<div class="scroll" role="region" aria-label="Suggestions, scrollable" tabindex="0"><table><caption>Suggestions and form requests sent by ${escape(options.partnerName)}</caption><thead><tr><th scope="col">About</th><th scope="col">Suggested</th><th scope="col">Outcome</th><th scope="col">Value now</th></tr></thead><tbody>${tasks
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
          }`,
        );
      }
      if (url.pathname === '/online-form') {
        const token = url.searchParams.get('token') ?? '';
        const claims = await verifyOnlineFormToken(token);
        if (!claims)
          return send(
            response,
            403,
            'This form link is not valid',
            '<p class="error">The link has expired or was not issued by the portal. Open the form again from your task in Provider Connect.</p>',
          );
        if (request.method === 'POST') {
          await formOf(request);
          // The answer is the partner's; the portal is told the form is in, which completes the provider's task.
          await portal.fhir(`Task/${encodeURIComponent(claims.task)}`, {
            method: 'PATCH',
            body: [{ op: 'replace', path: '/status', value: 'completed' }],
          });
          return send(
            response,
            200,
            'Form received',
            `<p class="ok" role="status">Thank you. ${escape(options.partnerName)} received the form for task ${escape(claims.task)}, and your task in Provider Connect is complete.</p>`,
          );
        }
        return send(
          response,
          200,
          `${options.partnerName} online form`,
          `<p>For task ${escape(claims.task)}; this link works until ${escape(new Date(claims.exp * 1000).toISOString())}.</p>
<form method="post" action="/online-form?token=${encodeURIComponent(token)}"><label for="answer">Your answer</label><input id="answer" name="answer" required><button type="submit">Submit form</button></form>`,
        );
      }
      return send(response, 404, 'Not found', '<p>There is no such page in the sandbox.</p>');
    } catch (error) {
      const status = error instanceof PortalError ? error.status : 502;
      const message = error instanceof Error ? error.message : String(error);
      return send(
        response,
        status >= 400 && status < 600 ? status : 502,
        'The portal refused the request',
        `<p class="error" role="alert">${escape(message)}</p>`,
      );
    }
  };
}

/** Starts the sandbox; resolves with its address and a close function. */
export async function startPartnerSandbox(options: SandboxOptions) {
  const portal = portalClient(options);
  // The handler needs the port the server was given (its form's default address), so it is made on listening,
  // before any request can be read.
  const server = createServer((req, res) => {
    void handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const handle = handler({ ...options, publicUrl: options.publicUrl ?? url }, portal);
  return {
    url,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import { STATUS_CODES } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { OnlineFormClaims } from './online-form-token.ts';
import * as pages from './pages.ts';
import { PortalError, type PortalClient } from './portal-client.ts';

// The sandbox's routes (docs/decisions/039-development-services.md): pages and forms a developer (or a journey)
// uses as the partner, each reading or writing the portal through its partner API; JSON only for /health.

export interface SandboxAppOptions {
  portal: Pick<PortalClient, 'fhir'>;
  /** The partner's name on its pages. */
  partnerName: string;
  /** The sandbox's address as a browser reaches it (its online form's address), known once it listens. */
  publicUrl: () => string;
  /** Null for a token that is not the portal's, not addressed to this partner, or expired. */
  verifyOnlineFormToken: (token: string) => Promise<OnlineFormClaims | null>;
}

/** The largest form the sandbox reads. */
const FORM_LIMIT = 64 * 1024;
const PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'";
/** Paths that answer JSON, and so refuse with problem+json (RFC 9457); every other path answers with pages. */
const JSON_PATHS = new Set(['/health']);

/** A form body's schema: every field named is required and a string; an id must not be empty. */
const formOf = (fields: Record<string, object>) => ({
  type: 'object',
  required: Object.keys(fields),
  properties: fields,
});
const text = { type: 'string' };
const id = { type: 'string', minLength: 1 };
const query = (...names: string[]) => ({
  type: 'object',
  properties: Object.fromEntries(names.map((name) => [name, text])),
});

type Json = Record<string, unknown>;

export function buildSandboxApp(options: SandboxAppOptions): FastifyInstance {
  const { portal, partnerName: partner } = options;
  const app = Fastify({ logger: false, bodyLimit: FORM_LIMIT });

  const page = (reply: FastifyReply, status: number, title: string, body: string) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('content-security-policy', PAGE_POLICY)
      .send(pages.layout(title, partner, body));
  const problem = (reply: FastifyReply, status: number, detail: string) =>
    reply
      .code(status)
      .type('application/problem+json')
      .send({ type: 'about:blank', title: STATUS_CODES[status], status, detail });

  // Forms only: the sandbox's pages post application/x-www-form-urlencoded, and it reads nothing else.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  // The methods of each path, for 405 and its Allow header.
  const methods = new Map<string, string[]>();
  app.addHook('onRoute', (route) => {
    methods.set(route.url, [...(methods.get(route.url) ?? []), ...[route.method].flat()]);
  });

  /** Sends the portal a Task about the form's service (a suggestion or a form request), then shows the requests. */
  const sendTask = async (
    reply: FastifyReply,
    form: { service: string; reason: string },
    intent: 'proposal' | 'order',
    input: Json,
  ) => {
    const task = (await portal.fhir('Task', {
      method: 'POST',
      body: {
        resourceType: 'Task',
        status: 'requested',
        intent,
        description: form.reason,
        focus: { reference: `HealthcareService/${form.service}` },
        input: [input],
      },
    })) as { id: string };
    return reply.redirect(`/requests?sent=${encodeURIComponent(task.id)}`, 303);
  };

  app.get('/health', async () => ({ status: 'ok' }));

  app.get<{ Querystring: { postcode?: string } }>(
    '/',
    { schema: { querystring: query('postcode') } },
    async (request, reply) => {
      const postcode = (request.query.postcode ?? '').trim();
      const bundle = postcode
        ? ((await portal.fhir(
            `HealthcareService?address-postalcode=${encodeURIComponent(postcode)}&_include=HealthcareService:location&_include=HealthcareService:organization&_count=50&_total=accurate`,
          )) as pages.Bundle)
        : null;
      return page(
        reply,
        200,
        'Published services',
        pages.publishedServices(partner, postcode, bundle),
      );
    },
  );

  const practitioners = async (reply: FastifyReply, said: string | null) => {
    const bundle = (await portal.fhir('Practitioner?_count=50&_total=accurate')) as pages.Bundle;
    return page(reply, 200, 'Practitioners', pages.practitioners(partner, bundle, said));
  };
  app.get('/practitioners', (_request, reply) => practitioners(reply, null));
  app.post<{ Body: { practitioner: string } }>(
    '/practitioners',
    { schema: { body: formOf({ practitioner: id }) } },
    async (request, reply) => {
      // Asking for a practitioner's personal contact details (docs/product/publishing.md#personal-contact-requests): the portal records the request and
      // tells the practitioner; the details appear here once they choose to share them.
      const outcome = (await portal.fhir(
        `Practitioner/${encodeURIComponent(request.body.practitioner)}/$request-personal-contact`,
        { method: 'POST' },
      )) as { issue?: Array<{ diagnostics?: string }> };
      return practitioners(reply, outcome.issue?.[0]?.diagnostics ?? 'Asked.');
    },
  );

  // The bank accounts practitioners share with the partner (docs/decisions/058-bank-account.md): asked afresh at
  // every visit, so a withdrawn consent is gone on the next.
  app.get('/bank-accounts', async (_request, reply) => {
    const answer = (await portal.fhir('Practitioner/$bank-account')) as pages.Parameters;
    return page(reply, 200, 'Bank accounts', pages.bankAccounts(partner, answer));
  });

  app.get<{ Querystring: { service?: string; name?: string } }>(
    '/suggest',
    { schema: { querystring: query('service', 'name') } },
    async (request, reply) =>
      page(
        reply,
        200,
        `Suggest a change to ${request.query.name ?? 'this service'}`,
        pages.suggestForm(request.query.service ?? ''),
      ),
  );
  app.post<{ Body: { service: string; property: string; value: string; reason: string } }>(
    '/suggest',
    {
      schema: {
        body: formOf({
          service: id,
          property: { enum: pages.properties },
          value: text,
          reason: text,
        }),
      },
    },
    async (request, reply) =>
      sendTask(reply, request.body, 'proposal', {
        type: { text: request.body.property },
        valueString: request.body.value,
      }),
  );

  app.get<{ Querystring: { service?: string; name?: string } }>(
    '/ask-form',
    { schema: { querystring: query('service', 'name') } },
    async (request, reply) =>
      page(
        reply,
        200,
        `Ask ${request.query.name ?? 'this service'} to complete a form`,
        pages.askForm(partner, request.query.service ?? ''),
      ),
  );
  app.post<{ Body: { service: string; reason: string } }>(
    '/ask-form',
    { schema: { body: formOf({ service: id, reason: text }) } },
    async (request, reply) =>
      sendTask(reply, request.body, 'order', {
        type: { text: 'OnlineForm' },
        valueUrl: `${options.publicUrl()}/online-form`,
      }),
  );

  app.get<{ Querystring: { sent?: string } }>(
    '/requests',
    { schema: { querystring: query('sent') } },
    async (request, reply) => {
      const bundle = (await portal.fhir('Task')) as pages.Bundle;
      return page(
        reply,
        200,
        'Suggested changes',
        pages.requests(partner, bundle, request.query.sent),
      );
    },
  );

  // The online form opens, and is taken, only with the portal's token for one of this partner's tasks.
  app.route<{ Querystring: { token?: string } }>({
    method: ['GET', 'POST'],
    url: '/online-form',
    schema: { querystring: query('token') },
    handler: async (request, reply) => {
      const token = request.query.token ?? '';
      const claims = await options.verifyOnlineFormToken(token);
      if (!claims) return page(reply, 403, 'This form link is not valid', pages.formLinkNotValid);
      if (request.method === 'POST') {
        // The answer is the partner's; the portal is told the form is in, which completes the provider's task.
        await portal.fhir(`Task/${encodeURIComponent(claims.task)}`, {
          method: 'PATCH',
          body: [{ op: 'replace', path: '/status', value: 'completed' }],
        });
        return page(reply, 200, 'Form received', pages.formReceived(partner, claims.task));
      }
      return page(reply, 200, `${partner} online form`, pages.onlineForm(token, claims));
    },
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const allowed = methods.get(path);
    if (!allowed)
      return page(reply, 404, 'Not found', '<p>There is no such page in the sandbox.</p>');
    const detail = `${path} answers ${allowed.join(', ')}, not ${request.method}.`;
    reply.header('allow', allowed.join(', '));
    return JSON_PATHS.has(path)
      ? problem(reply, 405, detail)
      : page(reply, 405, 'Method not allowed', pages.errorMessage(detail));
  });

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    // The sandbox's own refusals of a request it cannot use: a form that is not one, too large or incomplete.
    const own = error.statusCode;
    if (!(error instanceof PortalError) && own !== undefined && own >= 400 && own < 500) {
      if (JSON_PATHS.has(request.url.split('?')[0]!)) return problem(reply, own, error.message);
      return page(
        reply,
        own,
        'The sandbox cannot use this request',
        pages.errorMessage(error.message),
      );
    }
    // Everything else is the portal's answer (or its silence), shown with its status.
    const status = error instanceof PortalError ? error.status : 502;
    return page(
      reply,
      status >= 400 && status < 600 ? status : 502,
      'The portal refused the request',
      pages.errorMessage(error.message),
    );
  });

  return app;
}

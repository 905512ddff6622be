import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  fhirApiPaths,
  fhirBankAccount,
  fhirJson,
  fhirRequestPersonalContact,
  fhirXml,
  fhirResourceTypes,
  type FhirResourceType,
} from '@pca/contracts/fhir-paths.ts';
import { maintenanceMessage } from '@pca/contracts/constants.ts';
import type { AppDeps } from '#platform/deps.ts';
import { HttpError } from '#platform/errors.ts';
import {
  CONCURRENT_CHANGE_DETAIL,
  isDatabaseUnavailable,
  isUniqueViolation,
  OUTAGE_RETRY_AFTER_SECONDS,
} from '#lib/database-errors.ts';
import { allowedMethods } from '#platform/http/allowed-methods.ts';
import { utf8JsonParser } from '#platform/http/json-body.ts';
import { PartnerTokenError, partnerTokenService } from '#platform/partner-tokens.ts';
import { capabilityStatement } from './capability-statement.ts';
import { formatOf, handlingOf, xmlWriter, xmlBodyParser } from './formats.ts';
import { subset, subsettingOf } from './subsetting.ts';
import {
  bankAccountDefinition,
  bankAccountDefinitionPath,
  bankAccountReads,
} from './bank-accounts.ts';
import {
  contactRequests,
  definitionPath,
  requestPersonalContactDefinition,
} from './contact-requests.ts';
import { operationOutcome, outcomeOfStatus, type Json } from './resources.ts';
import { FhirConflictError, FhirUnprocessableError, partnerRequests } from './partner-requests.ts';
import {
  canonicalId,
  FhirSearchError,
  fhirService,
  INCLUDE_LIMIT,
  isUuid,
  type PartnerCaller,
  type SearchPage,
} from './service.ts';

const isType = (t: string): t is FhirResourceType =>
  (fhirResourceTypes as readonly string[]).includes(t);

/** The query as FHIR reads it: every parameter a list (a repeated parameter is AND). */
function paramsOf(query: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries((query ?? {}) as Record<string, unknown>))
    out[k] = (Array.isArray(v) ? v : [v]).map(String);
  return out;
}

/**
 * The partner API (docs/decisions/031-fhir-partner-api.md): FHIR R4 reads and searches under /fhir of exactly
 * what was published to the partner whose access token the request carries (issued by /oauth/token to its
 * client system). Every error is an OperationOutcome; an entity not published to the partner is 404, as if it
 * did not exist. Outside the OpenAPI document of /api: the CapabilityStatement describes this API.
 */
export const fhirRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const xml = xmlWriter();
  app.addHook('onClose', () => xml.close());
  /** An answer in the format the request asked for (formats.ts): FHIR JSON, or FHIR XML. */
  const send = async (reply: FastifyReply, status: number, body: Json) => {
    const format = formatOf(reply.request) ?? 'json';
    const payload = await xml.serialise(body, format);
    return reply
      .code(status)
      .type(`${format === 'xml' ? fhirXml : fhirJson}; charset=utf-8`)
      .send(payload);
  };
  const service = fhirService(deps.db);
  const requests = partnerRequests(deps.db, { production: deps.config.env === 'production' });
  const contact = contactRequests(deps.db);
  const bankAccounts = bankAccountReads(deps.db, deps.config.bankAccountKeys);
  const tokens = partnerTokenService(deps);

  // Partners send FHIR JSON under its own media type as well as plain JSON, and JSON Patch (RFC 6902).
  app.addContentTypeParser(
    [fhirJson, 'application/json-patch+json'],
    { parseAs: 'buffer' },
    utf8JsonParser(app),
  );
  app.addContentTypeParser(fhirXml, { parseAs: 'string' }, xmlBodyParser);

  // What a partner reads is published to it alone, and the format follows Accept: no cache keeps it or
  // gives it to another request (the bank accounts' reads already said so; now every answer does).
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store').header('vary', 'Accept, Authorization');
  });

  // A format it cannot answer in is refused before anything else (R4: 406), in JSON.
  app.addHook('onRequest', async (request, reply) => {
    if (formatOf(request) === null)
      return reply
        .code(406)
        .type(`${fhirJson}; charset=utf-8`)
        .send(
          outcomeOfStatus(
            406,
            `This API answers in JSON (_format=json, ${fhirJson}) or XML (_format=xml, ${fhirXml}).`,
          ),
        );
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof PartnerTokenError) {
      reply.header('WWW-Authenticate', error.challenge);
      return send(reply, 401, operationOutcome('login', error.detail ?? error.title));
    }
    if (error instanceof FhirUnprocessableError)
      return send(reply, 422, operationOutcome('processing', error.message));
    if (error instanceof FhirConflictError)
      return send(reply, 409, operationOutcome('conflict', error.message));
    if (error instanceof FhirSearchError)
      return send(reply, 400, operationOutcome(error.code, error.message));
    if (error instanceof HttpError)
      return send(reply, error.status, outcomeOfStatus(error.status, error.detail ?? error.title));
    const { statusCode: status, message } = error as { statusCode?: number; message?: string };
    if (status === 415)
      return send(
        reply,
        415,
        outcomeOfStatus(
          415,
          `Send ${fhirJson} or application/json, and a PATCH as application/json-patch+json.`,
        ),
      );
    if (status && status >= 400 && status < 500)
      return send(reply, status, outcomeOfStatus(status, message ?? 'The request is not valid.'));
    // As the portal API answers them (app/error-handler.ts, docs/decisions/010-outages-and-shutdown.md and
    // 008): an unreachable database is an outage to retry, a unique constraint's refusal a conflict.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS));
      return send(reply, 503, operationOutcome('transient', maintenanceMessage));
    }
    if (isUniqueViolation(error)) {
      request.log.warn({ err: error }, 'unique violation answered as a conflict');
      return send(reply, 409, operationOutcome('conflict', CONCURRENT_CHANGE_DETAIL));
    }
    request.log.error({ err: error }, 'partner API failure');
    return send(reply, 500, operationOutcome('exception', 'The server could not answer.', 'fatal'));
  });
  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0]!;
    // A type or instance the API serves, asked with a method it does not take (a write to a read-only
    // type): 405 with Allow, as the portal API answers, not "nothing here".
    const allow = allowedMethods(app, path);
    if (allow.length > 0 && !allow.includes(request.method)) {
      reply.header('allow', allow.join(', '));
      return send(
        reply,
        405,
        operationOutcome(
          'not-supported',
          `${path} accepts ${allow.join(', ')}, not ${request.method}.`,
        ),
      );
    }
    return send(reply, 404, operationOutcome('not-found', `No ${request.method} ${path} here.`));
  };
  app.setNotFoundHandler(notFound);
  // Every other address under /fhir — an operation or history the API does not offer, an id longer than
  // the router takes — is the partner API's 404 too, not the portal's page (the app's `/*`).
  app.all('/*', { schema: { hide: true } }, notFound);

  const partnerOf = (request: FastifyRequest): Promise<PartnerCaller> =>
    tokens.verify(request.headers.authorization);

  // Links and fullUrls are built on the portal's configured address, not the request's Host header, which
  // the caller chooses (and which names the proxy's inside address behind one).
  const fhirBase = `${deps.config.publicUrl}${fhirApiPaths.base}`;

  /**
   * A search's Bundle: its matches and what they include, the total when known, and self, first, next and
   * previous links that repeat the parameters it applied with `_offset` moved. An include or revinclude cut at
   * INCLUDE_LIMIT (`cut`) is said in an OperationOutcome entry (search mode `outcome`), as R4 has a searchset
   * carry warnings, so a partner never takes a cut list for the whole.
   */
  const searchset = (
    type: string,
    page: SearchPage,
    matches: Json[],
    included: Json[],
    cut: string[] = [],
  ): Json => {
    const link = (offset: number) => {
      const q = new URLSearchParams();
      for (const [k, values] of Object.entries(page.applied))
        if (k !== '_offset') for (const v of values) q.append(k, v);
      if (offset > 0) q.set('_offset', String(offset));
      const query = q.toString();
      return `${fhirBase}/${type}${query ? `?${query}` : ''}`;
    };
    const links = [
      { relation: 'self', url: link(page.offset) },
      { relation: 'first', url: link(0) },
    ];
    if (page.count > 0 && page.more)
      links.push({ relation: 'next', url: link(page.offset + page.count) });
    if (page.offset > 0)
      links.push({ relation: 'previous', url: link(Math.max(0, page.offset - page.count)) });
    const entry = (resource: Json, mode: 'match' | 'include') => ({
      fullUrl: `${fhirBase}/${String(resource['resourceType'])}/${String(resource['id'])}`,
      resource,
      search: { mode },
    });
    return {
      resourceType: 'Bundle',
      type: 'searchset',
      // Optional in a searchset: only when asked for (_total) or shown by the page itself.
      ...(page.total === null ? {} : { total: page.total }),
      link: links,
      entry: [
        ...matches.map((r) => entry(r, 'match')),
        ...included.map((r) => entry(r, 'include')),
        ...(cut.length
          ? [
              {
                fullUrl: `urn:uuid:${randomUUID()}`,
                resource: operationOutcome(
                  'incomplete',
                  `${cut.join(', ')} added the first ${INCLUDE_LIMIT} resources and left out the rest. Ask for fewer matches a page (_count), or search the included type by its reference to the matches (e.g. PractitionerRole?service=…) and page through it.`,
                  'warning',
                ),
                search: { mode: 'outcome' },
              },
            ]
          : []),
      ],
    };
  };

  app.get('/metadata', { schema: { hide: true } }, async (request, reply) =>
    send(reply, 200, capabilityStatement(fhirBase)),
  );

  app.get(definitionPath, { schema: { hide: true } }, async (request, reply) =>
    send(reply, 200, requestPersonalContactDefinition(fhirBase)),
  );

  app.get(bankAccountDefinitionPath, { schema: { hide: true } }, async (request, reply) =>
    send(reply, 200, bankAccountDefinition(fhirBase)),
  );

  // A payer reads the bank accounts practitioners share with it, only while shared
  // (docs/decisions/058-bank-account.md): every read asks the database, so a withdrawal holds at once.
  app.get(
    `/Practitioner/$${fhirBankAccount.name}`,
    { schema: { hide: true } },
    async (request, reply) => {
      const partner = await partnerOf(request);
      const answer = await bankAccounts.list(partner, (practitionerId) =>
        request.log.error({ practitionerId }, 'a shared bank account does not decrypt'),
      );
      return send(reply, 200, answer);
    },
  );
  app.get<{ Params: { id: string } }>(
    `/Practitioner/:id/$${fhirBankAccount.name}`,
    { schema: { hide: true } },
    async (request, reply) => {
      const partner = await partnerOf(request);
      const id = canonicalId(request.params.id);
      const answer = await bankAccounts.read(partner, id);
      if (!answer)
        return send(
          reply,
          404,
          operationOutcome(
            'not-found',
            `No bank account of Practitioner/${id} is shared with you.`,
          ),
        );
      return send(reply, 200, answer);
    },
  );

  // A partner asks for a practitioner's personal contact details
  // (docs/product/publishing.md#personal-contact-requests).
  app.post<{ Params: { id: string } }>(
    `/Practitioner/:id/$${fhirRequestPersonalContact.name}`,
    { schema: { hide: true } },
    async (request, reply) => {
      const partner = await partnerOf(request);
      const id = canonicalId(request.params.id);
      const outcome = await contact.request(partner, id, request.id);
      if (!outcome)
        return send(reply, 404, operationOutcome('not-found', `Practitioner/${id} is not known.`));
      return send(reply, 200, outcome);
    },
  );

  // Partners talk back: suggested changes (Task), their outcomes, notifications (Communication).
  app.post('/Task', { schema: { hide: true } }, async (request, reply) => {
    const partner = await partnerOf(request);
    const task = await requests.submit(partner, request.body, request.id);
    reply.header('Location', `${fhirBase}/Task/${String(task['id'])}`);
    return send(reply, 201, task);
  });
  app.get('/Task', { schema: { hide: true } }, async (request, reply) => {
    const partner = await partnerOf(request);
    const found = await requests.tasks(partner, paramsOf(request.query));
    return send(reply, 200, searchset('Task', found, found.matches, []));
  });
  /** One of the partner's tasks, or 404: another partner's request does not exist for it. */
  const sendTask = (reply: FastifyReply, id: string, task: Json | null) =>
    task
      ? send(reply, 200, task)
      : send(reply, 404, operationOutcome('not-found', `Task/${id} is not known.`));
  app.get<{ Params: { id: string } }>(
    '/Task/:id',
    { schema: { hide: true } },
    async (request, reply) => {
      const partner = await partnerOf(request);
      const id = canonicalId(request.params.id);
      return sendTask(reply, id, isUuid(id) ? await requests.taskResource(partner, id) : null);
    },
  );
  // The partner reports its online form completed.
  app.patch<{ Params: { id: string } }>(
    '/Task/:id',
    { schema: { hide: true } },
    async (request, reply) => {
      const partner = await partnerOf(request);
      const id = canonicalId(request.params.id);
      return sendTask(
        reply,
        id,
        isUuid(id) ? await requests.complete(partner, id, request.body, request.id) : null,
      );
    },
  );
  app.post('/Communication', { schema: { hide: true } }, async (request, reply) => {
    const partner = await partnerOf(request);
    return send(reply, 201, await requests.notify(partner, request.body, request.id));
  });

  app.get<{ Params: { type: string } }>(
    '/:type',
    { schema: { hide: true } },
    async (request, reply) => {
      const { type } = request.params;
      if (!isType(type))
        return send(
          reply,
          404,
          operationOutcome('not-supported', `This API has no resource type '${type}'.`),
        );
      const partner = await partnerOf(request);
      const params = paramsOf(request.query);
      const handling = handlingOf(request.headers.prefer);
      if (handling) reply.header('preference-applied', `handling=${handling}`);
      const answer = await service.search(partner, type, params, handling ?? 'strict');
      return send(reply, 200, searchset(type, answer, answer.matches, answer.included, answer.cut));
    },
  );

  app.get<{ Params: { type: string; id: string } }>(
    '/:type/:id',
    { schema: { hide: true } },
    async (request, reply) => {
      const { type } = request.params;
      const id = canonicalId(request.params.id);
      if (!isType(type))
        return send(
          reply,
          404,
          operationOutcome('not-supported', `This API has no resource type '${type}'.`),
        );
      const partner = await partnerOf(request);
      const shape = subsettingOf(paramsOf(request.query));
      const resource = await service.read(partner, type, id);
      if (!resource)
        return send(reply, 404, operationOutcome('not-found', `${type}/${id} is not known.`));
      return send(reply, 200, subset(resource, shape.subsetting));
    },
  );
};

import fc from 'fast-check';
import { Fhir } from 'fhir';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import {
  clientSystemsApiPaths,
  IssuedClientSecret,
  OAuthError,
  partnerOAuthPaths,
} from '@pca/contracts';
import { auditEvents } from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { authorisationMatrix, identities, type MatrixCase } from './authorisation-matrix.ts';
import { type BaseRequest, encode, type FuzzRequest, mutations } from './fuzz-mutations.ts';
import {
  arbitraryOf,
  hostileEncoded,
  hostileStrings,
  type JsonSchema,
} from './schema-arbitraries.ts';
import { openSessionFor } from './sessions.ts';
import { plantCredentialDocuments } from '../test/credential-documents.ts';
import { plantImportRuns } from '../test/practitioner-role-import.ts';

// The fuzz of every route (docs/decisions/012-reliability-suite.md, amended by
// docs/decisions/054-canonical-ids-and-oauth-errors.md): the operations are the app's route table — the partner
// API under /fhir, the OAuth endpoints and every route the OpenAPI document leaves out included — with the
// document's schemas where it has them. Each operation gets every mutation of fuzz-mutations.ts applied to a known
// good request (FUZZ_MUTATIONS=n keeps the first n), then FUZZ_RUNS schema-driven requests. Reproduce a run
// with FUZZ_SEED=<the printed seed> (FUZZ_ONLY=<part of an operation's key> for that operation alone).

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
/** Mutations of the catalogue per operation (default: all of them, at least 50 each). */
const MUTATIONS_PER_OPERATION = Number(process.env.FUZZ_MUTATIONS ?? Infinity);
/** Schema-driven requests per operation, after the catalogue. */
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 12);
/** Only the operations whose key holds this text (`FUZZ_ONLY=/oauth/`), to replay a finding quickly. */
const ONLY = process.env.FUZZ_ONLY ?? '';

/** Who calls: two demo identities, a partner (bearer access token), a partner's client (HTTP Basic), nobody. */
type Caller = 'alice' | 'priya' | 'partner' | 'client' | 'anonymous';
/** What an error answer must be: a problem document, a FHIR OperationOutcome, or RFC 6749 §5.2's error. */
type ErrorShape = 'problem' | 'fhir' | 'oauth';

interface Operation {
  key: string;
  method: string;
  path: string;
  inDocument: boolean;
  shape: ErrorShape;
  callers: Caller[];
  pathParams: Array<{ name: string; schema?: JsonSchema }>;
  queryParams: Array<{ name: string; schema: JsonSchema; required: boolean }>;
  /** The JSON schema of the body, when the document gives one. */
  body?: JsonSchema;
  /** The body's media type (first the document declares; JSON by default). */
  contentType?: string;
}

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
};

let t: TestApp;
const routeTable: Array<{ method: string; url: string }> = [];
const headersOf = new Map<Exclude<Caller, 'anonymous'>, Record<string, string>>();
/** The fuzz's own client system's credentials, for token requests that send them in the form. */
let clientCredentials = { client_id: '', client_secret: '' };
/** A task the partner asked for, so that /fhir/Task/{id} has a good id. */
let partnerTaskId = '';

const surryHillsGp = demoIds.healthcareService('surry-hills-gp');

beforeAll(async () => {
  // Rate limits are raised out of the way: the fuzz is about answers, not about throttling.
  t = await createTestApp(
    { RATE_LIMITS: 'false' },
    {
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat())
          if (method !== 'HEAD') routeTable.push({ method, url: route.url });
      },
    },
  );
  await t.app.ready();
  await plantCredentialDocuments(t);
  await plantImportRuns(t);
  headersOf.set('alice', t.bearer(await t.tokenFor(identities.alice)));
  headersOf.set('priya', t.bearer(await t.tokenFor(identities.priya)));
  // MediFund's client system, registered as the operator does, and its access token.
  const registered = await t.app.inject({
    method: 'POST',
    url: clientSystemsApiPaths.register,
    headers: headersOf.get('priya'),
    payload: { partnerServiceId: demoIds.partnerService('medifund'), name: 'Fuzz client' },
  });
  const issued = IssuedClientSecret.parse(registered.json());
  clientCredentials = { client_id: issued.clientId, client_secret: issued.clientSecret };
  const basic = Buffer.from(`${issued.clientId}:${issued.clientSecret}`).toString('base64');
  headersOf.set('client', { authorization: `Basic ${basic}` });
  const token = await t.app.inject({
    method: 'POST',
    url: partnerOAuthPaths.token,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headersOf.get('client') },
    payload: 'grant_type=client_credentials',
  });
  headersOf.set('partner', {
    authorization: `Bearer ${(token.json() as { access_token: string }).access_token}`,
  });
  const task = await t.app.inject({
    method: 'POST',
    url: '/fhir/Task',
    headers: { ...headersOf.get('partner'), 'content-type': 'application/fhir+json' },
    payload: JSON.stringify(onlineFormTask),
  });
  partnerTaskId = (task.json() as { id: string }).id;
}, 180_000);
afterAll(() => t?.close());

const onlineFormTask = {
  resourceType: 'Task',
  status: 'requested',
  intent: 'order',
  description: 'Please confirm your billing details',
  focus: { reference: `HealthcareService/${surryHillsGp}` },
  input: [{ type: { text: 'OnlineForm' }, valueUrl: 'https://forms.medifund.example.com.au/f' }],
};

/** Good requests of the routes the OpenAPI document leaves out (the partner API), by operation. */
const outsideDocument = (): Record<string, Partial<BaseRequest>> => ({
  'GET /fhir/{type}': {
    params: { type: 'HealthcareService' },
    query: { 'address-postalcode': '2010' },
  },
  'GET /fhir/{type}/{id}': { params: { type: 'HealthcareService', id: surryHillsGp } },
  'GET /fhir/Task': { query: { status: 'requested' } },
  'GET /fhir/Task/{id}': { params: { id: partnerTaskId } },
  'PATCH /fhir/Task/{id}': {
    params: { id: partnerTaskId },
    body: [{ op: 'replace', path: '/status', value: 'completed' }],
    contentType: 'application/json-patch+json',
  },
  'POST /fhir/Task': {
    body: {
      ...onlineFormTask,
      intent: 'proposal',
      input: [{ type: { text: 'Phone' }, valueString: '0291110000' }],
    },
    contentType: 'application/fhir+json',
  },
  'POST /fhir/Communication': {
    body: {
      resourceType: 'Communication',
      status: 'completed',
      recipient: [{ reference: `Practitioner/${demoIds.practitioner('alice')}` }],
      topic: { text: 'Fuzz' },
      payload: [{ contentString: '<p>Hello</p>' }],
    },
    contentType: 'application/fhir+json',
  },
  'POST /fhir/Practitioner/{id}/$request-personal-contact': {
    params: { id: demoIds.practitioner('alice') },
  },
  'GET /fhir/Practitioner/{id}/$bank-account': { params: { id: demoIds.practitioner('alice') } },
});

/** The route table with the OpenAPI document's schemas where it has them. */
function operationsOf(doc: OpenApi): Operation[] {
  const seen = new Set<string>();
  const operations: Operation[] = [];
  for (const route of routeTable) {
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    const key = `${route.method} ${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const op = doc.paths[path]?.[route.method.toLowerCase()];
    const content = op?.requestBody?.content ?? {};
    const [contentType] = Object.keys(content);
    const shape: ErrorShape =
      key === `POST ${partnerOAuthPaths.token}`
        ? 'oauth'
        : path.startsWith('/fhir')
          ? 'fhir'
          : 'problem';
    operations.push({
      key,
      method: route.method,
      path,
      inDocument: Boolean(op),
      shape,
      callers:
        shape === 'fhir'
          ? ['partner', 'partner', 'partner', 'anonymous']
          : shape === 'oauth'
            ? ['anonymous', 'client']
            : ['alice', 'alice', 'priya', 'priya', 'anonymous'],
      pathParams: [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
        name: name!,
        schema: op?.parameters?.find((p) => p.in === 'path' && p.name === name)?.schema,
      })),
      queryParams: (op?.parameters ?? [])
        .filter((p) => p.in === 'query')
        .map((p) => ({ name: p.name, schema: p.schema, required: Boolean(p.required) })),
      ...(contentType ? { contentType, body: content[contentType]!.schema } : {}),
    });
  }
  return operations;
}

/** Known good values by parameter or property name, gathered from the authorisation table. */
function samplesFromMatrix(): Record<string, string[]> {
  const samples: Record<string, Set<string>> = {};
  const add = (name: string, value: unknown) => {
    if (typeof value !== 'string') return;
    (samples[name] ??= new Set()).add(value);
  };
  for (const cases of Object.values(authorisationMatrix))
    for (const c of cases) {
      for (const [k, v] of Object.entries({ ...c.params, ...c.query })) add(k, v);
      const body = typeof c.body === 'function' ? c.body('alice') : c.body;
      if (body && typeof body === 'object')
        for (const [k, v] of Object.entries(body as Record<string, unknown>)) add(k, v);
    }
  return Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, [...v]]));
}

/** The case of the table the fuzz starts from: one Alice or Priya may call, else the first. */
function goodCase(op: Operation): MatrixCase | undefined {
  const cases = authorisationMatrix[op.key] ?? [];
  const callable = (c: MatrixCase) =>
    c.allow === 'public' ||
    c.allow === 'signed-in' ||
    c.allow.includes('alice') ||
    c.allow.includes('priya');
  return cases.find(callable) ?? cases[0];
}

/** The caller the good request is for: the partner, the token endpoint's client, or whom the table allows. */
function ownerOf(op: Operation): Caller {
  if (op.shape !== 'problem') return op.callers[0]!;
  const allow = goodCase(op)?.allow ?? 'public';
  if (allow === 'public') return 'anonymous';
  if (allow === 'signed-in' || allow.includes('alice')) return 'alice';
  return allow.includes('priya') ? 'priya' : op.callers[0]!;
}

function baseRequest(op: Operation, caller: Caller, headers: Record<string, string>): BaseRequest {
  if (op.shape === 'oauth') {
    // A good token request: the client authenticated by HTTP Basic, or (nobody's header) in the form.
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      ...(caller === 'client' ? { scope: 'system/*.read' } : clientCredentials),
    });
    return {
      method: op.method,
      path: op.path,
      params: {},
      query: {},
      queryNames: [],
      body: form.toString(),
      contentType: 'application/x-www-form-urlencoded',
      headers,
    };
  }
  const c = goodCase(op);
  const outside = outsideDocument()[op.key] ?? {};
  const body =
    c && 'body' in c
      ? typeof c.body === 'function'
        ? c.body(caller === 'priya' ? 'priya' : 'alice')
        : c.body
      : outside.body;
  const caseType = c?.headers?.['content-type'];
  return {
    method: op.method,
    path: op.path,
    params: { ...outside.params, ...c?.params },
    query: { ...outside.query, ...c?.query },
    queryNames: op.queryParams.map((p) => p.name),
    body,
    contentType:
      body === undefined
        ? undefined
        : (caseType ?? outside.contentType ?? op.contentType ?? 'application/json'),
    headers: { ...headers, ...c?.headers },
  };
}

/** A valid body from the table with one field replaced: the likeliest way for bad text to reach the database. */
function mutatedValidBodies(base: BaseRequest): fc.Arbitrary<unknown> | null {
  const body = base.body;
  if (!body || typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body))
    return null;
  const fields = body as Record<string, unknown>;
  const keys = Object.keys(fields);
  if (!keys.length) return null;
  return fc
    .tuple(
      fc.nat(),
      fc.oneof(
        fc.constantFrom(...hostileStrings),
        fc.string({ unit: 'binary', maxLength: 30 }),
        fc.string({ unit: 'grapheme', maxLength: 30 }),
      ),
      fc.boolean(),
    )
    .map(([n, value, wrap]) => {
      const field = keys[n % keys.length]!;
      const original = fields[field];
      // Sometimes the hostile part hides inside a plausible value.
      const hostile = wrap && typeof original === 'string' ? `${original}${value}` : value;
      return { ...fields, [field]: hostile };
    });
}

/** A generated value as a URL part (JSON when it is not text). */
const encodePart = (value: unknown) =>
  encode(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** Schema-driven requests: valid-ish values and hostile ones for every parameter and the body. */
function generated(
  op: Operation,
  base: BaseRequest,
  samples: Record<string, string[]>,
): fc.Arbitrary<FuzzRequest> {
  const pathArbs = op.pathParams.map((p) =>
    fc.oneof(
      {
        arbitrary: fc
          .constantFrom(...(samples[p.name] ?? [base.params[p.name] ?? 'x']))
          .map(encodeURIComponent),
        weight: 4,
      },
      { arbitrary: arbitraryOf(p.schema, samples, p.name).map(encodePart), weight: 3 },
      { arbitrary: fc.constantFrom(...hostileEncoded), weight: 2 },
    ),
  );
  const queryArbs = op.queryParams.map((p) =>
    fc.option(
      fc.oneof(
        { arbitrary: arbitraryOf(p.schema, samples, p.name).map(encodePart), weight: 4 },
        { arbitrary: fc.constantFrom(...hostileEncoded), weight: 1 },
      ),
      { freq: p.required ? 10 : 3 },
    ),
  );
  const takesBody = op.body !== undefined || base.body !== undefined;
  const fromSchema = takesBody ? arbitraryOf(op.body, samples) : fc.constant(undefined);
  const mutated = mutatedValidBodies(base);
  const bodyArb = mutated ? fc.oneof(fromSchema, mutated) : fromSchema;
  const form = base.contentType?.startsWith('application/x-www-form-urlencoded') ?? false;
  return fc
    .record({
      path: fc.tuple(...pathArbs),
      query: fc.tuple(...queryArbs),
      body: bodyArb,
      repeatedQuery: fc.boolean(),
    })
    .map(({ path, query, body, repeatedQuery }) => {
      let i = 0;
      const url = op.path.replace(/\{\w+\}/g, () => path[i++] as string);
      const pairs = op.queryParams.flatMap((p, j) =>
        query[j] === null ? [] : [`${p.name}=${query[j]}`],
      );
      // The same parameter twice arrives as an array: a type a handler may not expect.
      if (repeatedQuery && pairs.length) pairs.push(pairs[0]!);
      const payload =
        body === undefined
          ? undefined
          : form && body && typeof body === 'object'
            ? new URLSearchParams(
                Object.entries(body).map(([k, v]): [string, string] => [
                  k,
                  typeof v === 'string' ? v : (JSON.stringify(v) ?? ''),
                ]),
              ).toString()
            : JSON.stringify(body);
      return {
        mutation: 'generated',
        method: op.method,
        url: pairs.length ? `${url}?${pairs.join('&')}` : url,
        headers: {
          ...base.headers,
          ...(payload === undefined
            ? {}
            : { 'content-type': base.contentType ?? 'application/json' }),
        },
        ...(payload === undefined ? {} : { payload }),
      };
    });
}

interface Finding {
  operation: string;
  mutation: string;
  caller: Caller;
  url: string;
  body: string;
  status: number;
  problem: string;
}

const problemOf = (
  headers: Record<string, unknown>,
  text: string,
  status: number,
): string | null => {
  if (!String(headers['content-type'] ?? '').startsWith('application/problem+json'))
    return `content-type ${String(headers['content-type'])}`;
  try {
    const p = JSON.parse(text) as { type?: unknown; title?: unknown; status?: unknown };
    if (typeof p.type !== 'string' || typeof p.title !== 'string' || p.status !== status)
      return 'problem without type/title/status';
  } catch {
    return 'problem body is not JSON';
  }
  return null;
};

/**
 * A FHIR OperationOutcome, in JSON or — when the request asked for XML (`Accept: application/xml`, `_format=xml`;
 * docs/decisions/073-hcpd-search.md) — in FHIR XML.
 */
const outcomeOf = (headers: Record<string, unknown>, text: string): string | null => {
  const type = String(headers['content-type'] ?? '');
  if (type.startsWith('application/fhir+xml'))
    try {
      const o = new Fhir().xmlToObj(text) as { resourceType?: unknown; issue?: unknown };
      return o.resourceType === 'OperationOutcome' && Array.isArray(o.issue)
        ? null
        : 'not an OperationOutcome';
    } catch {
      return 'OperationOutcome is not FHIR XML';
    }
  if (!type.startsWith('application/fhir+json')) return `content-type ${type}`;
  try {
    const o = JSON.parse(text) as { resourceType?: unknown; issue?: unknown };
    return o.resourceType === 'OperationOutcome' && Array.isArray(o.issue)
      ? null
      : 'not an OperationOutcome';
  } catch {
    return 'OperationOutcome is not JSON';
  }
};

/** RFC 6749 §5.2: JSON with a registered `error` code, never cached (a 429 stays a problem, decision 009). */
const oauthErrorOf = (
  headers: Record<string, unknown>,
  text: string,
  status: number,
): string | null => {
  if (status === 429) return problemOf(headers, text, status);
  if (status !== 400 && status !== 401) return `status ${status} is not one of §5.2`;
  if (!String(headers['content-type'] ?? '').startsWith('application/json'))
    return `content-type ${String(headers['content-type'])}`;
  if (headers['cache-control'] !== 'no-store') return 'cacheable OAuth error';
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    if (!OAuthError.strict().safeParse(body).success) return 'not RFC 6749 §5.2’s error';
  } catch {
    return 'OAuth error body is not JSON';
  }
  return null;
};

const wrongAnswer = (
  op: Operation,
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
) => {
  if (res.statusCode >= 500) return `${res.statusCode}`;
  if (res.statusCode < 400) return null;
  if (op.shape === 'oauth') return oauthErrorOf(res.headers, res.body, res.statusCode);
  if (op.shape === 'fhir') return outcomeOf(res.headers, res.body);
  return problemOf(res.headers, res.body, res.statusCode);
};

const preview = (value: unknown) => {
  const text =
    value === undefined
      ? ''
      : Buffer.isBuffer(value)
        ? `<${value.length} bytes>`
        : typeof value === 'string'
          ? value
          : (JSON.stringify(value) ?? '');
  return text.length > 160 ? `${text.slice(0, 160)}… (${text.length} chars)` : text;
};

/**
 * Every text column of every table: no control character other than tab, LF and CR, and no U+FFFD
 * (what a lone surrogate becomes when a driver encodes it). JSON columns are scanned in their text form.
 */
async function invalidStoredText(db: TestApp['db']) {
  const columns = (await db.execute(sql`
    select table_name, column_name, data_type from information_schema.columns
     where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json')
     order by table_name, column_name`)) as unknown as {
    rows: Array<{ table_name: string; column_name: string; data_type: string }>;
  };
  const badText = '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFD]';
  const badJson = '\\\\u00(0[0-8bcef]|1[0-9a-f])|\\\\ufffd|\uFFFD';
  const stored: string[] = [];
  for (const c of columns.rows) {
    const json = c.data_type.startsWith('json');
    const column = sql.raw(`"${c.column_name}"${json ? '::text' : ''}`);
    const table = sql.raw(`"${c.table_name}"`);
    const found = (await db.execute(
      sql`select count(*)::int as n from ${table} where ${column} ~* ${json ? badJson : badText}`,
    )) as unknown as { rows: Array<{ n: number }> };
    const n = Number(found.rows[0]?.n ?? 0);
    if (n > 0) stored.push(`${c.table_name}.${c.column_name}: ${n} rows`);
  }
  return { stored, scanned: columns.rows.length };
}

describe('route-table fuzz', () => {
  it('never answers 5xx, answers every error in its route’s shape, stores no invalid text', async () => {
    const started = performance.now();
    const doc = t.app.swagger() as OpenApi;
    const all = operationsOf(doc);
    const operations = all.filter((op) => op.key.includes(ONLY));
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    // The route table holds every operation of the document, and the fuzz every route of the table.
    expect(documented.filter((key) => !all.some((op) => op.key === key))).toEqual([]);
    const outside = all.filter((op) => !op.inDocument).map((op) => op.key);
    const samples = samplesFromMatrix();
    const findings: Finding[] = [];
    const statuses = new Map<number, number>();
    const perOperation = new Map<string, number>();
    /** Requests of the catalogue by operation (the rest are generated). */
    const catalogued = new Map<string, number>();
    /** Milliseconds spent by mutation, for the slowest ones in the report. */
    const spent = new Map<string, number>();
    let requests = 0;
    console.info(
      `fuzz: seed ${SEED} (reproduce with FUZZ_SEED=${SEED}), ${operations.length} operations × ` +
        `(the catalogue${Number.isFinite(MUTATIONS_PER_OPERATION) ? `, at most ${MUTATIONS_PER_OPERATION}` : ''} + ${RUNS_PER_OPERATION} generated) ` +
        `(${outside.length} outside the OpenAPI document: ${outside.join(', ')})`,
    );
    const random = fc.sample(fc.nat(), { seed: SEED, numRuns: 1 })[0]!;
    for (const [index, op] of operations.entries()) {
      const fresh = authorisationMatrix[op.key]?.some((c) => c.freshSession) ?? false;
      // The catalogue, each mutation as one of the operation's callers in turn (or as the owner of its good
      // request); then RUNS_PER_OPERATION generated requests.
      const owner = ownerOf(op);
      const planned: Array<{ caller: Caller; input: FuzzRequest }> = [];
      mutations.forEach((mutation, n) => {
        const caller =
          mutation.as === 'owner' ? owner : op.callers[(n + random) % op.callers.length]!;
        const base = baseRequest(op, caller, caller === 'anonymous' ? {} : headersOf.get(caller)!);
        for (const input of mutation.apply(base)) planned.push({ caller, input });
      });
      planned.splice(MUTATIONS_PER_OPERATION);
      const rest = RUNS_PER_OPERATION;
      if (rest > 0) {
        const callers = fc.sample(fc.constantFrom(...op.callers), {
          seed: SEED + index,
          numRuns: rest,
        });
        const inputs = new Map<Caller, FuzzRequest[]>();
        for (const caller of new Set(callers)) {
          const base = baseRequest(
            op,
            caller,
            caller === 'anonymous' ? {} : headersOf.get(caller)!,
          );
          inputs.set(
            caller,
            fc.sample(generated(op, base, samples), { seed: SEED + index, numRuns: rest }),
          );
        }
        callers.forEach((caller, n) => planned.push({ caller, input: inputs.get(caller)![n]! }));
      }
      for (const plannedRequest of planned) {
        const { caller } = plannedRequest;
        let { input } = plannedRequest;
        // A call that ends its session needs a new one each time (unless the mutation replaced it).
        if (fresh && (caller === 'alice' || caller === 'priya'))
          if (input.headers['authorization'] === headersOf.get(caller)!['authorization'])
            input = {
              ...input,
              headers: {
                ...input.headers,
                ...t.bearer(await openSessionFor(t.db, identities[caller])),
              },
            };
        const send = (url: string) =>
          t.app.inject({
            method: input.method as 'GET',
            url,
            headers: input.headers,
            ...(input.payload === undefined ? {} : { payload: input.payload }),
          });
        const sentAt = performance.now();
        const res = await send(input.url);
        spent.set(input.mutation, (spent.get(input.mutation) ?? 0) + performance.now() - sentAt);
        requests++;
        perOperation.set(op.key, (perOperation.get(op.key) ?? 0) + 1);
        if (input.mutation !== 'generated')
          catalogued.set(op.key, (catalogued.get(op.key) ?? 0) + 1);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        let wrong = wrongAnswer(op, res);
        // A read with its ids in another case answers as the read with them as given.
        if (!wrong && input.sameAs) {
          const same = await send(input.sameAs);
          requests++;
          if (same.statusCode !== res.statusCode)
            wrong = `case of the id: ${same.statusCode} as given, ${res.statusCode} recased`;
        }
        if (wrong)
          findings.push({
            operation: op.key,
            mutation: input.mutation,
            caller,
            url: input.url.length > 200 ? `${input.url.slice(0, 200)}…` : input.url,
            body: preview(input.payload),
            status: res.statusCode,
            problem: `${wrong}: ${res.body.slice(0, 120)}`,
          });
      }
    }

    const { stored, scanned } = await invalidStoredText(t.db);

    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
    const fiveHundreds = findings.filter((f) => f.status >= 500).length;
    const fewest = Math.min(...perOperation.values());
    const fewestMutations = Math.min(...operations.map((op) => catalogued.get(op.key) ?? 0));
    const pathMutations = mutations.filter((m) => m.name.startsWith('path:')).length;
    console.info(
      `fuzz: ${requests} requests over ${operations.length} operations in ${seconds} s (seed ${SEED}); ` +
        `${mutations.length} mutations in the catalogue (${mutations.length - pathMutations} without path parameters), ` +
        `at least ${fewestMutations} of them and ${fewest} requests in all per operation; ` +
        `statuses ${byStatus.join(' ')}; ${fiveHundreds} 5xx, ${findings.length - fiveHundreds} other findings, ` +
        `${stored.length} columns with invalid stored text (${scanned} scanned)`,
    );
    const grouped = new Map<string, Finding[]>();
    for (const f of findings) {
      const key = `${f.operation} → ${f.status}`;
      grouped.set(key, [...(grouped.get(key) ?? []), f]);
    }
    for (const [key, list] of grouped) {
      const f = list[0]!;
      console.info(
        `  ${key} (${list.length}×), e.g. ${f.mutation} as ${f.caller}: ${f.url} body ${f.body} → ${f.problem}`,
      );
    }
    for (const line of stored) console.info(`  stored invalid text: ${line}`);
    const slowest = [...spent].sort(([, a], [, b]) => b - a).slice(0, 5);
    console.info(
      `fuzz: slowest mutations ${slowest.map(([m, ms]) => `${m} ${(ms / 1000).toFixed(1)} s`).join(', ')}`,
    );
    expect(outside.length, 'routes outside the OpenAPI document').toBeGreaterThan(0);
    expect(fewestMutations, 'mutations per operation').toBeGreaterThanOrEqual(
      Math.min(40, MUTATIONS_PER_OPERATION),
    );
    expect([...grouped.keys()], `findings of seed ${SEED}`).toEqual([]);
    expect(stored, 'text columns holding control characters or replaced surrogates').toEqual([]);
  }, 300_000);

  it('finds invalid text planted in a text and a JSON column (the scan itself works)', async () => {
    const [probe] = await t.db
      .insert(auditEvents)
      .values({
        actorUserId: null,
        action: 'fuzz\u0001probe',
        entityType: 'Probe',
        entityId: null,
        changedFields: { value: 'bell\u0007' },
      })
      .returning({ id: auditEvents.id });
    try {
      const { stored } = await invalidStoredText(t.db);
      expect(stored).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^audit_events\.action: /),
          expect.stringMatching(/^audit_events\.changed_fields: /),
        ]),
      );
    } finally {
      await t.db.delete(auditEvents).where(eq(auditEvents.id, probe!.id));
    }
  });
});

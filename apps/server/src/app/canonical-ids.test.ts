import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import {
  authorisationMatrix,
  identities,
  isAllowed,
  type MatrixCase,
  type Person,
} from '../reliability/authorisation-matrix.ts';
import { openSessionFor } from '../reliability/sessions.ts';
import { plantCredentialDocuments } from '../test/credential-documents.ts';
import { plantImportRuns } from '../test/practitioner-role-import.ts';

// One canonical form for ids (docs/decisions/054-canonical-ids-and-oauth-errors.md): a UUID in any case
// names the same resource, because every schema that parses an id lower-cases it. Before, an upper-case id
// found the row (PostgreSQL compares uuids by value) but then failed the service's own comparisons: owners
// were refused their own resources, and one route answered 500.

let t: TestApp;
const tokens = new Map<Person, string>();

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'false' });
  await plantCredentialDocuments(t);
  await plantImportRuns(t);
}, 120_000);
afterAll(() => t?.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Fields that hold someone else's identifiers: the NHSD's service ids are the directory's, and FHIR ids are
 * case-sensitive (the demo directory's happen to be UUIDs).
 */
const foreignIds = new Set(['importIds']);

/** Every UUID of ours in a value (params, query, body), in upper case. */
function upperIds<T>(value: T): T {
  if (typeof value === 'string') return (UUID.test(value) ? value.toUpperCase() : value) as T;
  if (Array.isArray(value)) return value.map(upperIds) as T;
  if (value && typeof value === 'object' && !Buffer.isBuffer(value))
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, foreignIds.has(k) ? v : upperIds(v)]),
    ) as T;
  return value;
}

/** A body without the signed tokens a read issues afresh each time (a form's address carries one). */
const withoutTokens = (body: string) =>
  body.replace(/eyJ[\w-]+\.[\w-]+\.[\w-]+/g, '<signed token>');

const hasId = (value: unknown) => JSON.stringify(upperIds(value)) !== JSON.stringify(value);

function urlOf(path: string, params: Record<string, string> = {}, query?: Record<string, string>) {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
  return query ? `${filled}?${new URLSearchParams(query)}` : filled;
}

/** The callers here: the demo identities signed in as themselves (the managing sessions are the matrix's). */
type Caller = Person | 'anonymous';

async function headersOf(caller: Caller, c: MatrixCase): Promise<Record<string, string>> {
  if (caller === 'anonymous') return { ...c.headers };
  if (c.freshSession)
    return { ...t.bearer(await openSessionFor(t.db, identities[caller])), ...c.headers };
  if (!tokens.has(caller)) tokens.set(caller, await t.tokenFor(identities[caller]));
  return { ...t.bearer(tokens.get(caller)!), ...c.headers };
}

/** The first identity the table lets call this case (Alice when she may). */
function ownerOf(c: MatrixCase): Caller | null {
  const callers: Caller[] = ['alice', ...(Object.keys(identities) as Person[]), 'anonymous'];
  return callers.find((caller) => caller !== 'henry' && isAllowed(c.allow, caller)) ?? null;
}

const cases = Object.entries(authorisationMatrix).flatMap(([operation, list]) =>
  list.map((c) => ({ operation, c })),
);

describe('ids in any case', () => {
  it('every read answers an upper-case id exactly as the lower-case one', async () => {
    const different: string[] = [];
    let compared = 0;
    for (const { operation, c } of cases) {
      const [method, path] = operation.split(' ') as [string, string];
      if (method !== 'GET' || !hasId({ ...c.params, ...c.query })) continue;
      const caller = ownerOf(c);
      if (!caller) continue;
      const headers = await headersOf(caller, c);
      const lower = await t.app.inject({
        method: 'GET',
        url: urlOf(path, c.params, c.query),
        headers,
      });
      const upper = await t.app.inject({
        method: 'GET',
        url: urlOf(path, upperIds(c.params), upperIds(c.query)),
        headers,
      });
      compared++;
      if (
        upper.statusCode !== lower.statusCode ||
        withoutTokens(upper.body) !== withoutTokens(lower.body)
      )
        different.push(
          `${operation} [${c.target}] as ${caller}: ${lower.statusCode} → ${upper.statusCode} ${upper.body.slice(0, 160)}`,
        );
    }
    console.info(`canonical ids: ${compared} reads compared, ${different.length} different`);
    expect(compared).toBeGreaterThanOrEqual(20);
    expect(different).toEqual([]);
  });

  it('no owner is refused their own resource for the case of its id, and no write answers 5xx', async () => {
    const refused: string[] = [];
    let tried = 0;
    for (const { operation, c } of cases) {
      const [method, path] = operation.split(' ') as [string, string];
      const caller = ownerOf(c);
      if (method === 'GET' || !caller) continue;
      const body = typeof c.body === 'function' ? c.body(caller) : c.body;
      if (!hasId({ ...c.params, ...c.query, body })) continue;
      const res = await t.app.inject({
        method: method as 'POST',
        url: urlOf(path, upperIds(c.params), upperIds(c.query)),
        headers: await headersOf(caller, c),
        ...(body === undefined ? {} : { payload: upperIds(body) as object }),
      });
      tried++;
      const allowed = c.allowed
        ? c.allowed.includes(res.statusCode)
        : res.statusCode >= 200 && res.statusCode < 400;
      if (!allowed)
        refused.push(
          `${operation} [${c.target}] as ${caller}: ${res.statusCode} ${res.body.slice(0, 400)}`,
        );
    }
    console.info(`canonical ids: ${tried} writes with upper-case ids, ${refused.length} refused`);
    expect(tried).toBeGreaterThanOrEqual(30);
    expect(refused).toEqual([]);
  });
});

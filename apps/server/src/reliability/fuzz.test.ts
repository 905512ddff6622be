import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '#db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { authorisationMatrix, type Caller, identities } from './authorisation-matrix.ts';
import {
  arbitraryOf,
  hostileEncoded,
  hostileStrings,
  type JsonSchema,
} from './schema-arbitraries.ts';
import { openSessionFor } from './sessions.ts';

// Schema-driven fuzz of every operation (docs/decisions/012-reliability-suite.md). Reproduce a run with
// FUZZ_SEED=<the printed seed>; FUZZ_RUNS sets the requests per operation.

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 120);

interface Operation {
  key: string;
  method: string;
  path: string;
  pathParams: Array<{ name: string; schema: JsonSchema }>;
  queryParams: Array<{ name: string; schema: JsonSchema; required: boolean }>;
  body?: JsonSchema;
}

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

let t: TestApp;
const tokens = new Map<Caller, string>();

beforeAll(async () => {
  // Rate limits are raised out of the way: the fuzz is about answers, not about throttling.
  t = await createTestApp({ RATE_LIMITS: 'false' });
  tokens.set('alice', await t.tokenFor(identities.alice));
  tokens.set('priya', await t.tokenFor(identities.priya));
}, 120_000);
afterAll(() => t?.close());

function operationsOf(doc: {
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
}): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      pathParams: (op.parameters ?? []).filter((p) => p.in === 'path'),
      queryParams: (op.parameters ?? [])
        .filter((p) => p.in === 'query')
        .map((p) => ({ name: p.name, schema: p.schema, required: Boolean(p.required) })),
      body: op.requestBody?.content?.['application/json']?.schema,
    })),
  );
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

/** A valid body from the table with one field replaced: the likeliest way for bad text to reach the database. */
function mutatedValidBodies(key: string): fc.Arbitrary<unknown> | null {
  const bodies = (authorisationMatrix[key] ?? [])
    .map((c) => (typeof c.body === 'function' ? c.body('alice') : c.body))
    .filter((b): b is Record<string, unknown> => Boolean(b) && typeof b === 'object');
  if (!bodies.length) return null;
  return fc
    .tuple(
      fc.constantFrom(...bodies),
      fc.nat(),
      fc.oneof(
        fc.constantFrom(...hostileStrings),
        fc.string({ unit: 'binary', maxLength: 30 }),
        fc.string({ unit: 'grapheme', maxLength: 30 }),
      ),
      fc.boolean(),
    )
    .map(([body, n, value, wrap]) => {
      const keys = Object.keys(body);
      const field = keys[n % keys.length]!;
      const original = body[field];
      // Sometimes the hostile part hides inside a plausible value.
      const hostile = wrap && typeof original === 'string' ? `${original}${value}` : value;
      return { ...body, [field]: hostile };
    });
}

function encodePart(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate cannot be percent-encoded as UTF-8: send its WTF-8 bytes, as a careless client would.
    return '%ED%A0%80';
  }
}

interface Request {
  caller: Caller;
  url: string;
  body?: unknown;
}

function requestArbitrary(op: Operation, samples: Record<string, string[]>): fc.Arbitrary<Request> {
  const pathArbs = op.pathParams.map((p) =>
    fc.oneof(
      {
        arbitrary: fc.constantFrom(...(samples[p.name] ?? ['x'])).map(encodeURIComponent),
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
  const generated = op.body ? arbitraryOf(op.body, samples) : fc.constant(undefined);
  const mutated = mutatedValidBodies(op.key);
  const bodyArb = mutated ? fc.oneof(generated, mutated) : generated;
  return fc
    .record({
      caller: fc.constantFrom<Caller>('alice', 'alice', 'priya', 'priya', 'anonymous'),
      path: fc.tuple(...pathArbs),
      query: fc.tuple(...queryArbs),
      body: bodyArb,
      repeatedQuery: fc.boolean(),
    })
    .map(({ caller, path, query, body, repeatedQuery }) => {
      let i = 0;
      const url = op.path.replace(/\{\w+\}/g, () => path[i++] as string);
      const pairs = op.queryParams.flatMap((p, j) =>
        query[j] === null ? [] : [`${p.name}=${query[j]}`],
      );
      // The same parameter twice arrives as an array: a type a handler may not expect.
      if (repeatedQuery && pairs.length) pairs.push(pairs[0]!);
      return {
        caller,
        url: pairs.length ? `${url}?${pairs.join('&')}` : url,
        ...(op.body ? { body } : {}),
      };
    });
}

interface Finding {
  operation: string;
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

/** Operations that answer their errors as RFC 6749 §5.2 requires: JSON with an `error` code, not a problem. */
const oauthOperations = new Set(['POST /oauth/token']);
const oauthErrorOf = (headers: Record<string, unknown>, text: string): string | null => {
  if (!String(headers['content-type'] ?? '').startsWith('application/json'))
    return `content-type ${String(headers['content-type'])}`;
  try {
    return typeof (JSON.parse(text) as { error?: unknown }).error === 'string'
      ? null
      : 'OAuth error without error';
  } catch {
    return 'OAuth error body is not JSON';
  }
};

const preview = (value: unknown) => {
  const text = value === undefined ? '' : (JSON.stringify(value) ?? '');
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

describe('schema-driven fuzz', () => {
  it('never answers 5xx, always answers errors as problem+json, stores no invalid text', async () => {
    const started = performance.now();
    const operations = operationsOf(t.app.swagger() as Parameters<typeof operationsOf>[0]);
    const samples = samplesFromMatrix();
    const findings: Finding[] = [];
    const statuses = new Map<number, number>();
    let requests = 0;
    console.info(
      `fuzz: seed ${SEED} (reproduce with FUZZ_SEED=${SEED}), ${RUNS_PER_OPERATION} requests × ${operations.length} operations`,
    );
    for (const [index, op] of operations.entries()) {
      const fresh = authorisationMatrix[op.key]?.some((c) => c.freshSession) ?? false;
      const inputs = fc.sample(requestArbitrary(op, samples), {
        seed: SEED + index,
        numRuns: RUNS_PER_OPERATION,
      });
      for (const input of inputs) {
        let headers: Record<string, string> = {};
        if (input.caller !== 'anonymous') {
          const token = fresh
            ? await openSessionFor(t.db, identities[input.caller as 'alice'])
            : tokens.get(input.caller)!;
          headers = t.bearer(token);
        }
        const hasBody = 'body' in input && input.body !== undefined;
        const res = await t.app.inject({
          method: op.method as 'GET',
          url: input.url,
          headers: hasBody ? { ...headers, 'content-type': 'application/json' } : headers,
          ...(hasBody ? { payload: JSON.stringify(input.body) } : {}),
        });
        requests++;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const wrong =
          res.statusCode >= 500
            ? `${res.statusCode}`
            : res.statusCode >= 400
              ? oauthOperations.has(op.key)
                ? oauthErrorOf(res.headers, res.body) &&
                  problemOf(res.headers, res.body, res.statusCode)
                : problemOf(res.headers, res.body, res.statusCode)
              : null;
        if (wrong)
          findings.push({
            operation: op.key,
            caller: input.caller,
            url: input.url.length > 200 ? `${input.url.slice(0, 200)}…` : input.url,
            body: preview(input.body),
            status: res.statusCode,
            problem: `${wrong}: ${res.body.slice(0, 120)}`,
          });
      }
    }

    const { stored, scanned } = await invalidStoredText(t.db);

    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
    const fiveHundreds = findings.filter((f) => f.status >= 500).length;
    console.info(
      `fuzz: ${requests} requests over ${operations.length} operations in ${seconds} s (seed ${SEED}); ` +
        `statuses ${byStatus.join(' ')}; ${fiveHundreds} 5xx, ${findings.length - fiveHundreds} non-problem errors, ` +
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
        `  ${key} (${list.length}×), e.g. as ${f.caller}: ${f.url} body ${f.body} → ${f.problem}`,
      );
    }
    for (const line of stored) console.info(`  stored invalid text: ${line}`);
    expect(requests).toBeGreaterThanOrEqual(5_000);
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { demoIds } from '#db/seed/index.ts';
import {
  authorisationMatrix,
  type Caller,
  identities,
  type Identity,
  isAllowed,
  managingSessions,
  type MatrixCase,
  type Person,
} from './authorisation-matrix.ts';
import { openSessionFor } from './sessions.ts';
import { plantCredentialDocuments } from '../test/credential-documents.ts';
import { plantImportRuns } from '../test/practitioner-role-import.ts';

// The authorisation matrix (docs/decisions/012-reliability-suite.md): every operation of the OpenAPI
// document × every demo identity × every session managing a practitioner × nobody, against the declared
// table.

let t: TestApp;
const tokens = new Map<Identity, string>();

/** A new session for the caller: a managing one acts for its practitioner from its first request. */
function openSession(caller: Identity) {
  if (caller in managingSessions) {
    const { as, manages } = managingSessions[caller as keyof typeof managingSessions];
    return openSessionFor(t.db, identities[as], undefined, demoIds.practitioner(manages));
  }
  return openSessionFor(t.db, identities[caller as Person]);
}

beforeAll(async () => {
  // Limits off: 700 requests in a few seconds are the test's pace, not a person's.
  t = await createTestApp({ RATE_LIMITS: 'false' });
  await plantCredentialDocuments(t);
  await plantImportRuns(t);
  for (const [key, ra] of Object.entries(identities) as Array<[Person, string]>) {
    // Henry is inactive: sign-in refuses him (403), so a session of his is opened directly, to prove
    // that an inactive user's session opens nothing.
    tokens.set(key, key === 'henry' ? await openSessionFor(t.db, ra) : await t.tokenFor(ra));
  }
  // Ben signs in as a person does and starts managing, as the Managed accounts page does.
  for (const [key, { as, manages }] of Object.entries(managingSessions)) {
    const token = await t.tokenFor(identities[as]);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/managing',
      headers: t.bearer(token),
      payload: { practitionerId: demoIds.practitioner(manages) },
    });
    if (res.statusCode !== 200) throw new Error(`${key}: managing answered ${res.statusCode}`);
    tokens.set(key as Identity, token);
  }
}, 120_000);
afterAll(() => t?.close());

const openApiOperations = async () => {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
  );
};

function urlOf(path: string, c: MatrixCase) {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = c.params?.[name];
    if (value === undefined) throw new Error(`${path}: no value for path parameter ${name}`);
    return encodeURIComponent(value);
  });
  return c.query ? `${filled}?${new URLSearchParams(c.query)}` : filled;
}

const callers: Caller[] = [
  'anonymous',
  ...(Object.keys(identities) as Person[]),
  ...(Object.keys(managingSessions) as Identity[]),
];

describe('authorisation matrix', () => {
  it('declares every operation of the OpenAPI document, and nothing else', async () => {
    const operations = await openApiOperations();
    const declared = Object.keys(authorisationMatrix);
    expect(
      operations.filter((o) => !declared.includes(o)),
      'operations missing from apps/server/src/reliability/authorisation-matrix.ts',
    ).toEqual([]);
    expect(
      declared.filter((o) => !operations.includes(o)),
      'declared operations the API does not have',
    ).toEqual([]);
  });

  it('answers every operation × identity as declared: no leak, no wrongful denial', async () => {
    const started = performance.now();
    const operations = new Set(await openApiOperations());
    const leaks: string[] = [];
    const wrongfulDenials: string[] = [];
    const unexpected: string[] = [];
    let requests = 0;
    let endpoints = 0;
    let targets = 0;
    for (const [operation, cases] of Object.entries(authorisationMatrix)) {
      if (!operations.has(operation)) continue;
      endpoints++;
      const [method, path] = operation.split(' ') as [string, string];
      for (const c of cases) {
        targets++;
        const url = urlOf(path, c);
        for (const caller of callers) {
          let headers: Record<string, string> = {};
          if (caller !== 'anonymous') {
            const token = c.freshSession ? await openSession(caller) : tokens.get(caller)!;
            headers = t.bearer(token);
          }
          const body = typeof c.body === 'function' ? c.body(caller) : c.body;
          const res = await t.app.inject({
            method: method as 'GET',
            url,
            headers: { ...headers, ...c.headers },
            ...(body === undefined ? {} : { payload: body as object }),
          });
          requests++;
          const status = res.statusCode;
          const allowedStatus = c.allowed
            ? c.allowed.includes(status)
            : status >= 200 && status < 400;
          const deniedStatus = (c.denied ?? [401, 403, 404]).includes(status);
          const line = `${operation} [${c.target}] as ${caller}: ${status} ${res.body.slice(0, 160)}`;
          if (isAllowed(c.allow, caller)) {
            if (deniedStatus && !allowedStatus) wrongfulDenials.push(line);
            else if (!allowedStatus) unexpected.push(line);
          } else if (!deniedStatus) {
            if (status < 500) leaks.push(line);
            else unexpected.push(line);
          } else if (caller === 'anonymous' && status !== 401) {
            unexpected.push(`${line} (nobody signed in must get 401)`);
          }
        }
      }
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.info(
      `authorisation matrix: ${endpoints} endpoints (${targets} targets) × ${callers.length} identities = ${requests} requests, ` +
        `${leaks.length} leaks, ${wrongfulDenials.length} wrongful denials, ${unexpected.length} unexpected answers (${seconds} s)`,
    );
    for (const line of [...leaks, ...wrongfulDenials, ...unexpected]) console.info(`  ${line}`);
    expect(leaks, 'leaks: answered where a denial was declared').toEqual([]);
    expect(wrongfulDenials, 'wrongful denials: refused where access was declared').toEqual([]);
    expect(unexpected, 'answers that are neither the declared access nor a denial').toEqual([]);
  }, 240_000);
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import {
  classifyRoles,
  defaultChosen,
  statusCounts,
  suggestedMapping,
  unmatchedReasons,
  practitionerRoleImportApiPath as path,
  type ImportPreview,
  type ImportRunProgress,
} from '@pca/contracts';
import { fhirIdentifierSystems } from '@pca/contracts/fhir-paths.ts';
import {
  demoPractice,
  scaledPractice,
  startClinicalSystem,
  type RunningClinicalSystem,
} from '@pca/clinical-system/server';
import { authoriseThroughClinicalSystem } from '@pca/clinical-system/testing';
import { auditEvents, practitionerRoles, practitioners } from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { NotFoundError } from '#platform/errors.ts';
import { ALICE, GEORGE, useTestApp } from '../../test/use-test-app.ts';
import { expectProblem } from '../../test/expect-problem.ts';
import { firstPagePath, type CisClient, type CisClientFor } from './service.ts';

// The practitioner role import through the API on a real database, reading the clinical-system stand-in over
// HTTP with an access token it issued (authorisation code + PKCE, as the SMART connections get theirs). The
// connections are the test's own: the SMART connections' module opens them in the running portal.

const harbour = demoIds.organisation('harbour-group');
const gp = demoIds.healthcareService('surry-hills-gp');
const PORTAL = 'http://127.0.0.1:9';
const SCOPES =
  'openid fhirUser user/Practitioner.read user/PractitionerRole.read user/Location.read user/HealthcareService.read';

interface TestConnection {
  id: string;
  name: string;
  system: () => RunningClinicalSystem;
  token?: string;
}
const demo: TestConnection = {
  id: randomUUID(),
  name: 'Harbour clinical software',
  system: () => cis,
};
const scaled: TestConnection = { id: randomUUID(), name: 'Scaled practice', system: () => big };
const down: TestConnection = { id: randomUUID(), name: 'Switched-off software', system: () => off };
/** The demo practice read in two pages whose second repeats the first's roles (the set shifted between reads). */
const repeating: TestConnection = {
  id: randomUUID(),
  name: 'Shifting clinical software',
  system: () => cis,
};
const connections = new Map([demo, scaled, down, repeating].map((c) => [c.id, c]));
const AGAIN = 'PractitionerRole?_page=again';

const cisClientFor: CisClientFor = async (connectionId) => {
  const c = connections.get(connectionId);
  if (!c) throw new NotFoundError('Connection not found.');
  const { iss } = c.system();
  const read = async (pathAndQuery: string, signal?: AbortSignal) => {
    const res = await fetch(`${iss}/${pathAndQuery}`, {
      headers: { authorization: `Bearer ${c.token ?? ''}`, accept: 'application/fhir+json' },
      ...(signal ? { signal } : {}),
    });
    if (!res.ok) throw new Error(`The clinical system answered ${res.status}`);
    return res.json() as Promise<{ entry?: Array<{ resource?: { resourceType?: string } }> }>;
  };
  const client: CisClient = {
    connection: { id: c.id, name: c.name, iss, organisationId: harbour },
    async getJson(pathAndQuery, signal) {
      if (c !== repeating) return read(pathAndQuery, signal);
      if (pathAndQuery !== AGAIN)
        return {
          ...(await read(pathAndQuery, signal)),
          link: [{ relation: 'next', url: `${iss}/${AGAIN}` }],
        };
      const first = await read(firstPagePath, signal);
      return {
        resourceType: 'Bundle',
        type: 'searchset',
        entry: first.entry?.filter((e) => e.resource?.resourceType === 'PractitionerRole'),
      };
    },
  };
  return client;
};

// Every statement the app sends, so a request's count can be read (docs/benchmarks/sql-per-request.md).
const statements: string[] = [];
const { t, as } = useTestApp(
  { RATE_LIMITS: 'false' },
  { onQuery: (s) => statements.push(s), cisClientFor },
);
let cis: RunningClinicalSystem;
let big: RunningClinicalSystem;
let off: RunningClinicalSystem;

/** An access token from the stand-in, through its sign-in and consent pages. */
async function tokenOf(system: RunningClinicalSystem) {
  const config = await oidc.discovery(
    new URL(system.url),
    'provider-connect',
    undefined,
    oidc.None(),
    {
      execute: [oidc.allowInsecureRequests],
    },
  );
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: `${PORTAL}/smart-authorization-code/callback`,
    scope: SCOPES,
    state,
    aud: system.iss,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  const callback = await authoriseThroughClinicalSystem(url.href);
  const tokens = await oidc.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: verifier,
    expectedState: state,
  });
  return tokens.access_token;
}

beforeAll(async () => {
  cis = await startClinicalSystem({ port: 0, portalUrl: PORTAL, practice: demoPractice() });
  big = await startClinicalSystem({ port: 0, portalUrl: PORTAL, practice: scaledPractice(500) });
  off = await startClinicalSystem({ port: 0, portalUrl: PORTAL });
  demo.token = await tokenOf(cis);
  repeating.token = demo.token;
  scaled.token = await tokenOf(big);
  await off.close();
});
afterAll(async () => {
  await cis?.close();
  await big?.close();
});

const post = async (url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

/** Reads a connection's roles to the end; the progress answers on the way. */
async function readAll(connection: TestConnection, headers: Record<string, string>) {
  const steps: ImportRunProgress[] = [];
  let res = await post(path('start', connection.id), headers);
  expect(res.statusCode, res.body).toBe(200);
  steps.push(res.json());
  while (!steps.at(-1)!.done) {
    res = await post(path('next', steps.at(-1)!.runId), headers);
    expect(res.statusCode, res.body).toBe(200);
    steps.push(res.json());
  }
  return steps;
}

async function previewOf(runId: string, headers: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url: path('run', runId), headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImportPreview>();
}

const rowsOf = (p: ImportPreview) =>
  classifyRoles(p.roles, p.existing, suggestedMapping(p.sources), p.today);

describe('reading and the preview', () => {
  it('reads the demo practice, matches by HPI-I and services by name and address, and says why rows are unmatched', async () => {
    const headers = await as(ALICE);
    const steps = await readAll(demo, headers);
    const practice = demoPractice();
    expect(steps.at(-1)).toMatchObject({
      connectionName: demo.name,
      pagesRead: 1,
      rolesRead: practice.practitionerRoles.length,
      total: practice.practitionerRoles.length,
      done: true,
    });
    const p = await previewOf(steps.at(-1)!.runId, headers);
    expect(p.organisation).toEqual({ id: harbour, name: 'Harbour Medical Group Pty Ltd' });
    expect(p.roles).toHaveLength(practice.practitionerRoles.length);
    const sources = Object.fromEntries(p.sources.map((s) => [s.key, s]));
    expect(sources['service:surry-hills-gp']).toMatchObject({
      suggestedServiceId: gp,
      matchedBy: 'name-and-address',
    });
    expect(sources['service:harbour-telehealth-gp']!.suggestedServiceId).toBe(
      demoIds.healthcareService('harbour-telehealth-gp'),
    );
    // Harbour has no physiotherapy service: the manager chooses one or its roles stay unmatched.
    expect(sources['service:surry-hills-physio']!.suggestedServiceId).toBeNull();

    const rows = rowsOf(p);
    const row = (family: string, given: string) =>
      rows.find((r) => r.role.familyName === family && r.role.givenName === given)!;
    expect(row('Nguyen', 'Alice').status).toBe('unchanged');
    expect(row('White', 'Ethan')).toMatchObject({
      status: 'changed',
      changes: [{ field: 'primaryType', from: 'Dermatologist', to: 'General practitioner' }],
    });
    expect(row('Petrakis', 'Oliver').reason).toBe(unmatchedReasons.notInPortal);
    expect(row('Lawson', 'Jack').reason).toBe(unmatchedReasons.noHpii);
    expect(row('Haddad', 'Farah').reason).toBe(unmatchedReasons.notMapped);
    const counts = statusCounts(rows);
    console.info(`Demo practice preview: ${JSON.stringify(counts)}`);
    // Unmatched: practitioners the portal does not hold by HPI-I, those without one, and roles at the
    // physiotherapy service Harbour does not have until the manager matches it.
    expect(counts).toEqual({ new: 2, changed: 3, unchanged: 21, unmatched: 10 });
    await t.app.inject({ method: 'DELETE', url: path('run', p.runId), headers });
  });

  it('cancels a run: what it read is gone', async () => {
    const headers = await as(ALICE);
    const res = await post(path('start', scaled.id), headers);
    expect(res.statusCode, res.body).toBe(200);
    const { runId, done, pagesRead } = res.json<ImportRunProgress>();
    expect({ done, pagesRead }).toEqual({ done: false, pagesRead: 1 });
    expectProblem(await t.app.inject({ method: 'GET', url: path('run', runId), headers }), 409, {
      type: 'import-run-not-ready',
    });
    const cancelled = await t.app.inject({ method: 'DELETE', url: path('run', runId), headers });
    expect(cancelled.statusCode).toBe(204);
    expectProblem(await post(path('next', runId), headers), 404);
  });

  it('a clinical system that does not answer is a 502 problem naming it, nothing stored', async () => {
    const res = await post(path('start', down.id), await as(ALICE));
    expectProblem(res, 502, { type: 'cis-unavailable' });
    expect(res.json<{ detail: string }>().detail).toContain(down.name);
  });
});

describe('authorisation', () => {
  it('George manages no Harbour organisation: the connection and Alice’s run are not found (404)', async () => {
    const alice = await as(ALICE);
    const george = await as(GEORGE);
    expectProblem(await post(path('start', demo.id), george), 404);
    expectProblem(await post(path('start', randomUUID()), alice), 404);
    const run = (await readAll(demo, alice)).at(-1)!.runId;
    expectProblem(await post(path('next', run), george), 404);
    expectProblem(
      await t.app.inject({ method: 'GET', url: path('run', run), headers: george }),
      404,
    );
    expectProblem(
      await post(path('import', run), george, { mapping: {}, chosen: ['alice-nguyen-0'] }),
      404,
    );
    expectProblem(
      await t.app.inject({ method: 'DELETE', url: path('run', run), headers: george }),
      404,
    );
    // Still Alice's.
    expect((await previewOf(run, alice)).roles).toHaveLength(
      demoPractice().practitionerRoles.length,
    );
    await t.app.inject({ method: 'DELETE', url: path('run', run), headers: alice });
  });

  it('refuses a mapping to a service outside the organisation (400) and nothing chosen (400)', async () => {
    const alice = await as(ALICE);
    const run = (await readAll(demo, alice)).at(-1)!.runId;
    expectProblem(
      await post(path('import', run), alice, {
        mapping: { 'service:surry-hills-gp': randomUUID() },
        chosen: ['x'],
      }),
      400,
      { field: 'mapping.service:surry-hills-gp' },
    );
    expectProblem(await post(path('import', run), alice, { mapping: {}, chosen: [] }), 400, {
      field: 'chosen',
    });
    await t.app.inject({ method: 'DELETE', url: path('run', run), headers: alice });
  });
});

describe('the import', () => {
  it('imports the chosen rows in one transaction with an audit event each; importing again changes nothing', async () => {
    const alice = await as(ALICE);
    const p = await previewOf((await readAll(demo, alice)).at(-1)!.runId, alice);
    const importedFrom = new Date();
    const mapping = suggestedMapping(p.sources);
    const rows = rowsOf(p);
    const chosen = defaultChosen(rows);
    const counts = statusCounts(rows);
    const res = await post(path('import', p.runId), alice, { mapping, chosen });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      created: counts.new,
      updated: counts.changed,
      skipped: 0,
      organisationId: harbour,
    });
    // The run is used up.
    expectProblem(await post(path('import', p.runId), alice, { mapping, chosen }), 404);

    const events = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.requestId, res.headers['x-request-id'] as string));
    expect(events).toHaveLength(counts.new + counts.changed);
    expect(new Set(events.map((e) => e.action))).toEqual(
      new Set(['practitioner-role.imported', 'practitioner-role.import-updated']),
    );
    for (const e of events) {
      expect(e.changedFields).toMatchObject({ source: `imported from ${demo.name}` });
      expect(e.organisationId).toBe(harbour);
      expect(e.subjectPractitionerId).not.toBeNull();
    }
    const ethan = rows.find((r) => r.role.familyName === 'White' && r.role.givenName === 'Ethan')!;
    const [updated] = await t.db
      .select()
      .from(practitionerRoles)
      .where(eq(practitionerRoles.id, ethan.existingRoleId!));
    expect(updated!.primaryType).toBe('General practitioner');
    // The partner API's lastUpdated of an updated role is the import's.
    expect(updated!.updatedAt.getTime()).toBeGreaterThanOrEqual(importedFrom.getTime() - 1000);

    // The same data again: every matched row is unchanged.
    const again = rowsOf(await previewOf((await readAll(demo, alice)).at(-1)!.runId, alice));
    expect(statusCounts(again)).toEqual({
      new: 0,
      changed: 0,
      unchanged: counts.new + counts.changed + counts.unchanged,
      unmatched: counts.unmatched,
    });
  });
});

describe('two imports at once', () => {
  // Two requests sent together through app.inject only overlap on PostgreSQL (PGlite has one connection).
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'two imports of the same roles at once create each role once: the second waits and finds them unchanged',
    async () => {
      const alice = await as(ALICE);
      const telehealth = demoIds.healthcareService('harbour-telehealth-gp');
      // Two tabs, each with its own run read to the end; the physiotherapy roles mapped to the telehealth
      // service, where their practitioners have none: rows both imports would create.
      const previews = [
        await previewOf((await readAll(demo, alice)).at(-1)!.runId, alice),
        await previewOf((await readAll(demo, alice)).at(-1)!.runId, alice),
      ];
      const mapping = {
        ...suggestedMapping(previews[0]!.sources),
        'service:surry-hills-physio': telehealth,
      };
      const rows = classifyRoles(
        previews[0]!.roles,
        previews[0]!.existing,
        mapping,
        previews[0]!.today,
      );
      const chosen = defaultChosen(rows);
      const counts = statusCounts(rows);
      expect(counts.new).toBeGreaterThan(0);
      const keys = [
        ...new Set(
          rows
            .filter((r) => r.status === 'new')
            .map((r) => `${r.role.practitionerId}|${r.healthcareServiceId}`),
        ),
      ];
      const held = async () => {
        const found = await t.db
          .select({
            practitionerId: practitionerRoles.practitionerId,
            serviceId: practitionerRoles.healthcareServiceId,
          })
          .from(practitionerRoles)
          .where(eq(practitionerRoles.healthcareServiceId, telehealth));
        return Object.fromEntries(
          keys.map((k) => [
            k,
            found.filter((f) => `${f.practitionerId}|${f.serviceId}` === k).length,
          ]),
        );
      };
      const before = await held();

      // Each insert of roles waits a moment before it writes, so the other import reaches its own reading
      // of the roles meanwhile: without a lock both have read none of the new roles and both insert them.
      await t.db
        .execute(sql`create function pca_test_slow_roles() returns trigger language plpgsql as
        $$ begin perform pg_sleep(0.5); return null; end $$`);
      await t.db.execute(sql`create trigger pca_test_slow_roles before insert on practitioner_roles
        for each statement execute function pca_test_slow_roles()`);
      let results;
      try {
        results = await Promise.all(
          previews.map((p) => post(path('import', p.runId), alice, { mapping, chosen })),
        );
      } finally {
        await t.db.execute(sql`drop trigger pca_test_slow_roles on practitioner_roles`);
        await t.db.execute(sql`drop function pca_test_slow_roles()`);
      }
      for (const res of results) expect(res.statusCode, res.body).toBe(200);
      const answers = results.map((r) => r.json<{ created: number; updated: number }>());
      answers.sort((x, y) => y.created - x.created);
      // The first creates and updates; the second, once the first has committed, finds every row unchanged.
      expect(answers).toEqual([
        { created: counts.new, updated: counts.changed, skipped: 0, organisationId: harbour },
        { created: 0, updated: 0, skipped: chosen.length, organisationId: harbour },
      ]);
      // One role per practitioner at the service for each role the clinical system has there.
      const expected = Object.fromEntries(
        keys.map((k) => [
          k,
          before[k]! +
            rows.filter(
              (r) =>
                r.status === 'new' && `${r.role.practitionerId}|${r.healthcareServiceId}` === k,
            ).length,
        ]),
      );
      expect(await held()).toEqual(expected);
      const imported = await t.db
        .select({ id: auditEvents.id })
        .from(auditEvents)
        .where(
          and(
            inArray(
              auditEvents.requestId,
              results.map((r) => r.headers['x-request-id'] as string),
            ),
            eq(auditEvents.action, 'practitioner-role.imported'),
          ),
        );
      expect(imported).toHaveLength(counts.new);
    },
  );
});

describe('a role the clinical system returns on two pages', () => {
  it('is one row of the preview and is imported once, skipping none', async () => {
    const alice = await as(ALICE);
    const steps = await readAll(repeating, alice);
    const practice = demoPractice();
    expect(steps.at(-1)).toMatchObject({
      pagesRead: 2,
      rolesRead: 2 * practice.practitionerRoles.length,
      done: true,
    });
    const p = await previewOf(steps.at(-1)!.runId, alice);
    expect(p.roles).toHaveLength(practice.practitionerRoles.length);
    expect(new Set(p.roles.map((r) => r.cisId)).size).toBe(p.roles.length);
    // Harbour's GP service for the new physiotherapy roles: rows the import creates.
    const mapping = { ...suggestedMapping(p.sources), 'service:surry-hills-physio': gp };
    const rows = classifyRoles(p.roles, p.existing, mapping, p.today);
    const chosen = defaultChosen(rows);
    const counts = statusCounts(rows);
    expect(counts.new).toBeGreaterThan(0);
    const res = await post(path('import', p.runId), alice, { mapping, chosen });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      created: counts.new,
      updated: counts.changed,
      skipped: 0,
      organisationId: harbour,
    });
    const imported = await t.db
      .select({ changedFields: auditEvents.changedFields })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.requestId, res.headers['x-request-id'] as string),
          eq(auditEvents.action, 'practitioner-role.imported'),
        ),
      );
    const cisIds = imported.map((e) => e.changedFields['clinicalSystemRoleId']);
    expect(cisIds).toHaveLength(counts.new);
    expect(new Set(cisIds).size).toBe(counts.new);
  });
});

describe('500 roles', () => {
  it('reads, previews and imports 500 roles in under 5 s, in a handful of statements', async () => {
    const alice = await as(ALICE);
    // The generated practitioners are in the portal already (the import matches, it does not create them).
    const practice = scaledPractice(500);
    const people = practice.practitioners.flatMap((r) => {
      const hpii = (r.identifier as Array<{ system: string; value: string }> | undefined)?.find(
        (i) => i.system === fhirIdentifierSystems.hpii,
      )?.value;
      const name = (r.name as Array<{ given: string[]; family: string }>)[0]!;
      return hpii ? [{ hpii, givenName: name.given[0]!, familyName: name.family }] : [];
    });
    await t.db.insert(practitioners).values(people).onConflictDoNothing();

    const started = performance.now();
    const steps = await readAll(scaled, alice);
    const read = performance.now();
    const before = statements.length;
    const p = await previewOf(steps.at(-1)!.runId, alice);
    const previewStatements = statements.length - before;
    const previewed = performance.now();
    const mapping = { ...suggestedMapping(p.sources), 'service:surry-hills-physio': gp };
    const rows = classifyRoles(p.roles, p.existing, mapping, p.today);
    const chosen = defaultChosen(rows);
    const beforeImport = statements.length;
    const res = await post(path('import', p.runId), alice, { mapping, chosen });
    const importStatements = statements.length - beforeImport;
    const done = performance.now();
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<{ created: number; updated: number }>();
    const figures = {
      roles: p.roles.length,
      pages: steps.at(-1)!.pagesRead,
      chosen: chosen.length,
      ...result,
      readMs: Math.round(read - started),
      previewMs: Math.round(previewed - read),
      importMs: Math.round(done - previewed),
      totalMs: Math.round(done - started),
      previewStatements,
      importStatements,
    };
    console.info(`500-role import: ${JSON.stringify(figures)}`);
    expect(p.roles).toHaveLength(500);
    expect(result.created + result.updated).toBeGreaterThan(400);
    expect(done - started).toBeLessThan(5_000);
    // A fixed number of statements, not one per role (the caller's session is read from the cache).
    expect(previewStatements).toBeLessThan(15);
    expect(importStatements).toBeLessThan(20);
    const imported = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(practitionerRoles)
      .where(
        and(
          inArray(
            practitionerRoles.practitionerId,
            t.db
              .select({ id: practitioners.id })
              .from(practitioners)
              .where(
                inArray(
                  practitioners.hpii,
                  people.map((x) => x.hpii),
                ),
              ),
          ),
        ),
      );
    expect(imported[0]!.n).toBeGreaterThanOrEqual(result.created);
  });
});

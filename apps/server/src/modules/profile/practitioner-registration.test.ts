import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import {
  CurrentUser,
  HpiiCheckResult,
  PractitionerRegistrationResult,
  apiPaths,
  hpiiCheckMessages,
  hpiiMessages,
  practitionerRegistrationMessages,
  profileApiPath,
} from '@pca/contracts';
import { auditEvents, hiServiceRegistry, practitioners, users } from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import type { HiService } from '#integrations/hi-service/hi-service.ts';
import { createLocalHiService } from '#integrations/hi-service/local-hi-service.ts';
import type { AuthContext } from '#platform/auth/authenticate.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectProblem } from '../../test/expect-problem.ts';
import { practitionerRegistrationService } from './practitioner-registration.ts';

const ra = {
  alice: '2000000011',
  ben: '2000000022',
  chloe: '2000000033',
  isla: '2000000099',
} as const;
type Who = keyof typeof ra;
const id = {
  alice: demoIds.user('alice'),
  ben: demoIds.user('ben'),
  isla: demoIds.user('isla'),
};

// The demo registry (data/world.json): Isla's three numbers, and a valid number nobody holds.
const hpii = {
  islaSuccess: '8003611860913908',
  islaNotActive: '8003619960308242',
  islaNotLinked: '8003616281948219',
  alice: '8003615260181594',
  unknown: '8003610000000006',
};
const ticks = { participationAccepted: true, privacyAccepted: true } as const;

/** A test app with its signed-in callers and a count of the statements that reach the HI Service's registry. */
async function start(env: NodeJS.ProcessEnv = {}) {
  const registry = { statements: 0 };
  const t = await createTestApp(env, {
    onQuery: (sql) => {
      if (sql.includes('hi_service_registry')) registry.statements++;
    },
  });
  const tokens = new Map<Who, string>();
  async function call(who: Who | null, url: string, payload: unknown, method = 'POST' as const) {
    if (who && !tokens.has(who)) tokens.set(who, await t.tokenFor(ra[who]));
    return t.app.inject({
      method,
      url,
      headers: who ? t.bearer(tokens.get(who)!) : {},
      payload: payload as object,
    });
  }
  const me = async (who: Who) => {
    if (!tokens.has(who)) tokens.set(who, await t.tokenFor(ra[who]));
    return CurrentUser.parse(
      (
        await t.app.inject({ method: 'GET', url: apiPaths.me, headers: t.bearer(tokens.get(who)!) })
      ).json(),
    );
  };
  const check = (who: Who | null, userId: string, value: unknown) =>
    call(who, profileApiPath('hpiiCheck', userId), { hpii: value });
  const register = (who: Who | null, userId: string, body: unknown) =>
    call(who, profileApiPath('practitionerRegistration', userId), body);
  return { t, registry, check, register, me };
}

describe('read administrative individual (certificate flag off)', () => {
  let s: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    s = await start();
  });
  afterAll(() => s.t.close());

  it('needs a session, the caller’s own id, and an existing user', async () => {
    expectProblem(await s.check(null, id.isla, hpii.islaSuccess), 401);
    const other = expectProblem(await s.check('alice', id.isla, hpii.islaSuccess), 403);
    expect(other.detail).toBe('Only the user themselves may register as a practitioner.');
    expectProblem(await s.register('alice', id.isla, { hpii: hpii.islaSuccess, ...ticks }), 403);
    expectProblem(
      await s.check('isla', '00000000-0000-4000-8000-000000000000', hpii.islaSuccess),
      404,
    );
    expectProblem(await s.check('isla', 'not-a-uuid', hpii.islaSuccess), 400, { field: 'id' });
  });

  it('refuses an HPI-I of the wrong length or check digit before the HI Service is asked', async () => {
    const before = s.registry.statements;
    const cases: Array<[unknown, string]> = [
      ['', hpiiMessages.required],
      ['   ', hpiiMessages.required],
      ['800361186091390', hpiiMessages.digits],
      ['80036118609139081', hpiiMessages.digits],
      ['80036118609139OB', hpiiMessages.digits],
      ['8003611860913909', hpiiMessages.checkDigit],
    ];
    for (const [value, message] of cases) {
      const body = expectProblem(await s.check('isla', id.isla, value), 400, { field: 'hpii' });
      expect(body.errors).toEqual([{ field: 'hpii', message }]);
      expectProblem(await s.register('isla', id.isla, { hpii: value, ...ticks }), 400, {
        field: 'hpii',
      });
    }
    expectProblem(await s.check('isla', id.isla, 8003611860913908), 400, { field: 'hpii' });
    expectProblem(await s.check('isla', id.isla, null), 400, { field: 'hpii' });
    expect(s.registry.statements).toBe(before);
  });

  it('maps NOT_ACTIVE, NOT_LINKED and NO_MATCH to the field’s errors, with their keys as problem types', async () => {
    const outcomes: Array<[string, string, keyof typeof hpiiCheckMessages]> = [
      [hpii.islaNotActive, 'hpii-not-active', 'hpiiNotActive'],
      [hpii.islaNotLinked, 'hpii-not-linked', 'hpiiNotLinked'],
      [hpii.unknown, 'hpii-no-match', 'hpiiNoMatch'],
    ];
    for (const [value, type, key] of outcomes) {
      const before = s.registry.statements;
      const body = expectProblem(await s.check('isla', id.isla, value), 422, { type });
      expect(body.errors).toEqual([{ field: 'hpii', message: hpiiCheckMessages[key] }]);
      expect(body.detail).toBe(hpiiCheckMessages[key]);
      expect(s.registry.statements).toBe(before + 1);
    }
  });

  it('checks again on saving: the identity step’s answer is never trusted', async () => {
    const body = expectProblem(
      await s.register('isla', id.isla, { hpii: hpii.islaNotActive, ...ticks }),
      422,
      { type: 'hpii-not-active' },
    );
    expect(body.errors).toEqual([{ field: 'hpii', message: hpiiCheckMessages.hpiiNotActive }]);
    const [isla] = await s.t.db
      .select()
      .from(practitioners)
      .where(eq(practitioners.userId, id.isla));
    expect(isla).toBeUndefined();
  });

  it('needs both ticks', async () => {
    const body = expectProblem(
      await s.register('isla', id.isla, {
        hpii: hpii.islaSuccess,
        participationAccepted: false,
        privacyAccepted: false,
      }),
      400,
    );
    expect(body.errors).toEqual([
      {
        field: 'participationAccepted',
        message: practitionerRegistrationMessages.participationRequired,
      },
      { field: 'privacyAccepted', message: practitionerRegistrationMessages.privacyRequired },
    ]);
  });

  it('refuses a user who already has an HPI-I, and one without email and phone', async () => {
    const alice = expectProblem(await s.check('alice', id.alice, hpii.unknown), 409, {
      type: 'practitioner-already-registered',
    });
    expect(alice.detail).toBe('You are already registered as a practitioner.');
    expectProblem(await s.register('alice', id.alice, { hpii: hpii.unknown, ...ticks }), 409, {
      type: 'practitioner-already-registered',
    });
    const chloe = await s.me('chloe');
    const missing = expectProblem(await s.check('chloe', chloe.id, hpii.islaSuccess), 409, {
      type: 'practitioner-contact-details-missing',
    });
    expect(missing.detail).toBe(
      'Add your email and phone to your profile before registering as a practitioner.',
    );
  });

  it('refuses an HPI-I that belongs to another account', async () => {
    const body = expectProblem(await s.check('ben', id.ben, hpii.alice), 409, {
      type: 'hpii-in-use',
      field: 'hpii',
    });
    expect(body.errors?.[0]?.message).toMatch(/already registered to another account/);
    expectProblem(await s.register('ben', id.ben, { hpii: hpii.alice, ...ticks }), 409, {
      type: 'hpii-in-use',
    });
  });

  it('registers Isla: participation Accepted, a practitioner record, audited, and /api/me shows it at once', async () => {
    const before = await s.me('isla');
    expect(before).toMatchObject({ hpii: null, practitionerId: null, isPractitioner: false });

    const checked = await s.check('isla', id.isla, hpii.islaSuccess);
    expect(checked.statusCode).toBe(200);
    expect(HpiiCheckResult.parse(checked.json())).toEqual({ hpii: hpii.islaSuccess });

    const statements = s.registry.statements;
    const saved = await s.register('isla', id.isla, { hpii: hpii.islaSuccess, ...ticks });
    expect(saved.statusCode).toBe(200);
    expect(s.registry.statements).toBe(statements + 1); // asked again
    const result = PractitionerRegistrationResult.parse(saved.json());
    expect(result.hpii).toBe(hpii.islaSuccess);

    const [record] = await s.t.db
      .select()
      .from(practitioners)
      .where(eq(practitioners.id, result.practitionerId));
    expect(record).toMatchObject({
      userId: id.isla,
      hpii: hpii.islaSuccess,
      givenName: 'Isla',
      familyName: 'Brown',
    });
    const [user] = await s.t.db.select().from(users).where(eq(users.id, id.isla));
    expect(user!.participationApprovalStatus).toBe('Accepted');
    const audit = await s.t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'user.register-practitioner'),
          eq(auditEvents.entityId, id.isla),
        ),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.changedFields).toMatchObject({
      hpii: hpii.islaSuccess,
      practitionerId: result.practitionerId,
      practitionerRecord: 'created',
      hiServiceRoute: 'read-administrative-individual',
    });

    // The same token's next request: the committed write ended the cached caller (decision 021).
    expect(await s.me('isla')).toMatchObject({
      hpii: hpii.islaSuccess,
      practitionerId: result.practitionerId,
      isPractitioner: true,
    });

    expectProblem(await s.register('isla', id.isla, { hpii: hpii.islaSuccess, ...ticks }), 409, {
      type: 'practitioner-already-registered',
    });
  });

  it('links a practitioner record an organisation listed before, only for the person the HI Service knows its HPI-I as', async () => {
    // A practitioner of the demo world without a portal user, whose HPI-I the registry knows (someone else's).
    const [listed] = await s.t.db
      .select({ id: practitioners.id, hpii: practitioners.hpii })
      .from(practitioners)
      .innerJoin(hiServiceRegistry, eq(hiServiceRegistry.hpii, practitioners.hpii))
      .where(
        and(
          isNull(practitioners.userId),
          isNotNull(practitioners.hpii),
          eq(hiServiceRegistry.status, 'SUCCESS'),
        ),
      )
      .limit(1);
    expect(listed).toBeDefined();
    // Ben types that number: it is not linked to his provider-login account, so neither step takes it, and the
    // record (with its roles, publications and bank account) stays unclaimed.
    for (const answer of [
      await s.check('ben', id.ben, listed!.hpii),
      await s.register('ben', id.ben, { hpii: listed!.hpii, ...ticks }),
    ]) {
      const refused = expectProblem(answer, 422, { type: 'hpii-not-linked' });
      expect(refused.errors).toEqual([{ field: 'hpii', message: hpiiCheckMessages.hpiiNotLinked }]);
    }
    const [still] = await s.t.db
      .select({ userId: practitioners.userId })
      .from(practitioners)
      .where(eq(practitioners.id, listed!.id));
    expect(still!.userId).toBeNull();
    expect((await s.me('ben')).practitionerId).toBeNull();

    // The HI Service knows the number as Ben's: registering links that record, not a new one.
    const [ben] = await s.t.db
      .select({ givenName: users.givenName, familyName: users.familyName })
      .from(users)
      .where(eq(users.id, id.ben));
    await s.t.db
      .update(hiServiceRegistry)
      .set({ givenName: ben!.givenName, familyName: ben!.familyName.toUpperCase() })
      .where(eq(hiServiceRegistry.hpii, listed!.hpii!));
    const saved = await s.register('ben', id.ben, { hpii: listed!.hpii, ...ticks });
    expect(saved.statusCode).toBe(200);
    expect(PractitionerRegistrationResult.parse(saved.json())).toEqual({
      hpii: listed!.hpii,
      practitionerId: listed!.id,
    });
    expect(await s.me('ben')).toMatchObject({ practitionerId: listed!.id, hpii: listed!.hpii });
  });
});

describe('provider search (certificate flag on)', () => {
  let s: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    s = await start({ FEATURE_HI_CERTIFICATE: 'true' });
  });
  afterAll(() => s.t.close());

  it('finds an HPI-I only for the caller’s own names', async () => {
    // Isla's number, searched with Ben's names: no match.
    expectProblem(await s.check('ben', id.ben, hpii.islaSuccess), 422, { type: 'hpii-no-match' });
    // A number that is not in use is not found by a provider search either.
    const notActive = expectProblem(await s.check('isla', id.isla, hpii.islaNotActive), 422, {
      type: 'hpii-no-match',
    });
    expect(notActive.errors).toEqual([{ field: 'hpii', message: hpiiCheckMessages.hpiiNoMatch }]);
    expectProblem(await s.check('isla', id.isla, hpii.unknown), 422, { type: 'hpii-no-match' });
  });

  it('registers Isla by the provider search', async () => {
    expect((await s.check('isla', id.isla, hpii.islaSuccess)).statusCode).toBe(200);
    const saved = await s.register('isla', id.isla, { hpii: hpii.islaSuccess, ...ticks });
    expect(saved.statusCode).toBe(200);
    const { practitionerId } = PractitionerRegistrationResult.parse(saved.json());
    expect(await s.me('isla')).toMatchObject({ hpii: hpii.islaSuccess, practitionerId });
    const [audit] = await s.t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'user.register-practitioner'),
          eq(auditEvents.entityId, id.isla),
        ),
      );
    expect(audit!.changedFields).toMatchObject({ hiServiceRoute: 'provider-search' });
  });

  it('never reaches the adapter with a bad number', async () => {
    const before = s.registry.statements;
    expectProblem(await s.check('isla', id.isla, '8003611860913909'), 400, { field: 'hpii' });
    expect(s.registry.statements).toBe(before);
  });
});

// The check says whether an HPI-I is another account's before it asks the HI Service, so it counts with the
// HPI-I searches (docs/decisions/055-hpii-lookup-and-managing-powers.md): a low limit here, so the test
// reaches it; the default is 20 in 10 minutes.
describe('the HPI-I search limit', () => {
  let s: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    s = await start({ RATE_LIMIT_HPII_SEARCH: '3/10m' });
  });
  afterAll(() => s.t.close());

  it('refuses the 4th check of one user with a 429 problem and Retry-After, counted with the HPI-I searches', async () => {
    // Probing another account's HPI-I: each answer says it is in use.
    for (let i = 0; i < 3; i++)
      expectProblem(await s.check('ben', id.ben, hpii.alice), 409, { type: 'hpii-in-use' });
    const before = s.registry.statements;
    const refused = await s.check('ben', id.ben, hpii.alice);
    const problem = expectProblem(refused, 429, { type: 'rate-limited' });
    expect(problem.detail).toMatch(
      /^Too many HPI-I searches\. Please wait \d+ minutes? and try again\.$/,
    );
    expect(problem.errors).toBeUndefined();
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // The same count as the HPI-I search: that is refused now too.
    const search = await s.t.app.inject({
      method: 'POST',
      url: '/api/practitioners/hi-service/search',
      headers: s.t.bearer(await s.t.tokenFor(ra.ben)),
      payload: { hpii: hpii.unknown, familyName: 'Brown', givenName: 'Isla' },
    });
    expectProblem(search, 429, { type: 'rate-limited' });
    expect(s.registry.statements).toBe(before);
    // The count is Ben's: Isla still has hers.
    expect((await s.check('isla', id.isla, hpii.islaSuccess)).statusCode).toBe(200);
  });
});

describe('the HI Service adapter and its failures', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // Only the caller's user id is read from the session by this service.
  const isla = { user: { id: id.isla } } as unknown as AuthContext;

  it('answers both routes from the registry', async () => {
    const hi = createLocalHiService(t.db);
    const islaBrown = { givenName: 'isla', familyName: ' Brown' };
    expect(await hi.readAdministrativeIndividual(hpii.islaSuccess, islaBrown)).toEqual({
      serviceMessage: 'SUCCESS',
    });
    expect(await hi.readAdministrativeIndividual(hpii.islaNotActive, islaBrown)).toEqual({
      serviceMessage: 'NOT_ACTIVE',
    });
    expect(await hi.readAdministrativeIndividual(hpii.islaNotLinked, islaBrown)).toEqual({
      serviceMessage: 'NOT_LINKED',
    });
    expect(await hi.readAdministrativeIndividual(hpii.unknown, islaBrown)).toEqual({
      serviceMessage: 'NO_MATCH',
    });
    // Isla's number read for someone else is not linked to their account.
    const benOkafor = { givenName: 'Ben', familyName: 'Okafor' };
    expect(await hi.readAdministrativeIndividual(hpii.islaSuccess, benOkafor)).toEqual({
      serviceMessage: 'NOT_LINKED',
    });
    const search = { identifierType: 'hpii' as const, familyName: 'brown', givenName: ' Isla ' };
    expect(await hi.searchProvider({ ...search, hpii: hpii.islaSuccess })).toEqual({
      hpii: hpii.islaSuccess,
    });
    expect(await hi.searchProvider({ ...search, hpii: hpii.islaNotLinked })).toBeNull();
    expect(
      await hi.searchProvider({ ...search, familyName: 'Okafor', hpii: hpii.islaSuccess }),
    ).toBeNull();
  });

  /** A counting adapter whose read answers `answer` (or fails with it). */
  function adapter(answer: () => Promise<{ serviceMessage: string }>) {
    const calls = { read: 0, search: 0 };
    const hi: HiService = {
      readAdministrativeIndividual: () => {
        calls.read++;
        return answer();
      },
      searchProvider: () => {
        calls.search++;
        return Promise.reject(new Error('certificate refused'));
      },
    };
    return { hi, calls };
  }

  it('turns anything but the four service messages, a failure or no answer into the general error', async () => {
    const answers = [
      () => Promise.resolve({ serviceMessage: 'SERVICE_UNAVAILABLE' }),
      () => Promise.reject(new Error('connection reset')),
      () => new Promise<never>(() => {}),
    ];
    for (const answer of answers) {
      const { hi, calls } = adapter(answer);
      const service = practitionerRegistrationService(t.db, hi, {
        certificate: false,
        timeoutMs: 50,
      });
      await expect(service.checkHpii(isla, id.isla, hpii.islaSuccess)).rejects.toMatchObject({
        status: 502,
        type: 'hpii-error',
        errors: [{ field: 'hpii', message: hpiiCheckMessages.hpiiError }],
      });
      expect(calls).toEqual({ read: 1, search: 0 });
    }
    const { hi, calls } = adapter(() => Promise.resolve({ serviceMessage: 'SUCCESS' }));
    const certificate = practitionerRegistrationService(t.db, hi, { certificate: true });
    await expect(certificate.checkHpii(isla, id.isla, hpii.islaSuccess)).rejects.toMatchObject({
      status: 502,
      type: 'hpii-error',
    });
    expect(calls).toEqual({ read: 0, search: 1 });
  });

  it('saves nothing when the second check fails', async () => {
    const { hi } = adapter(() => Promise.resolve({ serviceMessage: 'NOT_LINKED' }));
    const service = practitionerRegistrationService(t.db, hi, { certificate: false });
    await expect(
      service.register(isla, id.isla, { hpii: hpii.islaSuccess, ...ticks }, 'test'),
    ).rejects.toMatchObject({ status: 422, type: 'hpii-not-linked' });
    const rows = await t.db.select().from(practitioners).where(eq(practitioners.userId, id.isla));
    expect(rows).toEqual([]);
  });
});

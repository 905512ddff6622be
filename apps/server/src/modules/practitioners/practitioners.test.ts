import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  hpiiSearchMessages,
  HpiiSearchResult,
  PractitionerRoleDetail,
  PractitionerRoleOptions,
  ServiceOfferingsPage,
  practitionerEmptyMessages,
} from '@pca/contracts';
import { auditEvents, practitioners, users } from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectProblem } from '../../test/expect-problem.ts';

const ALICE = '2000000011';
const BEN = '2000000022';
const GEORGE = '2000000066';
const ISLA = '2000000099';
const PRIYA = '2000000077';

let t: TestApp;
const tokens = new Map<string, string>();
beforeAll(async () => {
  t = await createTestApp();
  for (const ra of [ALICE, BEN, GEORGE, ISLA, PRIYA]) tokens.set(ra, await t.tokenFor(ra));
});
afterAll(() => t.close());

const headers = (ra: string) => t.bearer(tokens.get(ra)!);
const get = (ra: string, url: string) => t.app.inject({ method: 'GET', url, headers: headers(ra) });
async function list(ra: string, query = '') {
  const res = await get(ra, `/api/practitioners/service-offerings${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return ServiceOfferingsPage.parse(res.json());
}

const harbour = demoIds.organisation('harbour-group');
const aliceGp = demoIds.practitionerRole('alice', 'surry-hills-gp');
const aliceTelehealth = demoIds.practitionerRole('alice', 'harbour-telehealth-gp');
const farahSkin = demoIds.practitionerRole('farah', 'surry-hills-skin');

const validRole = {
  primaryType: 'General practitioner',
  preferredName: 'Dr Isla Brown',
  numberOfDays: 3,
  startDate: '2026-01-05',
  endDate: null,
};

describe('GET /api/practitioners/service-offerings', () => {
  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/practitioners/service-offerings' });
    expectProblem(res, 401);
  });

  it('gives Alice a page of Harbour practitioners by family name, every role manageable', async () => {
    const page = await list(ALICE, '?pageSize=100');
    expect(page.total).toBeGreaterThanOrEqual(42);
    expect(page.practitioners).toHaveLength(page.total);
    const families = page.practitioners.map((p) => p.familyName);
    expect(families).toEqual([...families].sort());
    for (const p of page.practitioners)
      for (const o of p.serviceOfferings) expect(o.canManage).toBe(true);
    const alice = page.practitioners.find(
      (p) => p.givenName === 'Alice' && p.familyName === 'Nguyen',
    );
    expect(alice?.hpiiIdentifier).toBe('8003615260181594');
    expect(alice?.serviceOfferings.map((o) => o.id).sort()).toEqual(
      [aliceGp, aliceTelehealth].sort(),
    );
    const telehealth = alice!.serviceOfferings.find((o) => o.id === aliceTelehealth)!;
    expect(telehealth.locationType).toBe('Virtual');
    const gp = alice!.serviceOfferings.find((o) => o.id === aliceGp)!;
    expect(gp.locationAddress).toBe('120 Crown Street, Surry Hills NSW 2010');
    expect(gp.locationType).toBe('Physical');
    expect(page.hasActiveManageableService).toBe(true);
  });

  it('pages: every practitioner is reachable exactly once', async () => {
    const first = await list(ALICE, '?pageSize=10');
    const ids = new Set<string>();
    for (let page = 1; page <= Math.ceil(first.total / 10); page++) {
      for (const p of (await list(ALICE, `?pageSize=10&page=${page}`)).practitioners) ids.add(p.id);
    }
    expect(ids.size).toBe(first.total);
  });

  it('a page past the last has no practitioners and still the true total; a page over 100000 is refused', async () => {
    const first = await list(ALICE, '?pageSize=10&name=a');
    expect(first.total).toBeGreaterThan(0);
    const last = Math.ceil(first.total / 10);
    for (const page of [last + 1, 100_000]) {
      const past = await list(ALICE, `?pageSize=10&name=a&page=${page}`);
      expect(past).toMatchObject({ practitioners: [], page, pageSize: 10, total: first.total });
    }
    expectProblem(await get(ALICE, '/api/practitioners/service-offerings?page=100001'), 400, {
      field: 'page',
    });
  });

  it('filters by name (case-insensitive substring of "given family") and by activity', async () => {
    const byName = await list(ALICE, '?name=ICE%20NGU');
    expect(byName.practitioners.map((p) => p.givenName)).toEqual(['Alice']);
    const inactive = await list(ALICE, '?isActive=false&name=farah');
    expect(inactive.practitioners[0]?.serviceOfferings.map((o) => [o.id, o.isActive])).toEqual([
      [farahSkin, false],
    ]);
    expect(inactive.practitioners[0]?.serviceOfferings[0]?.endDate).toBe('2025-06-30');
    const activeFarah = await list(ALICE, '?isActive=true&name=farah%20haddad');
    expect(activeFarah.total).toBe(0);
    // Other filters emptied the list: the organisation still has practitioners.
    expect(activeFarah.organisationHasPractitioners).toBe(true);
    const all = await list(ALICE, '?isActive=true');
    for (const p of all.practitioners)
      for (const o of p.serviceOfferings) expect(o.isActive).toBe(true);
  });

  it('shows the photo the practitioner’s user uploaded (docs/decisions/024-profile-photo.md)', async () => {
    const photo = 'data:image/png;base64,iVBORw0KGgo=';
    await t.db
      .update(users)
      .set({ photoData: photo })
      .where(eq(users.id, demoIds.user('alice')));
    try {
      const listed = await list(ALICE, '?name=alice%20nguyen');
      expect(listed.practitioners.map((p) => p.photoData)).toEqual([photo]);
      // Farah has no photo of her own.
      expect((await list(ALICE, '?name=farah%20haddad')).practitioners[0]?.photoData).toBeNull();
    } finally {
      await t.db
        .update(users)
        .set({ photoData: null })
        .where(eq(users.id, demoIds.user('alice')));
    }
  });

  it('filters by organisation and refuses organisations outside the user’s roles', async () => {
    expect((await list(ALICE, `?organisationId=${harbour}`)).total).toBeGreaterThan(0);
    const riverbend = demoIds.organisation('riverbend');
    expect(
      (await get(ALICE, `/api/practitioners/service-offerings?organisationId=${riverbend}`))
        .statusCode,
    ).toBe(404);
    // Isla manages Coastal Physio, which has no practitioners yet.
    const empty = await list(ISLA);
    expect(empty.total).toBe(0);
    expect(empty.organisationHasPractitioners).toBe(false);
    expect(practitionerEmptyMessages.noneInOrganisation).toBe(
      'There are no practitioners linked to this organisation',
    );
  });

  it('shows George (Viewer) the list with nothing manageable', async () => {
    const page = await list(GEORGE, '?pageSize=100');
    expect(page.total).toBeGreaterThanOrEqual(42);
    expect(page.practitioners.flatMap((p) => p.serviceOfferings).some((o) => o.canManage)).toBe(
      false,
    );
    expect(page.hasActiveManageableService).toBe(false);
  });

  it('scopes Ben to his healthcare service', async () => {
    const page = await list(BEN, '?pageSize=100');
    const offerings = page.practitioners.flatMap((p) => p.serviceOfferings);
    expect(offerings.length).toBeGreaterThan(0);
    for (const o of offerings) {
      expect(o.healthcareServiceId).toBe(demoIds.healthcareService('surry-hills-gp'));
      expect(o.canManage).toBe(true);
    }
  });

  it('refuses the PCA operator (no access to practitioners)', async () => {
    expect((await get(PRIYA, '/api/practitioners/service-offerings')).statusCode).toBe(403);
  });

  it('rejects an invalid filter', async () => {
    expect(
      (await get(ALICE, '/api/practitioners/service-offerings?isActive=maybe')).statusCode,
    ).toBe(400);
  });
});

describe('practitioner roles', () => {
  it('lets Alice read a role and George not', async () => {
    const res = await get(ALICE, `/api/practitioner-roles/${farahSkin}`);
    expect(res.statusCode).toBe(200);
    const role = PractitionerRoleDetail.parse(res.json());
    expect(role.practitioner.familyName).toBe('Haddad');
    expect(role.isActive).toBe(false);
    expect((await get(GEORGE, `/api/practitioner-roles/${farahSkin}`)).statusCode).toBe(403);
  });

  it('refuses a date that is not on the calendar (400 on the field, nothing saved)', async () => {
    for (const [field, value] of [
      ['startDate', '2026-02-30'],
      ['endDate', '2026-13-01'],
      ['startDate', '0000-01-01'],
    ] as const) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/practitioner-roles/${aliceGp}`,
        headers: headers(ALICE),
        payload: { ...validRole, [field]: value },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(JSON.stringify(res.json())).toContain(field);
    }
  });

  it('lets Ben edit only roles of his healthcare service', async () => {
    const mine = await t.app.inject({
      method: 'PUT',
      url: `/api/practitioner-roles/${aliceGp}`,
      headers: headers(BEN),
      payload: { ...validRole, preferredName: 'Dr Alice Nguyen', startDate: '2024-03-04' },
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(PractitionerRoleDetail.parse(mine.json()).numberOfDays).toBe(3);
    const sameOrganisation = await t.app.inject({
      method: 'PUT',
      url: `/api/practitioner-roles/${farahSkin}`,
      headers: headers(BEN),
      payload: validRole,
    });
    expectProblem(sameOrganisation, 403);
    const otherOrganisation = await t.app.inject({
      method: 'PUT',
      url: `/api/practitioner-roles/${aliceTelehealth}`,
      headers: headers(BEN),
      payload: validRole,
    });
    expectProblem(otherOrganisation, 404);
  });

  it('takes a specialty from the terminology, keeps an unchanged one, and refuses one it does not hold (decision 077)', async () => {
    const put = (specialty: string | null | undefined) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/practitioner-roles/${aliceGp}`,
        headers: headers(ALICE),
        payload: { ...validRole, startDate: '2024-03-04', specialty },
      });
    expect(
      PractitionerRoleDetail.parse((await get(ALICE, `/api/practitioner-roles/${aliceGp}`)).json())
        .specialty,
    ).toBe('General practice');
    expectProblem(await put('Skin checks'), 400, { field: 'specialty' });
    const changed = await put('  dermatology ');
    expect(changed.statusCode, changed.body).toBe(200);
    expect(PractitionerRoleDetail.parse(changed.json()).specialty).toBe('dermatology');
    const unsent = await put(undefined);
    expect(PractitionerRoleDetail.parse(unsent.json()).specialty).toBe('dermatology');
    const none = await put('');
    expect(PractitionerRoleDetail.parse(none.json()).specialty).toBeNull();
    const back = await put('General practice');
    expect(PractitionerRoleDetail.parse(back.json()).specialty).toBe('General practice');
  });

  it('saves the languages offered in a role from the list, audited; keeps them when not sent; refuses others (decision 078)', async () => {
    const put = (languages: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/practitioner-roles/${aliceTelehealth}`,
        headers: headers(ALICE),
        payload: { ...validRole, startDate: '2025-01-15', languages },
      });
    const read = async () =>
      PractitionerRoleDetail.parse(
        (await get(ALICE, `/api/practitioner-roles/${aliceTelehealth}`)).json(),
      ).languages;
    expect(await read()).toEqual([]);
    const saved = await put(['vi', 'fr']);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(PractitionerRoleDetail.parse(saved.json()).languages).toEqual(['vi', 'fr']);
    const events = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entityId, aliceTelehealth),
          eq(auditEvents.action, 'practitioner-role.updated'),
        ),
      );
    expect(events.at(-1)?.changedFields).toMatchObject({ languages: ['vi', 'fr'] });
    expect((await put(undefined)).statusCode).toBe(200);
    expect(await read()).toEqual(['vi', 'fr']);
    for (const bad of [['xx'], ['vi', 'vi'], 'vi']) {
      const res = await put(bad);
      expectProblem(res, 400);
      const errors = (res.json() as { errors: Array<{ field: string }> }).errors;
      expect(errors.map((e) => e.field.split('.')[0])).toContain('languages');
    }
    expect((await put([])).statusCode).toBe(200);
    expect(await read()).toEqual([]);
  });

  it('refuses George’s edit with 403 and audits Alice’s with the changed fields', async () => {
    const payload = { ...validRole, startDate: '2023-07-01', endDate: '2027-06-30' };
    const denied = await t.app.inject({
      method: 'PUT',
      url: `/api/practitioner-roles/${farahSkin}`,
      headers: headers(GEORGE),
      payload,
    });
    expectProblem(denied, 403);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/practitioner-roles/${farahSkin}`,
      headers: headers(ALICE),
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(PractitionerRoleDetail.parse(res.json()).isActive).toBe(true);
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entityId, farahSkin),
          eq(auditEvents.action, 'practitioner-role.updated'),
        ),
      );
    expect(event?.changedFields).toMatchObject({
      endDate: '2027-06-30',
      primaryType: 'General practitioner',
    });
  });

  it('validates role fields on the server', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/practitioner-roles/${farahSkin}`,
      headers: headers(ALICE),
      payload: { ...validRole, endDate: '2020-01-01' },
    });
    expectProblem(res, 400, { field: 'endDate' });
    const unknownType = await t.app.inject({
      method: 'PUT',
      url: `/api/practitioner-roles/${farahSkin}`,
      headers: headers(ALICE),
      payload: { ...validRole, primaryType: 'Astronaut' },
    });
    expectProblem(unknownType, 400, { field: 'primaryType' });
  });

  it('answers an HPI-I search with match or no match only, never a name, and audits every one', async () => {
    const search = (ra: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/practitioners/hi-service/search',
        headers: headers(ra),
        payload,
      });
    const answer = async (hpii: string, familyName: string, givenName: string) => {
      const res = await search(ALICE, { hpii, familyName, givenName });
      expect(res.statusCode, res.body).toBe(200);
      // Exactly the match: no name, no status, no practitioner id.
      expect(Object.keys(res.json() as object)).toEqual(['match']);
      return HpiiSearchResult.parse(res.json()).match;
    };
    expect(await answer('8003615260181594', 'Nguyen', 'Alice')).toBe(true);
    // Names compare without case or surrounding spaces, as the HI Service's search does.
    expect(await answer('8003611860913908', ' brown ', 'ISLA')).toBe(true);
    expect(await answer('8003615260181594', 'Okafor', 'Alice')).toBe(false);
    expect(await answer('8003615260181594', 'Nguyen', 'Ben')).toBe(false);
    // Not active, not linked and unknown numbers are all no match: nothing tells them apart.
    expect(await answer('8003619960308242', 'Brown', 'Isla')).toBe(false);
    expect(await answer('8003616281948219', 'Brown', 'Isla')).toBe(false);
    expect(await answer('8003610000000006', 'Brown', 'Isla')).toBe(false);

    const events = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'hi-service.search'),
          eq(auditEvents.actorUserId, demoIds.user('alice')),
        ),
      )
      .orderBy(auditEvents.at);
    expect(events.map((e) => [e.entityId, e.changedFields])).toEqual([
      ['8003615260181594', { match: true, purpose: 'search' }],
      ['8003611860913908', { match: true, purpose: 'search' }],
      ['8003615260181594', { match: false, purpose: 'search' }],
      ['8003615260181594', { match: false, purpose: 'search' }],
      ['8003619960308242', { match: false, purpose: 'search' }],
      ['8003616281948219', { match: false, purpose: 'search' }],
      ['8003610000000006', { match: false, purpose: 'search' }],
    ]);
    expect(events.every((e) => e.entityType === 'HPI-I')).toBe(true);

    // The number alone is no longer a question the API answers.
    expectProblem(await get(ALICE, '/api/practitioners/hi-service/8003615260181594'), 404);
  });

  it('refuses an HPI-I search to those who cannot manage practitioners, and words a bad one', async () => {
    const search = (ra: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/practitioners/hi-service/search',
        headers: headers(ra),
        payload,
      });
    const alice = { hpii: '8003615260181594', familyName: 'Nguyen', givenName: 'Alice' };
    expectProblem(await search(GEORGE, alice), 403);
    const noName = expectProblem(await search(ALICE, { ...alice, familyName: '  ' }), 400, {
      field: 'familyName',
    });
    expect(noName.errors).toEqual([
      { field: 'familyName', message: hpiiSearchMessages.familyNameRequired },
    ]);
    const checkDigit = expectProblem(
      await search(ALICE, { ...alice, hpii: '8003615260181595' }),
      400,
      { field: 'hpii' },
    );
    expect(checkDigit.errors).toEqual([
      { field: 'hpii', message: hpiiSearchMessages.hpiiCheckDigit },
    ]);
    const short = expectProblem(await search(ALICE, { ...alice, hpii: '123' }), 400);
    expect(short.errors).toEqual([{ field: 'hpii', message: hpiiSearchMessages.hpiiDigits }]);
  });

  it('searches known practitioners by name for managers only', async () => {
    const res = await get(ALICE, '/api/practitioners/search?name=haddad');
    expect(res.statusCode).toBe(200);
    expect((res.json() as { practitioners: Array<{ givenName: string }> }).practitioners).toEqual([
      expect.objectContaining({ givenName: 'Farah', familyName: 'Haddad' }),
    ]);
    expect((await get(GEORGE, '/api/practitioners/search?name=haddad')).statusCode).toBe(403);
  });

  it('offers the services the user manages and the role types', async () => {
    const alice = PractitionerRoleOptions.parse(
      (await get(ALICE, '/api/practitioner-roles/options')).json(),
    );
    expect(alice.healthcareServices.map((s) => s.name)).toContain('Harbour Skin Check Clinic');
    expect(alice.roleTypes).toContain('General practitioner');
    // The terminology's roles come after the list's, each once (docs/decisions/071-terminology-and-codes.md).
    expect(alice.roleTypes).toContain('Cardiologist');
    expect(alice.roleTypes.filter((t) => t === 'General practitioner')).toHaveLength(1);
    const ben = PractitionerRoleOptions.parse(
      (await get(BEN, '/api/practitioner-roles/options')).json(),
    );
    expect(ben.healthcareServices.map((s) => s.name)).toEqual([
      'Harbour General Practice Surry Hills',
    ]);
    expect((await get(GEORGE, '/api/practitioner-roles/options')).statusCode).toBe(403);
  });

  it('adds a role for a practitioner the HI Service matched, creating the practitioner with the names given, audited', async () => {
    const serviceId = demoIds.healthcareService('surry-hills-skin');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/practitioner-roles',
      headers: headers(ALICE),
      payload: {
        ...validRole,
        practitionerId: null,
        hiService: { hpii: '8003611860913908', familyName: 'Brown', givenName: 'Isla' },
        healthcareServiceId: serviceId,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const role = PractitionerRoleDetail.parse(res.json());
    expect(role.practitioner).toMatchObject({ givenName: 'Isla', familyName: 'Brown' });
    const [person] = await t.db
      .select()
      .from(practitioners)
      .where(eq(practitioners.hpii, '8003611860913908'));
    expect(person?.id).toBe(role.practitioner.id);
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, role.id));
    expect(events.map((e) => e.action)).toEqual(['practitioner-role.created']);
    // The match was asked again for the role, and audited as a search.
    const [searched] = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'hi-service.search'),
          eq(auditEvents.requestId, events[0]!.requestId!),
        ),
      );
    expect(searched).toMatchObject({
      entityId: '8003611860913908',
      changedFields: { match: true, purpose: 'practitioner-role' },
    });
    const listed = await list(ALICE, '?name=isla%20brown');
    expect(listed.practitioners[0]?.serviceOfferings.map((o) => o.id)).toEqual([role.id]);
  });

  it('adds a role for a known practitioner by id, and refuses HPI-Is the HI Service does not match', async () => {
    const serviceId = demoIds.healthcareService('surry-hills-gp');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/practitioner-roles',
      headers: headers(BEN),
      payload: {
        ...validRole,
        practitionerId: demoIds.practitioner('alice'),
        hiService: null,
        healthcareServiceId: serviceId,
      },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    // Farah holds no role Ben can see: she is not a practitioner he knows.
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/practitioner-roles',
      headers: headers(BEN),
      payload: {
        ...validRole,
        practitionerId: demoIds.practitioner('farah'),
        hiService: null,
        healthcareServiceId: serviceId,
      },
    });
    expectProblem(unknown, 400);
    const notActive = await t.app.inject({
      method: 'POST',
      url: '/api/practitioner-roles',
      headers: headers(ALICE),
      payload: {
        ...validRole,
        practitionerId: null,
        hiService: { hpii: '8003619960308242', familyName: 'Brown', givenName: 'Isla' },
        healthcareServiceId: serviceId,
      },
    });
    expect(expectProblem(notActive, 400, { field: 'hiService.hpii' }).errors).toEqual([
      { field: 'hiService.hpii', message: hpiiSearchMessages.noMatch },
    ]);
    // A number with a name it does not hold is no match either: the role cannot name anyone by number.
    const wrongName = await t.app.inject({
      method: 'POST',
      url: '/api/practitioner-roles',
      headers: headers(ALICE),
      payload: {
        ...validRole,
        practitionerId: null,
        hiService: { hpii: '8003610830166134', familyName: 'Nguyen', givenName: 'Farah' },
        healthcareServiceId: serviceId,
      },
    });
    expectProblem(wrongName, 400, { field: 'hiService.hpii' });
    const benElsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/practitioner-roles',
      headers: headers(BEN),
      payload: {
        ...validRole,
        practitionerId: demoIds.practitioner('farah'),
        hiService: null,
        healthcareServiceId: demoIds.healthcareService('surry-hills-skin'),
      },
    });
    expectProblem(benElsewhere, 403);
    const george = await t.app.inject({
      method: 'POST',
      url: '/api/practitioner-roles',
      headers: headers(GEORGE),
      payload: {
        ...validRole,
        practitionerId: demoIds.practitioner('farah'),
        hiService: null,
        healthcareServiceId: serviceId,
      },
    });
    expectProblem(george, 403);
  });
});

// HPI-I searches per user (docs/decisions/055-hpii-lookup-and-managing-powers.md): a low limit here, so the
// test reaches it; the default is 20 in 10 minutes.
describe('the HPI-I search limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMIT_HPII_SEARCH: '3/10m' });
  });
  afterAll(() => limited?.close());

  it('refuses the 4th search of one user with a 429 problem, counts role additions by HPI-I, not by id', async () => {
    const alice = limited.bearer(await limited.tokenFor(ALICE));
    const ben = limited.bearer(await limited.tokenFor(BEN));
    const search = (h: Record<string, string>) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/practitioners/hi-service/search',
        headers: h,
        payload: { hpii: '8003610000000006', familyName: 'Brown', givenName: 'Isla' },
      });
    for (let i = 0; i < 3; i++) expect((await search(alice)).statusCode).toBe(200);
    const refused = await search(alice);
    const problem = expectProblem(refused, 429, { type: 'rate-limited' });
    expect(problem.detail).toMatch(
      /^Too many HPI-I searches\. Please wait \d+ minutes? and try again\.$/,
    );
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);

    const addRole = (h: Record<string, string>, who: object) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/practitioner-roles',
        headers: h,
        payload: {
          ...validRole,
          practitionerId: null,
          hiService: null,
          healthcareServiceId: demoIds.healthcareService('surry-hills-gp'),
          ...who,
        },
      });
    // Adding a role by an HPI-I match asks the HI Service again: it waits with the searches.
    expectProblem(
      await addRole(alice, {
        hiService: { hpii: '8003611860913908', familyName: 'Brown', givenName: 'Isla' },
      }),
      429,
      { type: 'rate-limited' },
    );
    // By a known practitioner's id it asks nothing, and is not counted.
    const byId = await addRole(alice, { practitionerId: demoIds.practitioner('farah') });
    expect(byId.statusCode, byId.body).toBe(201);
    // The count is Alice's: Ben still has his.
    expect((await search(ben)).statusCode).toBe(200);
    // Refused searches reached neither the HI Service nor the audit log.
    const audited = await limited.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'hi-service.search'),
          eq(auditEvents.actorUserId, demoIds.user('alice')),
        ),
      );
    expect(audited).toHaveLength(3);
  }, 60_000);
});

// docs/decisions/080-hours-all-day-and-rsg.md: a role's own optional hours, the service's opening-hours schema.
describe('when a practitioner is available in a role', () => {
  const week = (days: Record<string, { allDay?: boolean; ranges?: Array<[string, string]> }>) =>
    Object.entries(days).map(([day, d]) => ({
      day,
      allDay: d.allDay ?? false,
      ranges: (d.ranges ?? []).map(([opens, closes]) => ({ opens, closes })),
    }));
  const put = (availableTime: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/practitioner-roles/${aliceTelehealth}`,
      headers: headers(ALICE),
      payload: { ...validRole, startDate: '2025-01-15', availableTime },
    });

  it('saves hours and an all-day day, keeps them when not sent, and audits the change', async () => {
    const before = PractitionerRoleDetail.parse(
      (await get(ALICE, `/api/practitioner-roles/${aliceTelehealth}`)).json(),
    );
    expect(before.availableTime).toEqual([]);
    const saved = await put(week({ mon: { ranges: [['18:00', '22:00']] }, sun: { allDay: true } }));
    expect(saved.statusCode, saved.body).toBe(200);
    const detail = PractitionerRoleDetail.parse(saved.json());
    expect(detail.availableTime.find((d) => d.day === 'mon')).toEqual({
      day: 'mon',
      allDay: false,
      ranges: [{ opens: '18:00', closes: '22:00' }],
    });
    expect(detail.availableTime.find((d) => d.day === 'sun')).toMatchObject({ allDay: true });
    const unsent = await put(undefined);
    expect(PractitionerRoleDetail.parse(unsent.json()).availableTime).toEqual(detail.availableTime);
    // Other tests of this file edit the same role (its languages): this test's edits are the ones that
    // changed the hours, and the put that sent none changed nothing of them.
    const events = (
      await t.db
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.entityId, aliceTelehealth),
            eq(auditEvents.action, 'practitioner-role.updated'),
          ),
        )
    ).filter((e) => 'availableTime' in ((e.changedFields ?? {}) as Record<string, unknown>));
    expect(events).toHaveLength(1);
    expect(events[0]?.changedFields).toMatchObject({
      availableTime: [
        { day: 'mon', opens: '18:00', closes: '22:00' },
        { day: 'sun', opens: '00:00', closes: '23:59' },
      ],
    });
    const none = await put(week({ mon: {} }));
    expect(PractitionerRoleDetail.parse(none.json()).availableTime).toEqual([]);
  });

  it('refuses hours that close before they open or at midnight, saying how to enter hours past midnight, with the problem on the field', async () => {
    const closing =
      'Tuesday: closing time must be after opening time. For hours past midnight, close at 23:59 and add the rest to the next day.';
    const res = await put(week({ tue: { ranges: [['17:00', '09:00']] } }));
    const problem = expectProblem(res, 400, { field: 'availableTime.0.ranges.0.closes' });
    expect(problem.errors?.[0]?.message).toBe(closing);
    const midnight = expectProblem(
      await put(week({ tue: { ranges: [['18:00', '00:00']] } })),
      400,
      {
        field: 'availableTime.0.ranges.0.closes',
      },
    );
    expect(midnight.errors?.[0]?.message).toBe(closing);
    expectProblem(await put(week({ tue: { ranges: [['9am', '17:00']] } })), 400, {
      field: 'availableTime.0.ranges.0.opens',
    });
  });
});

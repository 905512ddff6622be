import { describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { LocalitySearchResult, LocationDetail, type LocationInput } from '@pca/contracts';
import { auditEvents, locations } from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { ALICE, BEN, GEORGE, JACK, useTestApp } from '../../test/use-test-app.ts';
import { expectProblem } from '../../test/expect-problem.ts';

const clinic = demoIds.location('surry-hills-clinic');
const surryHills = demoIds.organisation('harbour-surry-hills');

const { t, as } = useTestApp();

const edit: LocationInput = {
  name: 'Surry Hills Clinic',
  kind: 'physical',
  addressLine: '122 Crown Street',
  locality: 'Surry Hills',
  postcode: '2010',
  state: 'NSW',
  phone: '02 9123 4500',
  afterHoursPhone: '',
  email: 'reception@harbourmedical.example.com.au',
  fax: '',
  website: '',
  suppressEmail: true,
  suppressPhone: false,
};

describe('locations', () => {
  it('shows a location with its services and partner services to a Viewer, read-only', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/locations/${clinic}`,
      headers: await as(GEORGE),
    });
    expect(res.statusCode).toBe(200);
    const l = LocationDetail.parse(res.json());
    expect(l).toMatchObject({
      name: 'Surry Hills Clinic',
      kind: 'physical',
      locality: 'Surry Hills',
      canEdit: false,
    });
    expect(l.healthcareServices).toHaveLength(2);
  });

  it('lets Alice edit it (audited) and refuses George, Ben and Jack', async () => {
    const url = `/api/locations/${clinic}`;
    const ok = await t.app.inject({
      method: 'PATCH',
      url,
      headers: await as(ALICE),
      payload: edit,
    });
    expect(ok.statusCode).toBe(200);
    expect(LocationDetail.parse(ok.json())).toMatchObject({
      addressLine: '122 Crown Street',
      suppressEmail: true,
      fax: '',
    });
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, clinic));
    expect(audit.map((a) => a.action)).toContain('location.updated');
    for (const ra of [GEORGE, BEN])
      expect(
        (await t.app.inject({ method: 'PATCH', url, headers: await as(ra), payload: edit }))
          .statusCode,
      ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url, headers: await as(JACK) })).statusCode).toBe(
      403,
    );
  });

  it('keeps an imported multi-line address when only the phone is changed', async () => {
    const url = `/api/locations/${clinic}`;
    // As the NHSD import stores it: one line of the address per element.
    await t.db
      .update(locations)
      .set({ addressLines: ['Level 1', '120 Crown Street'] })
      .where(eq(locations.id, clinic));
    const shown = LocationDetail.parse(
      (await t.app.inject({ method: 'GET', url, headers: await as(ALICE) })).json(),
    );
    expect(shown.addressLine).toBe('Level 1, 120 Crown Street');
    const res = await t.app.inject({
      method: 'PATCH',
      url,
      headers: await as(ALICE),
      payload: { ...edit, addressLine: shown.addressLine, phone: '02 9123 4599' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(locations).where(eq(locations.id, clinic));
    expect(row!.addressLines).toEqual(['Level 1', '120 Crown Street']);
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, clinic))
      .orderBy(desc(auditEvents.at))
      .limit(1);
    expect(audit!.action).toBe('location.updated');
    expect(Object.keys(audit!.changedFields as object)).toContain('phone');
    expect(Object.keys(audit!.changedFields as object)).not.toContain('addressLines');
    // A changed address is saved as the one line typed.
    await t.app.inject({
      method: 'PATCH',
      url,
      headers: await as(ALICE),
      payload: { ...edit, addressLine: 'Level 2, 120 Crown Street' },
    });
    const [moved] = await t.db.select().from(locations).where(eq(locations.id, clinic));
    expect(moved!.addressLines).toEqual(['Level 2, 120 Crown Street']);
  });

  it('validates addresses and contact details', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/locations/${clinic}`,
      headers: await as(ALICE),
      payload: { ...edit, addressLine: '', email: 'nope', locality: 'Atlantis', postcode: '9999' },
    });
    expect(res.statusCode).toBe(400);
    const fields = (res.json() as { errors: Array<{ field: string }> }).errors.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['addressLine', 'email']));
    const unknown = await t.app.inject({
      method: 'PATCH',
      url: `/api/locations/${clinic}`,
      headers: await as(ALICE),
      payload: { ...edit, locality: 'Atlantis', postcode: '9999' },
    });
    expectProblem(unknown, 400, { field: 'locality' });
  });

  it('adds a virtual location to an organisation for Alice only', async () => {
    const url = `/api/organisations/${surryHills}/locations`;
    const body = {
      ...edit,
      name: 'Surry Hills Video',
      kind: 'VI',
      addressLine: '',
      locality: '',
      postcode: '',
      state: '',
    };
    expect(
      (await t.app.inject({ method: 'POST', url, headers: await as(GEORGE), payload: body }))
        .statusCode,
    ).toBe(403);
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: await as(ALICE),
      payload: body,
    });
    expect(res.statusCode).toBe(201);
    const created = LocationDetail.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/locations/${res.json().id}`,
          headers: await as(ALICE),
        })
      ).json(),
    );
    expect(created).toMatchObject({
      kind: 'VI',
      addressLine: '',
      organisation: { id: surryHills },
    });
  });
});

// docs/decisions/079-location-amenities-postal-position.md
describe('a location’s amenities, postal address and map position', () => {
  const url = `/api/locations/${clinic}`;
  const extras = {
    amenities: ['parkingFree', 'wheelchairAccess'],
    postalAddressLine: 'PO Box 77',
    postalLocality: 'Darlinghurst',
    postalPostcode: '2010',
    postalState: 'NSW' as const,
    latitude: '-33.8801',
    longitude: '151.2155',
  };

  it('saves them (audited), shows them, and leaves them as they were when a body does not send them', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url,
      headers: await as(ALICE),
      payload: { ...edit, ...extras },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(LocationDetail.parse(res.json())).toMatchObject({
      // In the list's order.
      amenities: ['wheelchairAccess', 'parkingFree'],
      postalAddressLine: 'PO Box 77',
      postalLocality: 'Darlinghurst',
      postalPostcode: '2010',
      postalState: 'NSW',
      latitude: -33.8801,
      longitude: 151.2155,
    });
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, clinic))
      .orderBy(desc(auditEvents.at))
      .limit(1);
    expect(audit!.action).toBe('location.updated');
    expect(Object.keys(audit!.changedFields as object)).toEqual(
      expect.arrayContaining(['amenities', 'postalAddressLine', 'latitude', 'longitude']),
    );
    const untouched = await t.app.inject({
      method: 'PATCH',
      url,
      headers: await as(ALICE),
      payload: edit,
    });
    expect(LocationDetail.parse(untouched.json())).toMatchObject({
      amenities: ['wheelchairAccess', 'parkingFree'],
      postalAddressLine: 'PO Box 77',
      latitude: -33.8801,
    });
    const cleared = await t.app.inject({
      method: 'PATCH',
      url,
      headers: await as(ALICE),
      payload: {
        ...edit,
        amenities: [],
        postalAddressLine: '',
        postalLocality: '',
        postalPostcode: '',
        postalState: '',
        latitude: '',
        longitude: '',
      },
    });
    expect(LocationDetail.parse(cleared.json())).toMatchObject({
      amenities: [],
      postalAddressLine: '',
      postalLocality: '',
      latitude: null,
      longitude: null,
    });
  });

  it('refuses what is not so, naming the field', async () => {
    const patch = async (over: Record<string, unknown>) =>
      t.app.inject({
        method: 'PATCH',
        url,
        headers: await as(ALICE),
        payload: { ...edit, ...extras, ...over },
      });
    expectProblem(await patch({ postalLocality: 'Atlantis', postalPostcode: '9999' }), 400, {
      field: 'postalLocality',
    });
    expectProblem(await patch({ postalAddressLine: '' }), 400, { field: 'postalAddressLine' });
    expectProblem(await patch({ latitude: '-91' }), 400, { field: 'latitude' });
    expectProblem(await patch({ longitude: '181.5' }), 400, { field: 'longitude' });
    expectProblem(await patch({ latitude: 'south' }), 400, { field: 'latitude' });
    expectProblem(await patch({ longitude: '' }), 400, { field: 'longitude' });
    const amenity = expectProblem(await patch({ amenities: ['helipad'] }), 400);
    expect(amenity.errors?.[0]?.field).toMatch(/^amenities/);
  });
});

describe('GET /api/localities', () => {
  const search = async (q: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/localities?q=${encodeURIComponent(q)}`,
      headers: await as(GEORGE),
    });
    expect(res.statusCode).toBe(200);
    return LocalitySearchResult.parse(res.json()).localities;
  };

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/localities?q=surry' })).statusCode).toBe(
      401,
    );
  });

  it('matches suburb names by prefix, case-insensitively, and postcodes by digits', async () => {
    const byName = await search('surry');
    expect(byName.map((l) => l.fullLocation)).toContain('Surry Hills NSW 2010');
    // With the locality's centre, which a location's map position may start from.
    expect(byName.find((l) => l.postcode === '2010')).toMatchObject({
      latitude: -33.88447,
      longitude: 151.21001,
    });
    expect(byName.every((l) => l.locality.toLowerCase().startsWith('surry'))).toBe(true);
    const byPostcode = await search('2010');
    expect(byPostcode.every((l) => l.postcode.startsWith('2010'))).toBe(true);
    expect(byPostcode.some((l) => l.locality === 'Surry Hills')).toBe(true);
    expect((await search('Surry Hills 2010')).map((l) => l.fullLocation)).toEqual([
      'Surry Hills NSW 2010',
    ]);
  });

  it('finds the picker’s own label and the start of it, a state filtering the names', async () => {
    for (const q of ['Surry Hills NSW 2010', 'surry hills nsw', 'Surry Hills NSW 201'])
      expect(
        (await search(q)).map((l) => l.fullLocation),
        q,
      ).toEqual(['Surry Hills NSW 2010']);
    // The only Surry Hills is in New South Wales.
    expect(await search('Surry Hills VIC')).toEqual([]);
    // A last word that reads as a state may be the start of the suburb's last word.
    expect((await search('Lockyer Wa')).map((l) => l.fullLocation)).toEqual([
      'Lockyer WA 6330',
      'Lockyer Waters QLD 4311',
    ]);
    expect((await search('port wa 555')).map((l) => l.fullLocation)).toEqual([
      'Port Wakefield SA 5550',
    ]);
  });

  it('answers nothing under 3 characters, limits results and treats wildcards literally', async () => {
    expect(await search('su')).toEqual([]);
    expect((await search('san')).length).toBeLessThanOrEqual(20);
    expect(await search('%%%')).toEqual([]);
  });
});

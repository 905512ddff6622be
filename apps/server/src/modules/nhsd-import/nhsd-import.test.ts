import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  LocationDetail,
  NhsdBanner,
  NhsdImportOrganisations,
  NhsdImportResult,
  NhsdLocationSearchResult,
  NhsdSearchResult,
  nhsdImportApiPaths as paths,
  nhsdMessages,
  nhsdOrganisationApiPath,
  PartnerServiceSearchResult,
  PublicationPreferenceStatus,
  publicationMessages,
  publicationPartnerPath,
  type NhsdImportRequest,
} from '@pca/contracts';
import {
  auditEvents,
  healthcareServices,
  informationUseStatements,
  locations,
  mailOutbox,
  nhsdServices,
  organisations,
  partnerPublications,
  publicationEmailRecipients,
  roleMemberships,
} from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { ALICE, GEORGE, ISLA, JACK, useTestApp } from '../../test/use-test-app.ts';
import { expectProblem } from '../../test/expect-problem.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { nhsdImportRepository } from './repository.ts';
import { isIdentifierTaken } from './service.ts';

const org = demoIds.organisation;
const clinic = demoIds.location('surry-hills-clinic');
const mobile = demoIds.location('harbour-mobile');
const harbourGpNhsd = demoIds.nhsdService(0);
const partner = demoIds.partnerService;
const ius = demoIds.informationUseStatement;

const { t, as } = useTestApp();

type DirectoryRow = typeof nhsdServices.$inferSelect;

/** Directory services not yet imported, of a business type, whose first type is not one of `avoid`. */
async function freeServices(appliesTo: DirectoryRow['appliesTo'], avoid: string[] = []) {
  const rows = await t.db
    .select()
    .from(nhsdServices)
    .where(
      and(
        eq(nhsdServices.appliesTo, appliesTo),
        sql`${nhsdServices.nhsdResourceIdentifier} not in (select nhsd_resource_identifier from healthcare_services where nhsd_resource_identifier is not null)`,
      ),
    )
    .orderBy(nhsdServices.nhsdResourceIdentifier);
  return rows.filter((r) => !avoid.includes(r.serviceTypes[0]!));
}

const get = async (url: string, who: string) =>
  t.app.inject({ method: 'GET', url, headers: await as(who) });
const post = async (url: string, who: string, payload: NhsdImportRequest) =>
  t.app.inject({ method: 'POST', url, headers: await as(who), payload });
const find = (query: Record<string, string>, who = ALICE) =>
  get(`${paths.find}?${new URLSearchParams(query).toString()}`, who);

describe('NHSD import: the banner and finding services', () => {
  it('answers the banner to a manager; George (Viewer) and nobody are refused', async () => {
    const res = await get(paths.banner, ALICE);
    expect(res.statusCode).toBe(200);
    expect(NhsdBanner.parse(res.json())).toEqual({ maintenance: false, message: null });
    expectProblem(await get(paths.banner, GEORGE), 403);
    expectProblem(await t.app.inject({ method: 'GET', url: paths.banner }), 401);
  });

  it('finds physical services by postcode, marking the one already imported', async () => {
    const res = await find({ appliesTo: 'si', postcode: '2010' });
    expect(res.statusCode).toBe(200);
    const body = NhsdSearchResult.parse(res.json());
    const expected = await t.db
      .select({ id: nhsdServices.nhsdResourceIdentifier })
      .from(nhsdServices)
      .where(and(eq(nhsdServices.postcode, '2010'), eq(nhsdServices.appliesTo, 'si')));
    expect(body.services.map((s) => s.nhsdResourceIdentifier).sort()).toEqual(
      expected.map((e) => e.id).sort(),
    );
    const harbour = body.services.find((s) => s.nhsdResourceIdentifier === harbourGpNhsd)!;
    expect(harbour).toMatchObject({
      organisationName: 'Harbour Medical Group',
      serviceTypes: ['General practice'],
      addressLines: ['120 Crown Street'],
      city: 'Surry Hills',
      postcode: '2010',
      state: 'NSW',
      addressText: '120 Crown Street, Surry Hills NSW 2010',
      identifierAlreadyInUse: true,
    });
    expect(body.services.filter((s) => s.identifierAlreadyInUse)).toHaveLength(1);
    expect(body.organisationNames).toContainEqual({
      organisationName: 'Harbour Medical Group',
      addressText: '120 Crown Street, Surry Hills NSW 2010',
    });
  });

  it('finds by suburb (any case) and state, and nothing in another state', async () => {
    const bySuburb = NhsdSearchResult.parse(
      (await find({ appliesTo: 'si', suburb: 'surry HILLS', state: 'NSW' })).json(),
    );
    expect(bySuburb.services.map((s) => s.nhsdResourceIdentifier)).toContain(harbourGpNhsd);
    expect(bySuburb.services.every((s) => s.city === 'Surry Hills')).toBe(true);
    const elsewhere = NhsdSearchResult.parse(
      (await find({ appliesTo: 'si', suburb: 'Surry Hills', state: 'VIC' })).json(),
    );
    expect(elsewhere).toEqual({ services: [], organisationNames: [] });
  });

  it('finds mobile and virtual services by name, only of that type', async () => {
    const [home] = await freeServices('home');
    const name = home!.organisationName.slice(0, 12);
    const body = NhsdSearchResult.parse((await find({ appliesTo: 'home', name })).json());
    expect(body.services.map((s) => s.nhsdResourceIdentifier)).toContain(
      home!.nhsdResourceIdentifier,
    );
    expect(body.services.every((s) => s.appliesTo === 'home')).toBe(true);
    expect(
      body.services.every(
        (s) =>
          s.name.toLowerCase().includes(name.toLowerCase()) ||
          s.organisationName.toLowerCase().includes(name.toLowerCase()),
      ),
    ).toBe(true);
    const virtual = NhsdSearchResult.parse(
      (await find({ appliesTo: 'virtual', name: 'telehealth' })).json(),
    );
    expect(virtual.services.length).toBeGreaterThan(0);
    expect(virtual.services.every((s) => s.appliesTo === 'virtual')).toBe(true);
  });

  it('a name search matches % and _ literally and answers nothing found as an empty result', async () => {
    const none = NhsdSearchResult.parse(
      (await find({ appliesTo: 'virtual', name: 'zzq%_no such practice' })).json(),
    );
    expect(none).toEqual({ services: [], organisationNames: [] });
  });

  it('refuses a name under 3 characters, a physical search without a place, and hostile text', async () => {
    const short = expectProblem(await find({ appliesTo: 'home', name: 'ab' }), 400, {
      field: 'name',
    });
    expect(short.errors).toContainEqual({ field: 'name', message: nhsdMessages.nameTooShort });
    expectProblem(await find({ appliesTo: 'si' }), 400, { field: 'suburb' });
    expectProblem(await find({ appliesTo: 'si', postcode: '20100' }), 400, { field: 'postcode' });
    expectProblem(await find({ appliesTo: 'virtual', name: 'abc\u0000def' }), 400, {
      field: 'name',
    });
    expectProblem(await find({ appliesTo: 'elsewhere', name: 'abcdef' }), 400, {
      field: 'appliesTo',
    });
    expectProblem(await find({ appliesTo: 'si', postcode: '2010' }, GEORGE), 403);
  });
});

describe('NHSD import: where services may go', () => {
  it('offers Alice the Harbour tree she manages, Isla and Jack nothing (not approved), George 403', async () => {
    const alice = NhsdImportOrganisations.parse((await get(paths.organisations, ALICE)).json());
    expect(alice.organisations).toHaveLength(1);
    const [root] = alice.organisations;
    expect(root).toMatchObject({
      id: org('harbour-group'),
      type: 'ParticipatingOrganisation',
      isActive: true,
      effectiveRoles: ['OrganisationManager'],
    });
    expect(root!.children.map((c) => c.id).sort()).toEqual(
      [org('harbour-surry-hills'), org('harbour-telehealth'), org('harbour-home-visits')].sort(),
    );
    for (const who of [ISLA, JACK]) {
      const res = await get(paths.organisations, who);
      expect(res.statusCode).toBe(200);
      expect(NhsdImportOrganisations.parse(res.json())).toEqual({ organisations: [] });
    }
    expectProblem(await get(paths.organisations, GEORGE), 403);
  });

  it('lists an organisation’s active locations with their type codes, 403 elsewhere', async () => {
    const physical = NhsdLocationSearchResult.parse(
      (await get(nhsdOrganisationApiPath('locations', org('harbour-surry-hills')), ALICE)).json(),
    );
    expect(physical).toEqual({
      items: [
        {
          locationId: clinic,
          name: 'Surry Hills Clinic',
          addressText: '120 Crown Street, Surry Hills NSW 2010',
          type: [],
        },
      ],
      page: 1,
      total: 1,
    });
    const virtual = NhsdLocationSearchResult.parse(
      (await get(nhsdOrganisationApiPath('locations', org('harbour-telehealth')), ALICE)).json(),
    );
    expect(virtual.items.map((l) => l.type)).toEqual([['VI']]);
    const forbidden = expectProblem(
      await get(nhsdOrganisationApiPath('locations', org('riverbend')), ALICE),
      403,
    );
    expect(forbidden.detail).toBe('You cannot import services into this organisation or location.');
    expectProblem(await get(nhsdOrganisationApiPath('locations', org('riverbend')), JACK), 403);
    expectProblem(
      await get(nhsdOrganisationApiPath('locations', org('harbour-surry-hills')), GEORGE),
      403,
    );
    expectProblem(
      await get(
        `${nhsdOrganisationApiPath('locations', org('harbour-surry-hills'))}?page=0`,
        ALICE,
      ),
      400,
      { field: 'page' },
    );
  });

  it('pages the locations 30 at a time, by name, leaving inactive ones out', async () => {
    const group = org('harbour-group');
    await t.db.insert(locations).values([
      ...Array.from({ length: 31 }, (_, n) => ({
        organisationId: group,
        name: `Paging location ${String(n).padStart(2, '0')}`,
        type: ['VI' as const],
      })),
      { organisationId: group, name: 'Paging location closed', type: [], isActive: false },
    ]);
    const url = nhsdOrganisationApiPath('locations', group);
    const first = NhsdLocationSearchResult.parse((await get(url, ALICE)).json());
    expect(first.items).toHaveLength(30);
    expect(first).toMatchObject({ page: 1, total: 31 });
    expect(first.items[0]).toMatchObject({ name: 'Paging location 00', type: ['VI'] });
    const second = NhsdLocationSearchResult.parse((await get(`${url}?page=2`, ALICE)).json());
    expect(second.items.map((l) => l.name)).toEqual(['Paging location 30']);
  });

  it('says Harbour has national directory preferences but none for Health Connect', async () => {
    const status = PublicationPreferenceStatus.parse(
      (
        await get(
          nhsdOrganisationApiPath('publicationPreferences', org('harbour-surry-hills')),
          ALICE,
        )
      ).json(),
    );
    expect(status.hasNhsdPublicationPreferences).toBe(true);
    expect(status.hasHcaPublicationPreferences).toBe(false);
    expect(status.organisationPublicationPreferences).toContainEqual({
      partnerServiceId: partner('nhsd'),
      partnerServiceCode: 'nhsd',
      hasAcceptedAutoPublishPartnerService: true,
      informationUseStatementId: ius('nhsd', 2),
      hasAcceptedAutoPublishNewPractitioners: true,
    });
    expectProblem(
      await get(nhsdOrganisationApiPath('publicationPreferences', org('riverbend')), JACK),
      403,
    );
  });

  it('shows every partner the imported services would inherit, from the organisation or the location', async () => {
    const url = nhsdOrganisationApiPath('publicationPreferences', org('harbour-surry-hills'));
    const status = PublicationPreferenceStatus.parse(
      (await get(`${url}?locationId=${clinic}`, ALICE)).json(),
    );
    expect(
      status.inherited.map((i) => [i.partner.code, i.from.level, i.from.name, i.current]).sort(),
    ).toEqual(
      [
        ['medifund', 'organisation', 'Harbour Medical Group Pty Ltd', true],
        ['nhsd', 'organisation', 'Harbour Medical Group Pty Ltd', true],
        ['nhsd-providers', 'organisation', 'Harbour Medical Group Pty Ltd', true],
      ].sort(),
    );
    expect(status.inherited.find((i) => i.partner.code === 'medifund')).toMatchObject({
      partner: { name: 'MediFund Health Insurance', role: 'payer' },
      publishFuturePractitioners: false,
      acceptedVersion: 1,
      acceptedBy: 'Alice Nguyen',
      latestStatement: { id: ius('medifund', 1), version: 1 },
    });
    // A location's own choice is nearer than the organisation's.
    await t.db.insert(partnerPublications).values({
      organisationId: org('harbour-surry-hills'),
      locationId: clinic,
      partnerServiceId: partner('medifund'),
      publish: false,
      informationUseStatementId: ius('medifund', 1),
      acceptedByUserId: demoIds.user('alice'),
      acceptedAt: new Date(),
    });
    try {
      const atClinic = PublicationPreferenceStatus.parse(
        (await get(`${url}?locationId=${clinic}`, ALICE)).json(),
      );
      expect(atClinic.inherited.map((i) => i.partner.code)).not.toContain('medifund');
      const anywhere = PublicationPreferenceStatus.parse((await get(url, ALICE)).json());
      expect(anywhere.inherited.map((i) => i.partner.code)).toContain('medifund');
    } finally {
      await t.db
        .delete(partnerPublications)
        .where(
          and(
            eq(partnerPublications.locationId, clinic),
            eq(partnerPublications.partnerServiceId, partner('medifund')),
          ),
        );
    }
    // A location of another organisation is refused.
    expectProblem(await get(`${url}?locationId=${mobile}`, ALICE), 400, { field: 'locationId' });
    expectProblem(await get(`${url}?locationId=not-a-uuid`, ALICE), 400);
  });

  it('lists the directory partner services with their latest statement', async () => {
    const res = await get(
      `${nhsdOrganisationApiPath('partnerServices', org('harbour-surry-hills'))}?role=directory`,
      ALICE,
    );
    const body = PartnerServiceSearchResult.parse(res.json());
    expect(body.items.map((p) => p.code).sort()).toEqual([
      'health-connect',
      'nhsd',
      'nhsd-providers',
    ]);
    const nhsd = body.items.find((p) => p.code === 'nhsd')!;
    // Harbour accepted version 2, the latest.
    expect(nhsd.informationUseStatement).toMatchObject({ id: ius('nhsd', 2), version: 2 });
    expect(nhsd.hasAcceptedLatestVersionIus).toBe(true);
    const providers = body.items.find((p) => p.code === 'nhsd-providers')!;
    expect(providers).toMatchObject({ hasAcceptedLatestVersionIus: true, subscribedWith: 'nhsd' });
    expect(body.total).toBe(3);
    const payers = PartnerServiceSearchResult.parse(
      (
        await get(
          `${nhsdOrganisationApiPath('partnerServices', org('harbour-surry-hills'))}?role=payer`,
          ALICE,
        )
      ).json(),
    );
    expect(payers.items.map((p) => p.code)).toEqual(['medifund']);
  });
});

describe('NHSD import: validate and import', () => {
  it('refuses a service whose type the location already has (the duplicate-type rule)', async () => {
    const [gp] = await freeServices('si').then((rows) =>
      rows.filter((r) => r.serviceTypes[0] === 'General practice'),
    );
    const body = expectProblem(
      await post(paths.validate, ALICE, {
        importIds: [gp!.nhsdResourceIdentifier],
        organisationId: org('harbour-surry-hills'),
        locationId: clinic,
      }),
      409,
      { type: 'nhsd-duplicate-service-type' },
    );
    expect(body.detail).toContain(nhsdMessages.duplicateServiceTypeDetail);
    expect(body.detail).toContain("'General practice'");
  });

  it('refuses two selected services of one type at the same location', async () => {
    const rows = await freeServices('si', ['General practice', 'Skin cancer clinic']);
    const type = rows[0]!.serviceTypes[0];
    const same = rows.filter((r) => r.serviceTypes[0] === type).slice(0, 2);
    expect(same).toHaveLength(2);
    const body = expectProblem(
      await post(paths.validate, ALICE, {
        importIds: same.map((s) => s.nhsdResourceIdentifier),
        organisationId: org('harbour-surry-hills'),
        locationId: clinic,
      }),
      409,
      { type: 'nhsd-duplicate-service-type' },
    );
    expect(body.detail).toContain(nhsdMessages.duplicateServiceTypeDetail);
  });

  it('refuses a service already imported (409 in use) and one not in the directory (400)', async () => {
    const inUse = expectProblem(
      await post(paths.validate, ALICE, {
        importIds: [harbourGpNhsd],
        organisationId: org('harbour-surry-hills'),
      }),
      409,
      { type: 'nhsd-identifier-in-use' },
    );
    expect(inUse.detail).toBe(nhsdMessages.identifierInUse);
    expectProblem(
      await post(paths.validate, ALICE, {
        importIds: ['no-such-service'],
        organisationId: org('harbour-surry-hills'),
      }),
      400,
      { field: 'importIds' },
    );
  });

  it('refuses a location of another business type or of another organisation', async () => {
    const [home] = await freeServices('home');
    expectProblem(
      await post(paths.validate, ALICE, {
        importIds: [home!.nhsdResourceIdentifier],
        organisationId: org('harbour-surry-hills'),
        locationId: clinic,
      }),
      400,
      { field: 'locationId' },
    );
    expectProblem(
      await post(paths.validate, ALICE, {
        importIds: [home!.nhsdResourceIdentifier],
        organisationId: org('harbour-surry-hills'),
        locationId: mobile,
      }),
      400,
      { field: 'locationId' },
    );
    expectProblem(
      await post(paths.validate, ALICE, {
        importIds: [home!.nhsdResourceIdentifier],
        organisationId: org('harbour-home-visits'),
        locationId: '00000000-0000-4000-8000-000000000000',
      }),
      404,
    );
  });

  it('refuses George, Isla, Jack, and Alice outside her organisations (403, nothing written)', async () => {
    const [service] = await freeServices('si', ['General practice', 'Skin cancer clinic']);
    const request = {
      importIds: [service!.nhsdResourceIdentifier],
      organisationId: org('harbour-surry-hills'),
      locationId: clinic,
    };
    expectProblem(await post(paths.import, GEORGE, request), 403);
    expectProblem(await post(paths.validate, GEORGE, request), 403);
    expectProblem(await post(paths.import, ISLA, request), 403);
    expectProblem(
      await post(paths.import, ISLA, { ...request, organisationId: org('coastal-physio') }),
      403,
    );
    expectProblem(
      await post(paths.import, JACK, {
        importIds: request.importIds,
        organisationId: org('riverbend'),
      }),
      403,
    );
    expectProblem(
      await post(paths.import, ALICE, { ...request, organisationId: org('riverbend') }),
      403,
    );
    // A location of an organisation she cannot import into, named with one she can.
    const [riverbendLocation] = await t.db
      .insert(locations)
      .values({ organisationId: org('riverbend'), name: 'Riverbend Rooms', type: [] })
      .returning();
    expectProblem(
      await post(paths.validate, ALICE, { ...request, locationId: riverbendLocation!.id }),
      403,
    );
    const written = await t.db
      .select()
      .from(healthcareServices)
      .where(eq(healthcareServices.nhsdResourceIdentifier, service!.nhsdResourceIdentifier));
    expect(written).toEqual([]);
  });

  it('imports two physical services into Surry Hills Clinic, which inherit the standing choices, audited', async () => {
    // Two services found by one postcode, of types the clinic does not have yet.
    const rows = await freeServices('si', ['General practice', 'Skin cancer clinic']);
    const byPostcode = new Map<string, DirectoryRow[]>();
    for (const r of rows) byPostcode.set(r.postcode, [...(byPostcode.get(r.postcode) ?? []), r]);
    const pair = [...byPostcode.values()].find(
      (g) => g.length >= 2 && g[0]!.serviceTypes[0] !== g[1]!.serviceTypes[0],
    )!;
    const chosen = pair.slice(0, 2);
    const found = NhsdSearchResult.parse(
      (await find({ appliesTo: 'si', postcode: chosen[0]!.postcode })).json(),
    );
    expect(found.services.filter((s) => !s.identifierAlreadyInUse).length).toBeGreaterThanOrEqual(
      2,
    );
    const request = {
      importIds: chosen.map((s) => s.nhsdResourceIdentifier),
      organisationId: org('harbour-surry-hills'),
      locationId: clinic,
    };
    const valid = await post(paths.validate, ALICE, request);
    expect(valid.statusCode).toBe(204);

    const res = await post(paths.import, ALICE, request);
    expect(res.statusCode).toBe(200);
    const result = NhsdImportResult.parse(res.json());
    expect(result).toMatchObject({
      locationId: clinic,
      locationName: 'Surry Hills Clinic',
      locationCreated: false,
    });
    expect(result.healthcareServiceIds).toHaveLength(2);

    const services = await t.db
      .select()
      .from(healthcareServices)
      .where(inArray(healthcareServices.id, result.healthcareServiceIds));
    expect(services.map((s) => s.nhsdResourceIdentifier).sort()).toEqual(request.importIds.sort());
    for (const s of services) {
      const source = chosen.find((c) => c.nhsdResourceIdentifier === s.nhsdResourceIdentifier)!;
      expect(s).toMatchObject({
        organisationId: org('harbour-surry-hills'),
        locationId: clinic,
        name: source.name,
        serviceType: source.serviceTypes[0],
        phone: source.phone,
        email: source.email,
        website: source.website,
      });
    }
    // Nothing was chosen in the publication step: the services inherit Harbour's standing choices (which the
    // step showed), and no row records an acceptance Alice did not give.
    const subscriptions = await t.db
      .select()
      .from(partnerPublications)
      .where(inArray(partnerPublications.healthcareServiceId, result.healthcareServiceIds));
    expect(subscriptions).toEqual([]);

    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.requestId, String(res.headers['x-request-id'])));
    expect(audit.filter((a) => a.action === 'healthcare-service.imported')).toHaveLength(2);
    expect(audit.filter((a) => a.action === 'service-subscription.created')).toHaveLength(0);
    expect(audit.every((a) => a.actorUserId === demoIds.user('alice'))).toBe(true);

    // The location's page shows them; a new search shows them imported.
    const detail = LocationDetail.parse((await get(`/api/locations/${clinic}`, ALICE)).json());
    expect(detail.healthcareServices.map((s) => s.id)).toEqual(
      expect.arrayContaining(result.healthcareServiceIds),
    );
    const again = NhsdSearchResult.parse(
      (await find({ appliesTo: 'si', postcode: chosen[0]!.postcode })).json(),
    );
    for (const id of request.importIds)
      expect(again.services.find((s) => s.nhsdResourceIdentifier === id)).toMatchObject({
        identifierAlreadyInUse: true,
      });
    // A second import of the same services is the in-use conflict.
    expectProblem(await post(paths.import, ALICE, request), 409, {
      type: 'nhsd-identifier-in-use',
    });
  });

  it('imports a mobile service with the pseudo-location, creating the location from the directory entry', async () => {
    const [home] = await freeServices('home');
    const res = await post(paths.import, ALICE, {
      importIds: [home!.nhsdResourceIdentifier],
      organisationId: org('harbour-home-visits'),
      nhsdSubscriptions: [
        {
          partnerServiceId: partner('health-connect'),
          informationUseStatementId: ius('health-connect', 1),
          subscribeFuturePractitioners: false,
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    const result = NhsdImportResult.parse(res.json());
    expect(result.locationCreated).toBe(true);
    expect(result.locationName).toBe(home!.organisationName);
    const [location] = await t.db
      .select()
      .from(locations)
      .where(eq(locations.id, result.locationId));
    expect(location).toMatchObject({
      organisationId: org('harbour-home-visits'),
      name: home!.organisationName,
      type: ['MOBL'],
      addressLines: [],
      isActive: true,
    });
    // Health Connect chosen now, accepted by Alice on the statement she was shown; the national directories
    // are inherited from the group, not copied.
    const subscriptions = await t.db
      .select()
      .from(partnerPublications)
      .where(eq(partnerPublications.healthcareServiceId, result.healthcareServiceIds[0]!));
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]).toMatchObject({
      partnerServiceId: partner('health-connect'),
      publishFuturePractitioners: false,
      informationUseStatementId: ius('health-connect', 1),
      acceptedByUserId: demoIds.user('alice'),
    });
    // Health Connect is now a standing preference of the Harbour group.
    const status = PublicationPreferenceStatus.parse(
      (
        await get(
          nhsdOrganisationApiPath('publicationPreferences', org('harbour-home-visits')),
          ALICE,
        )
      ).json(),
    );
    expect(status.hasHcaPublicationPreferences).toBe(true);
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.requestId, String(res.headers['x-request-id'])));
    expect(audit.map((a) => a.action).sort()).toEqual(
      [
        'healthcare-service.imported',
        'location.created',
        'publication.changed',
        'service-subscription.created',
      ].sort(),
    );
  });

  it('imports a physical service with the pseudo-location at the service’s own address', async () => {
    const [service] = await freeServices('si');
    const res = await post(paths.import, ALICE, {
      importIds: [service!.nhsdResourceIdentifier],
      organisationId: org('harbour-surry-hills'),
    });
    const result = NhsdImportResult.parse(res.json());
    const [location] = await t.db
      .select()
      .from(locations)
      .where(eq(locations.id, result.locationId));
    expect(location).toMatchObject({
      name: `${service!.organisationName} ${service!.city}`,
      type: [],
      addressLines: service!.addressLines,
      locality: service!.city,
      postcode: service!.postcode,
      state: service!.state,
    });
  });

  it('choosing the national directory also subscribes the providers-only one, on the statements sent', async () => {
    const [virtual] = await freeServices('virtual');
    const national = {
      partnerServiceId: partner('nhsd'),
      informationUseStatementId: ius('nhsd', 2),
      subscribeFuturePractitioners: true,
    };
    const request = {
      importIds: [virtual!.nhsdResourceIdentifier],
      organisationId: org('harbour-telehealth'),
    };
    // The providers-only directory's statement must have been shown too: the client sends it.
    expectProblem(
      await post(paths.validate, ALICE, { ...request, nhsdSubscriptions: [national] }),
      400,
      { field: 'nhsdSubscriptions' },
    );
    const res = await post(paths.import, ALICE, {
      ...request,
      nhsdSubscriptions: [
        national,
        {
          partnerServiceId: partner('nhsd-providers'),
          informationUseStatementId: ius('nhsd-providers', 1),
          subscribeFuturePractitioners: true,
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    const result = NhsdImportResult.parse(res.json());
    const subscriptions = await t.db
      .select()
      .from(partnerPublications)
      .where(eq(partnerPublications.healthcareServiceId, result.healthcareServiceIds[0]!));
    const statementOf = new Map(
      subscriptions.map((s) => [s.partnerServiceId, s.informationUseStatementId]),
    );
    expect(statementOf.get(partner('nhsd'))).toBe(ius('nhsd', 2));
    expect(statementOf.get(partner('nhsd-providers'))).toBe(ius('nhsd-providers', 1));
    // The group's standing preference now names the latest statement.
    const [preference] = await t.db
      .select()
      .from(partnerPublications)
      .where(
        and(
          eq(partnerPublications.organisationId, org('harbour-group')),
          eq(partnerPublications.partnerServiceId, partner('nhsd')),
          isNull(partnerPublications.locationId),
          isNull(partnerPublications.healthcareServiceId),
        ),
      );
    expect(preference!.informationUseStatementId).toBe(ius('nhsd', 2));
  });

  it('refuses a statement that is not the current one (409), another partner’s or a partner not offered (400)', async () => {
    const [virtual] = await freeServices('virtual');
    const base = {
      importIds: [virtual!.nhsdResourceIdentifier],
      organisationId: org('harbour-telehealth'),
    };
    for (const path of [paths.validate, paths.import]) {
      const old = expectProblem(
        await post(path, ALICE, {
          ...base,
          nhsdSubscriptions: [
            {
              partnerServiceId: partner('nhsd'),
              informationUseStatementId: ius('nhsd', 1),
              subscribeFuturePractitioners: true,
            },
          ],
        }),
        409,
        { type: 'publication-statement-not-latest' },
      );
      expect(old.detail).toBe(
        publicationMessages.statementNotLatest('National Health Services Directory'),
      );
    }
    for (const [partnerServiceId, statement] of [
      [partner('medifund'), ius('medifund', 1)],
      [partner('nhsd'), ius('health-connect', 1)],
    ] as const)
      expectProblem(
        await post(paths.validate, ALICE, {
          ...base,
          nhsdSubscriptions: [
            {
              partnerServiceId,
              informationUseStatementId: statement,
              subscribeFuturePractitioners: true,
            },
          ],
        }),
        400,
        { field: 'nhsdSubscriptions.0' },
      );
  });

  // On PostgreSQL (TEST_DATABASE_URL) both transactions pass the in-transaction check and the UNIQUE identifier
  // refuses the loser's insert; on PGlite, which runs one transaction at a time, the loser's check sees the
  // winner's commit. Either way the answer and what is stored are the same.
  it('two managers importing the same service at once: one succeeds, the other is told it is in use, nothing half-written', async () => {
    const [service] = await freeServices('si');
    const request = {
      importIds: [service!.nhsdResourceIdentifier],
      organisationId: org('harbour-surry-hills'),
    };
    const headers = await as(ALICE);
    const answers = await Promise.all(
      [1, 2].map(() =>
        t.app.inject({ method: 'POST', url: paths.import, headers, payload: request }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((a) => a.statusCode === 409)!;
    expect(expectProblem(loser, 409, { type: 'nhsd-identifier-in-use' }).detail).toBe(
      nhsdMessages.identifierInUse,
    );
    const services = await t.db
      .select()
      .from(healthcareServices)
      .where(eq(healthcareServices.nhsdResourceIdentifier, service!.nhsdResourceIdentifier));
    expect(services).toHaveLength(1);
    // The loser's new location and audit events were not written.
    const created = await t.db
      .select()
      .from(locations)
      .where(eq(locations.name, `${service!.organisationName} ${service!.city}`));
    expect(created.map((l) => l.id)).toEqual([services[0]!.locationId]);
    const loserAudit = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.requestId, String(loser.headers['x-request-id'])));
    expect(loserAudit).toEqual([]);
  });

  it('two imports of one service type into one location at once: one succeeds, the other meets the duplicate-type rule', async () => {
    const atClinic = await t.db
      .select({ type: healthcareServices.serviceType })
      .from(healthcareServices)
      .where(eq(healthcareServices.locationId, clinic));
    const rows = await freeServices(
      'si',
      atClinic.map((r) => r.type),
    );
    const type = rows.find(
      (r) => rows.filter((o) => o.serviceTypes[0] === r.serviceTypes[0]).length >= 2,
    )!.serviceTypes[0]!;
    const [first, second] = rows.filter((r) => r.serviceTypes[0] === type);
    const headers = await as(ALICE);
    const answers = await Promise.all(
      [first!, second!].map((s) =>
        t.app.inject({
          method: 'POST',
          url: paths.import,
          headers,
          payload: {
            importIds: [s.nhsdResourceIdentifier],
            organisationId: org('harbour-surry-hills'),
            locationId: clinic,
          },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((a) => a.statusCode === 409)!;
    expect(expectProblem(loser, 409, { type: 'nhsd-duplicate-service-type' }).detail).toContain(
      `'${type}'`,
    );
    const ofType = await t.db
      .select()
      .from(healthcareServices)
      .where(
        and(eq(healthcareServices.locationId, clinic), eq(healthcareServices.serviceType, type)),
      );
    expect(ofType).toHaveLength(1);
  });

  it('the unique identifier itself refuses a second row, and that refusal reads as in use', async () => {
    const [service] = await freeServices('si');
    const row = {
      organisationId: org('harbour-surry-hills'),
      name: 'Race',
      serviceType: 'Race',
      nhsdResourceIdentifier: service!.nhsdResourceIdentifier,
    };
    await t.db.insert(healthcareServices).values(row);
    const error = await t.db
      .transaction(async (tx) => {
        await tx.insert(healthcareServices).values(row);
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isIdentifierTaken(error)).toBe(true);
    expect(isIdentifierTaken(new Error('other'))).toBe(false);
  });
  it('a location a transfer moves away after the check: 409, nothing attached to it', async () => {
    const [service] = await freeServices('si');
    const [rooms] = await t.db
      .insert(locations)
      .values({ organisationId: org('harbour-surry-hills'), name: 'Rooms in transfer', type: [] })
      .returning();
    // The plan reads the location (Surry Hills' own); a transfer to Riverbend commits right after, before
    // the import's transaction locks it.
    const read = nhsdImportRepository.locationById;
    const spy = vi
      .spyOn(nhsdImportRepository, 'locationById')
      .mockImplementationOnce(async (db, locationId) => {
        const row = await read(db, locationId);
        await t.db
          .update(locations)
          .set({ organisationId: org('riverbend') })
          .where(eq(locations.id, locationId));
        return row;
      });
    let res;
    let moved = 0;
    try {
      res = await post(paths.import, ALICE, {
        importIds: [service!.nhsdResourceIdentifier],
        organisationId: org('harbour-surry-hills'),
        locationId: rooms!.id,
      });
      moved = spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
    expect(moved).toBe(1);
    expect(expectProblem(res, 409, { type: 'conflict' }).detail).toBe(
      'This location has moved to another organisation since you chose it. Choose where to import the services again.',
    );
    const written = await t.db
      .select()
      .from(healthcareServices)
      .where(
        or(
          eq(healthcareServices.locationId, rooms!.id),
          eq(healthcareServices.nhsdResourceIdentifier, service!.nhsdResourceIdentifier),
        ),
      );
    expect(written).toEqual([]);
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.requestId, String(res.headers['x-request-id'])));
    expect(audit).toEqual([]);
  });
});

describe('NHSD import: the standing choice of a manager of one organisation of a group', () => {
  const homeVisits = org('harbour-home-visits');
  const group = org('harbour-group');
  const jack = demoIds.user('jack');
  /** The organisation-level rows of an organisation, by partner code. */
  const standing = async (organisationId: string) => {
    const rows = await t.db
      .select()
      .from(partnerPublications)
      .where(
        and(
          eq(partnerPublications.organisationId, organisationId),
          isNull(partnerPublications.locationId),
          isNull(partnerPublications.healthcareServiceId),
        ),
      );
    return new Map(rows.map((r) => [r.partnerServiceId, r]));
  };

  beforeAll(async () => {
    // Jack manages Harbour Home Visits, not the group above it; both are on the publication mail list.
    await t.db
      .insert(roleMemberships)
      .values({ userId: jack, roleType: 'OrganisationManager', organisationId: homeVisits });
    await t.db.insert(publicationEmailRecipients).values([
      { organisationId: homeVisits, email: 'home-visits@harbour.example.com' },
      { organisationId: group, email: 'group@harbour.example.com' },
    ]);
  });

  it('is saved, audited and mailed at the organisation he manages; the group’s own choice is untouched', async () => {
    // On the Partner services tab he may not change the group's choice.
    expectProblem(
      await t.app.inject({
        method: 'PUT',
        url: publicationPartnerPath('organisation', group, partner('nhsd')),
        headers: await as(JACK),
        payload: { publish: true, publishFuturePractitioners: false },
      }),
      403,
    );
    const groupBefore = await standing(group);
    expect(groupBefore.get(partner('nhsd'))).toMatchObject({ publish: true });
    expect(await standing(homeVisits)).toEqual(new Map());

    const [home] = await freeServices('home');
    const res = await post(paths.import, JACK, {
      importIds: [home!.nhsdResourceIdentifier],
      organisationId: homeVisits,
      nhsdSubscriptions: [
        {
          partnerServiceId: partner('nhsd'),
          informationUseStatementId: ius('nhsd', 2),
          subscribeFuturePractitioners: false,
        },
        {
          partnerServiceId: partner('nhsd-providers'),
          informationUseStatementId: ius('nhsd-providers', 1),
          subscribeFuturePractitioners: false,
        },
      ],
    });
    expect(res.statusCode).toBe(200);

    expect(await standing(group)).toEqual(groupBefore);
    const own = await standing(homeVisits);
    expect([...own.keys()].sort()).toEqual([partner('nhsd'), partner('nhsd-providers')].sort());
    for (const [partnerServiceId, statement] of [
      [partner('nhsd'), ius('nhsd', 2)],
      [partner('nhsd-providers'), ius('nhsd-providers', 1)],
    ] as const)
      expect(own.get(partnerServiceId)).toMatchObject({
        publish: true,
        publishFuturePractitioners: false,
        informationUseStatementId: statement,
        acceptedByUserId: jack,
        acceptedAt: expect.any(Date),
      });

    // The Partner services tab's audit event, one per row.
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.requestId, String(res.headers['x-request-id'])),
          eq(auditEvents.action, 'publication.changed'),
        ),
      );
    expect(audit.map((a) => a.entityId).sort()).toEqual([...own.values()].map((r) => r.id).sort());
    for (const a of audit) {
      expect(a).toMatchObject({
        actorUserId: jack,
        entityType: 'PartnerPublication',
        organisationId: homeVisits,
      });
      expect(a.changedFields).toMatchObject({
        publish: { from: null, to: true },
        publishFuturePractitioners: { from: null, to: false },
        acceptedVersion: { from: null },
      });
    }

    // Its mail, to the organisation's recipients and the group's above it.
    const [{ name }] = (await t.db
      .select({ name: organisations.name })
      .from(organisations)
      .where(eq(organisations.id, homeVisits))) as [{ name: string }];
    for (const to of ['home-visits@harbour.example.com', 'group@harbour.example.com']) {
      const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
      expect(mails.map((m) => m.subject).sort()).toEqual(
        [
          `Publication changed: ${name} and National Health Services Directory`,
          `Publication changed: ${name} and NHSD (providers only)`,
        ].sort(),
      );
      const national = mails.find((m) => m.subject.endsWith('National Health Services Directory'))!;
      expect(national.text).toContain('Publish: inherited → yes');
      expect(national.text).toContain('Publish future practitioners: inherited → no');
      expect(national.text).toContain('Information use statement accepted: version 2');
    }
  });
});

describe('NHSD import: an inherited publication under an older statement', () => {
  const medifund2 = '00000000-0000-4000-8000-00000000ee12';
  beforeAll(async () => {
    // MediFund publishes version 2: Harbour's standing choice still names version 1.
    await t.db.insert(informationUseStatements).values({
      id: medifund2,
      partnerServiceId: partner('medifund'),
      version: 2,
      title: 'MediFund Health Insurance information use statement (version 2)',
      content: 'MediFund now also shows your services to its members’ employers.',
      publishedAt: new Date(),
    });
  });

  it('is shown as not current, and an import that does not accept it does not publish there', async () => {
    const url = nhsdOrganisationApiPath('publicationPreferences', org('harbour-telehealth'));
    const status = PublicationPreferenceStatus.parse((await get(url, ALICE)).json());
    expect(status.inherited.find((i) => i.partner.code === 'medifund')).toMatchObject({
      current: false,
      acceptedVersion: 1,
      latestStatement: { id: medifund2, version: 2 },
    });
    const [virtual] = await freeServices('virtual');
    const res = await post(paths.import, ALICE, {
      importIds: [virtual!.nhsdResourceIdentifier],
      organisationId: org('harbour-telehealth'),
    });
    expect(res.statusCode).toBe(200);
    const [service] = NhsdImportResult.parse(res.json()).healthcareServiceIds;
    const rows = await t.db
      .select()
      .from(partnerPublications)
      .where(eq(partnerPublications.healthcareServiceId, service!));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ partnerServiceId: partner('medifund'), publish: false });
  });

  it('accepted in the step, on the statement shown, publishes the imported services there', async () => {
    const [virtual] = await freeServices('virtual');
    const request = {
      importIds: [virtual!.nhsdResourceIdentifier],
      organisationId: org('harbour-telehealth'),
    };
    expectProblem(
      await post(paths.validate, ALICE, {
        ...request,
        nhsdSubscriptions: [
          {
            partnerServiceId: partner('medifund'),
            informationUseStatementId: ius('medifund', 1),
            subscribeFuturePractitioners: false,
          },
        ],
      }),
      409,
      { type: 'publication-statement-not-latest' },
    );
    const res = await post(paths.import, ALICE, {
      ...request,
      nhsdSubscriptions: [
        {
          partnerServiceId: partner('medifund'),
          informationUseStatementId: medifund2,
          subscribeFuturePractitioners: false,
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    const [service] = NhsdImportResult.parse(res.json()).healthcareServiceIds;
    const rows = await t.db
      .select()
      .from(partnerPublications)
      .where(eq(partnerPublications.healthcareServiceId, service!));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      partnerServiceId: partner('medifund'),
      publish: true,
      informationUseStatementId: medifund2,
      acceptedByUserId: demoIds.user('alice'),
    });
    // A payer is not made a standing preference by an import: the group still names version 1.
    const [standing] = await t.db
      .select()
      .from(partnerPublications)
      .where(
        and(
          eq(partnerPublications.organisationId, org('harbour-group')),
          eq(partnerPublications.partnerServiceId, partner('medifund')),
          isNull(partnerPublications.locationId),
          isNull(partnerPublications.healthcareServiceId),
        ),
      );
    expect(standing!.informationUseStatementId).toBe(ius('medifund', 1));
  });
});

describe('NHSD import as configured: Health Connect off, the directory under maintenance', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ FEATURE_HEALTH_CONNECT: 'false' });
  }, 120_000);
  afterAll(() => off?.close());

  it('neither offers nor accepts Health Connect', async () => {
    const headers = off.bearer(await off.tokenFor(ALICE));
    const res = await off.app.inject({
      method: 'GET',
      url: nhsdOrganisationApiPath('partnerServices', org('harbour-surry-hills')),
      headers,
    });
    expect(
      PartnerServiceSearchResult.parse(res.json())
        .items.map((p) => p.code)
        .sort(),
    ).toEqual(['nhsd', 'nhsd-providers']);
    const [service] = await off.db
      .select()
      .from(nhsdServices)
      .where(eq(nhsdServices.appliesTo, 'virtual'))
      .limit(1);
    expectProblem(
      await off.app.inject({
        method: 'POST',
        url: paths.validate,
        headers,
        payload: {
          importIds: [service!.nhsdResourceIdentifier],
          organisationId: org('harbour-telehealth'),
          nhsdSubscriptions: [
            {
              partnerServiceId: partner('health-connect'),
              informationUseStatementId: ius('health-connect', 1),
              subscribeFuturePractitioners: true,
            },
          ],
        },
      }),
      400,
      { field: 'nhsdSubscriptions.0' },
    );
  });

  it('answers the maintenance banner when the directory is under maintenance', async () => {
    const maintenance = await createTestApp({ NHSD_MAINTENANCE: 'true' });
    try {
      const res = await maintenance.app.inject({
        method: 'GET',
        url: paths.banner,
        headers: maintenance.bearer(await maintenance.tokenFor(ALICE)),
      });
      expect(NhsdBanner.parse(res.json())).toEqual({
        maintenance: true,
        message: nhsdMessages.maintenance,
      });
    } finally {
      await maintenance.close();
    }
  }, 120_000);
});

import { describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  NhsdImportResult,
  PartnerPublicationList,
  PublicationPreferenceStatus,
  nhsdImportApiPaths,
  nhsdOrganisationApiPath,
  publicationPartnerPath,
  practitionerPublicationApiPath,
  type NhsdImportRequest,
  type PartnerPublicationChange,
  type PublicationLevel,
} from '@pca/contracts';
import {
  informationUseStatements,
  nhsdServices,
  partnerPublications,
  practitionerPublications,
} from '#db/schema/index.ts';
import { partnerToken } from '../fhir/fhir-test-support.ts';
import { demoIds } from '#db/seed/index.ts';
import { ALICE, BEN, useTestApp } from '../../test/use-test-app.ts';
import { publicationsRepository } from './repository.ts';

// The consent check of docs/decisions/056-publications-need-current-acceptance.md: no publication without a
// person's acceptance of its partner's current information use statement — on the seeded world, after the
// NHSD import and the Partner services tab have been used, and again once a partner publishes a newer
// statement (the check then names what must be accepted again).

const org = demoIds.organisation;
const partner = demoIds.partnerService;
const ius = demoIds.informationUseStatement;
const harbour = org('harbour-group');
const clinic = demoIds.location('surry-hills-clinic');
const gp = demoIds.healthcareService('surry-hills-gp');
const alice = demoIds.practitioner('alice');

const { t, as } = useTestApp();

const check = () => publicationsRepository.withoutCurrentAcceptance(t.db);

const put = async (
  level: PublicationLevel,
  id: string,
  partnerServiceId: string,
  payload: PartnerPublicationChange,
  who = ALICE,
) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: publicationPartnerPath(level, id, partnerServiceId),
    headers: await as(who),
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return PartnerPublicationList.parse(res.json());
};

/** What the wizard's publication step reads for a destination. */
async function publicationStep(organisationId: string, locationId?: string) {
  const url = nhsdOrganisationApiPath('publicationPreferences', organisationId);
  const res = await t.app.inject({
    method: 'GET',
    url: locationId ? `${url}?locationId=${locationId}` : url,
    headers: await as(ALICE),
  });
  expect(res.statusCode, res.body).toBe(200);
  return PublicationPreferenceStatus.parse(res.json());
}

async function importAs(request: NhsdImportRequest) {
  const res = await t.app.inject({
    method: 'POST',
    url: nhsdImportApiPaths.import,
    headers: await as(ALICE),
    payload: request,
  });
  expect(res.statusCode, res.body).toBe(200);
  return NhsdImportResult.parse(res.json());
}

/** A directory service of a business type not imported yet, whose type the clinic does not have. */
async function freeService(appliesTo: 'si' | 'virtual' | 'home') {
  const [row] = await t.db
    .select()
    .from(nhsdServices)
    .where(
      and(
        eq(nhsdServices.appliesTo, appliesTo),
        sql`${nhsdServices.nhsdResourceIdentifier} not in (select nhsd_resource_identifier from healthcare_services where nhsd_resource_identifier is not null)`,
        sql`${nhsdServices.serviceTypes}[1] not in ('General practice', 'Skin cancer clinic')`,
      ),
    )
    .orderBy(nhsdServices.nhsdResourceIdentifier)
    .limit(1);
  return row!;
}

describe('The consent check over the whole database', () => {
  it('finds no publication without a current acceptance in the seeded world', async () => {
    expect(await check()).toEqual([]);
  });

  it('finds none after the NHSD import and the Partner services tab have been used', async () => {
    // The NHSD import into Surry Hills Clinic: the step shows what the clinic already publishes, and Alice
    // chooses Health Connect on the statement it showed her.
    const step = await publicationStep(org('harbour-surry-hills'), clinic);
    const healthConnect = await t.db
      .select()
      .from(informationUseStatements)
      .where(eq(informationUseStatements.partnerServiceId, partner('health-connect')));
    expect(step.hasHcaPublicationPreferences).toBe(false);
    const service = await freeService('si');
    await importAs({
      importIds: [service.nhsdResourceIdentifier],
      organisationId: org('harbour-surry-hills'),
      locationId: clinic,
      nhsdSubscriptions: [
        {
          partnerServiceId: partner('health-connect'),
          informationUseStatementId: healthConnect[0]!.id,
          subscribeFuturePractitioners: true,
        },
      ],
    });
    // A virtual service into a new location, choosing nothing: it inherits the group's choices.
    await importAs({
      importIds: [(await freeService('virtual')).nhsdResourceIdentifier],
      organisationId: org('harbour-telehealth'),
    });
    // The Partner services tab: MediFund accepted at the GP, PracticeLink at the clinic then turned off, Ben
    // (the GP's manager) sets PracticeLink at the GP.
    await put('healthcare-service', gp, partner('medifund'), {
      publish: true,
      publishFuturePractitioners: true,
      acceptInformationUseStatementId: ius('medifund', 1),
    });
    await put('location', clinic, partner('practice-link'), {
      publish: true,
      publishFuturePractitioners: false,
      acceptInformationUseStatementId: ius('practice-link', 1),
    });
    await put('location', clinic, partner('practice-link'), {
      publish: false,
      publishFuturePractitioners: false,
    });
    await put(
      'healthcare-service',
      gp,
      partner('practice-link'),
      {
        publish: true,
        publishFuturePractitioners: false,
        acceptInformationUseStatementId: ius('practice-link', 1),
      },
      BEN,
    );
    expect(await check()).toEqual([]);
  });

  it('names every publication a newer statement leaves unaccepted, until someone accepts it', async () => {
    await t.db.insert(informationUseStatements).values({
      id: '00000000-0000-4000-8000-00000000ee02',
      partnerServiceId: partner('medifund'),
      version: 2,
      title: 'MediFund Health Insurance information use statement (version 2)',
      content: 'MediFund now also shows your services to its members’ employers.',
      publishedAt: new Date(),
    });
    const found = await check();
    expect(found.map((f) => [f.level, f.partnerCode, f.reason]).sort()).toEqual(
      [
        ['healthcare-service', 'medifund', 'statement-not-current'],
        ['organisation', 'medifund', 'statement-not-current'],
        // Alice's own choice to publish to MediFund (docs/decisions/081-practitioner-publication-acceptance.md).
        ['practitioner', 'medifund', 'statement-not-current'],
      ].sort(),
    );
    expect(found.find((f) => f.level === 'practitioner')).toMatchObject({
      practitionerId: alice,
      entityName: 'Alice Nguyen',
      organisationId: null,
      acceptedVersion: 1,
      currentVersion: 2,
    });
    const atHarbour = found.find((f) => f.level === 'organisation')!;
    expect(atHarbour).toMatchObject({
      organisationId: harbour,
      organisationName: 'Harbour Medical Group Pty Ltd',
      partnerName: 'MediFund Health Insurance',
      acceptedVersion: 1,
      currentVersion: 2,
    });
    // The NHSD import's step says the clinic's MediFund publication is not on the current statement.
    const step = await publicationStep(org('harbour-surry-hills'), clinic);
    expect(step.inherited.find((i) => i.partner.code === 'medifund')).toMatchObject({
      current: false,
      acceptedVersion: 1,
      latestStatement: { version: 2 },
    });

    await put('organisation', harbour, partner('medifund'), {
      publish: true,
      publishFuturePractitioners: false,
      acceptInformationUseStatementId: '00000000-0000-4000-8000-00000000ee02',
    });
    await put('healthcare-service', gp, partner('medifund'), {
      publish: false,
      publishFuturePractitioners: true,
    });
    // Harbour's tree is current again; Alice's own publication is not, so MediFund does not get her (her role at
    // Harbour Telehealth's GP is seen only through her own choice: Harbour publishes no future practitioners).
    expect((await check()).map((f) => [f.level, f.practitionerId])).toEqual([
      ['practitioner', alice],
    ]);
    const medifund = await partnerToken(t, as, 'medifund');
    const aliceAsMediFund = () =>
      t.app.inject({
        method: 'GET',
        url: `/fhir/Practitioner/${alice}`,
        headers: { authorization: medifund.authorization },
      });
    expect((await aliceAsMediFund()).statusCode).toBe(404);
    const accepted = await t.app.inject({
      method: 'PUT',
      url: practitionerPublicationApiPath(partner('medifund')),
      headers: await as(ALICE),
      payload: {
        publish: true,
        sharePersonalContact: false,
        acceptInformationUseStatementId: '00000000-0000-4000-8000-00000000ee02',
      },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await check()).toEqual([]);
    expect((await aliceAsMediFund()).statusCode).toBe(200);
  });

  it('names a publication nobody is recorded as accepting', async () => {
    await t.db
      .update(partnerPublications)
      .set({ acceptedByUserId: null })
      .where(
        and(
          eq(partnerPublications.organisationId, harbour),
          eq(partnerPublications.partnerServiceId, partner('nhsd-providers')),
          isNull(partnerPublications.locationId),
          isNull(partnerPublications.healthcareServiceId),
        ),
      );
    expect((await check()).map((f) => [f.level, f.partnerCode, f.reason])).toEqual([
      ['organisation', 'nhsd-providers', 'nobody-accepted'],
    ]);
  });

  it('names a practitioner publication nobody accepted (a row from before acceptance was recorded)', async () => {
    await t.db
      .update(practitionerPublications)
      .set({ informationUseStatementId: null, acceptedByUserId: null, acceptedAt: null })
      .where(eq(practitionerPublications.practitionerId, alice));
    await t.db
      .update(partnerPublications)
      .set({ acceptedByUserId: demoIds.user('alice') })
      .where(isNull(partnerPublications.acceptedByUserId));
    expect(
      (await check()).map((f) => [f.level, f.partnerCode, f.reason, f.acceptedVersion]),
    ).toEqual([['practitioner', 'medifund', 'statement-not-current', null]]);
  });
});

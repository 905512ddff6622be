import { describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { endpointApiPaths, Transfer, Transfers, transfersListLimit } from '@pca/contracts';
import {
  auditEvents,
  endpoints,
  healthcareServices,
  informationUseStatements,
  locations,
  partnerPublications,
  practitionerRoles,
  roleMemberships,
  tasks,
  transfers as transfersTable,
} from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { openSessionFor } from '../../reliability/sessions.ts';
import { ALICE, GEORGE, JACK, PRIYA, ISLA, useTestApp } from '../../test/use-test-app.ts';
import { expectProblem } from '../../test/expect-problem.ts';
import { countPendingTransfers } from './repository.ts';

const { t } = useTestApp();

const harbourHomeVisits = demoIds.organisation('harbour-home-visits');
const riverbend = demoIds.organisation('riverbend');
const coastal = demoIds.organisation('coastal-physio');
const oldTown = demoIds.organisation('old-town');
const mobile = demoIds.location('harbour-mobile');
const clinic = demoIds.location('surry-hills-clinic');
const skin = demoIds.healthcareService('surry-hills-skin');
const gp = demoIds.healthcareService('surry-hills-gp');
const medifund = demoIds.partnerService('medifund');

const as = async (ra: string) => t.bearer(await t.tokenFor(ra));
const start = async (headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/transfers', headers, payload });
const post = async (
  headers: Record<string, string>,
  id: string,
  action: string,
  payload?: unknown,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/transfers/${id}/${action}`,
    headers,
    ...(payload ? { payload } : {}),
  });
const list = async (headers: Record<string, string>) =>
  Transfers.parse((await t.app.inject({ method: 'GET', url: '/api/transfers', headers })).json())
    .transfers;
const latestMedifund = async () =>
  (
    await t.db
      .select()
      .from(informationUseStatements)
      .where(eq(informationUseStatements.partnerServiceId, medifund))
  ).sort((a, b) => b.version - a.version)[0]!;

describe('transfers', () => {
  it('refuses everyone but the operator to start one, with problem bodies', async () => {
    const payload = {
      entityType: 'Location',
      entityId: mobile,
      toOrganisationId: riverbend,
      reason: 'Sold to Riverbend.',
    };
    expectProblem(await start({}, payload), 401);
    for (const ra of [ALICE, GEORGE, JACK]) expectProblem(await start(await as(ra), payload), 403);
    // George (a Viewer) manages nothing: the list is 403 too.
    const george = await t.app.inject({
      method: 'GET',
      url: '/api/transfers',
      headers: await as(GEORGE),
    });
    expectProblem(george, 403);
    // Priya managing nobody is still Priya; Ben managing Alice is 403 even for the list.
    const managing = await openSessionFor(
      t.db,
      '2000000022',
      undefined,
      demoIds.practitioner('alice'),
    );
    expectProblem(
      await t.app.inject({ method: 'GET', url: '/api/transfers', headers: t.bearer(managing) }),
      403,
    );
    expect(await countPendingTransfers(t.db)).toBe(0);
  });

  it('validates what it moves and where to', async () => {
    const priya = await as(PRIYA);
    const base = {
      entityType: 'Location',
      entityId: mobile,
      toOrganisationId: riverbend,
      reason: 'x',
    };
    expectProblem(await start(priya, { ...base, reason: ' ' }), 400, { field: 'reason' });
    expectProblem(await start(priya, { ...base, entityType: 'Practitioner' }), 400, {
      field: 'entityType',
    });
    expectProblem(await start(priya, { ...base, entityId: riverbend }), 400, { field: 'entityId' });
    expectProblem(await start(priya, { ...base, toOrganisationId: harbourHomeVisits }), 400, {
      field: 'toOrganisationId',
    });
    expectProblem(await start(priya, { ...base, toOrganisationId: oldTown }), 400, {
      field: 'toOrganisationId',
    });
    expectProblem(await start(priya, { ...base, toOrganisationId: skin }), 400, {
      field: 'toOrganisationId',
    });
  });

  it('starts, shows both managers, is refused to the giver and others, and is accepted: the location moves', async () => {
    const priya = await as(PRIYA);
    const res = await start(priya, {
      entityType: 'Location',
      entityId: mobile,
      toOrganisationId: riverbend,
      reason: 'Harbour sold its home visits to Riverbend.',
    });
    expect(res.statusCode).toBe(201);
    const transfer = Transfer.parse(res.json());
    expect(transfer).toMatchObject({ status: 'Pending', canCancel: true, canAccept: false });
    expect(await countPendingTransfers(t.db)).toBe(1);

    // A second transfer of the same location is a conflict while this one waits.
    expectProblem(
      await start(priya, {
        entityType: 'Location',
        entityId: mobile,
        toOrganisationId: coastal,
        reason: 'Again.',
      }),
      409,
    );

    const alice = await as(ALICE);
    const jack = await as(JACK);
    const isla = await as(ISLA);
    expect((await list(alice)).map((x) => [x.id, x.canAccept])).toEqual([[transfer.id, false]]);
    expect((await list(jack)).map((x) => [x.id, x.canAccept])).toEqual([[transfer.id, true]]);
    expect(await list(isla)).toEqual([]);
    expect((await list(priya)).map((x) => x.id)).toContain(transfer.id);

    // Isla manages neither side: 404. Alice gives it: 403 to accept or decline; Jack cannot cancel.
    expectProblem(
      await t.app.inject({ method: 'GET', url: `/api/transfers/${transfer.id}`, headers: isla }),
      404,
    );
    expectProblem(await post(isla, transfer.id, 'accept'), 404);
    expectProblem(await post(alice, transfer.id, 'accept'), 403);
    expectProblem(await post(alice, transfer.id, 'decline', { reason: 'No.' }), 403);
    expectProblem(await post(jack, transfer.id, 'cancel'), 403);
    expectProblem(await post(priya, transfer.id, 'accept'), 403);

    const accepted = await post(jack, transfer.id, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(Transfer.parse(accepted.json())).toMatchObject({
      status: 'Completed',
      decidedBy: 'Jack Wilson',
    });
    const [moved] = await t.db.select().from(locations).where(eq(locations.id, mobile));
    expect(moved!.organisationId).toBe(riverbend);
    expect(await countPendingTransfers(t.db)).toBe(0);

    // One audit event in each organisation's trail.
    const events = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, mobile), eq(auditEvents.action, 'transfer.completed')));
    expect(events.map((e) => e.organisationId).sort()).toEqual(
      [harbourHomeVisits, riverbend].sort(),
    );
    expectProblem(await post(jack, transfer.id, 'accept'), 409);
    expectProblem(await post(priya, transfer.id, 'cancel'), 409);
  });

  it('declines and cancels, audited on both sides', async () => {
    const priya = await as(PRIYA);
    const jack = await as(JACK);
    const payload = {
      entityType: 'HealthcareService',
      entityId: gp,
      toOrganisationId: riverbend,
      reason: 'Test.',
    };
    const first = Transfer.parse((await start(priya, payload)).json());
    expectProblem(await post(jack, first.id, 'decline', { reason: '' }), 400, { field: 'reason' });
    const declined = await post(jack, first.id, 'decline', {
      reason: 'We do not run a GP clinic.',
    });
    expect(Transfer.parse(declined.json())).toMatchObject({
      status: 'Declined',
      declineReason: 'We do not run a GP clinic.',
    });
    const second = Transfer.parse((await start(priya, payload)).json());
    expect(Transfer.parse((await post(priya, second.id, 'cancel')).json()).status).toBe(
      'Cancelled',
    );
    const events = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entityId, gp),
          inArray(auditEvents.action, ['transfer.declined', 'transfer.cancelled']),
        ),
      );
    expect(events).toHaveLength(4);
    const [service] = await t.db
      .select()
      .from(healthcareServices)
      .where(eq(healthcareServices.id, gp));
    expect(service!.organisationId).toBe(demoIds.organisation('harbour-surry-hills'));
  });

  it('a location takes its services, roles, publications and open tasks; unconsented publications pause', async () => {
    const harbourSurryHills = demoIds.organisation('harbour-surry-hills');
    const statement = await latestMedifund();
    const alice = demoIds.user('alice');
    // The skin clinic publishes to MediFund on Alice's acceptance; Riverbend has never accepted MediFund's
    // statement. Its GP service publishes to the NHSD, which Coastal has accepted below.
    await t.db.insert(partnerPublications).values({
      partnerServiceId: medifund,
      organisationId: harbourSurryHills,
      healthcareServiceId: skin,
      informationUseStatementId: statement.id,
      acceptedByUserId: alice,
      acceptedAt: new Date(),
    });
    // Farah becomes Coastal's manager, so someone there may take over the tasks.
    await t.db.insert(roleMemberships).values({
      userId: demoIds.user('farah'),
      roleType: 'OrganisationManager',
      organisationId: coastal,
    });
    const [task] = await t.db
      .insert(tasks)
      .values({
        practitionerId: demoIds.practitioner('alice'),
        kind: 'ConfirmDetails',
        entityType: 'HealthcareService',
        entityId: skin,
        reason: 'Confirm the details are current.',
        dedupeKey: `confirm-details:HealthcareService:${skin}:${demoIds.practitioner('alice')}:1`,
      })
      .returning();

    const priya = await as(PRIYA);
    const transfer = Transfer.parse(
      (
        await start(priya, {
          entityType: 'Location',
          entityId: clinic,
          toOrganisationId: coastal,
          reason: 'Surry Hills joins Coastal.',
        })
      ).json(),
    );
    const accepted = await post(await as(ISLA), transfer.id, 'accept');
    expect(accepted.statusCode).toBe(200);
    const outcome = Transfer.parse(accepted.json()).outcome!;
    expect(outcome.services.sort()).toEqual(
      ['Harbour General Practice Surry Hills', 'Harbour Skin Check Clinic'].sort(),
    );
    expect(outcome.practitionerRoles).toBeGreaterThanOrEqual(2);
    expect(outcome.publicationsPaused).toEqual(
      expect.arrayContaining([
        {
          partnerServiceName: expect.stringMatching(/MediFund/),
          entityName: 'Harbour Skin Check Clinic',
        },
      ]),
    );

    const services = await t.db
      .select()
      .from(healthcareServices)
      .where(inArray(healthcareServices.id, [gp, skin]));
    expect(services.map((s) => s.organisationId)).toEqual([coastal, coastal]);
    const roles = await t.db
      .select()
      .from(practitionerRoles)
      .where(inArray(practitionerRoles.healthcareServiceId, [gp, skin]));
    expect(roles.length).toBe(outcome.practitionerRoles);
    const publications = await t.db
      .select()
      .from(partnerPublications)
      .where(inArray(partnerPublications.healthcareServiceId, [gp, skin]));
    expect(publications.every((p) => p.organisationId === coastal)).toBe(true);
    // Nothing publishes on Harbour's consent at Coastal: paused rows name no statement and no acceptance.
    for (const p of publications) expect(p.publish).toBe(false);
    expect(publications.every((p) => p.acceptedByUserId === null)).toBe(true);

    // Alice's task went to Farah, Coastal's manager.
    const open = await t.db.select().from(tasks).where(eq(tasks.entityId, skin));
    expect(open.find((x) => x.id === task!.id)).toBeUndefined();
    expect(open.map((x) => x.practitionerId)).toContain(demoIds.practitioner('farah'));
    expect(outcome.tasks).toBeGreaterThanOrEqual(1);
  });
  it('keeps publishing where the receiver has consented, on its own acceptance; others see 404', async () => {
    const statement = await latestMedifund();
    const virtual = demoIds.location('harbour-virtual');
    const telehealthGp = demoIds.healthcareService('harbour-telehealth-gp');
    // The telehealth GP publishes to MediFund on Alice's acceptance; Isla accepted MediFund's current
    // statement for Coastal.
    await t.db.insert(partnerPublications).values([
      {
        partnerServiceId: medifund,
        organisationId: demoIds.organisation('harbour-telehealth'),
        healthcareServiceId: telehealthGp,
        informationUseStatementId: statement.id,
        acceptedByUserId: demoIds.user('alice'),
        acceptedAt: new Date(),
      },
      {
        partnerServiceId: medifund,
        organisationId: coastal,
        informationUseStatementId: statement.id,
        acceptedByUserId: demoIds.user('isla'),
        acceptedAt: new Date(),
      },
    ]);
    const transfer = Transfer.parse(
      (
        await start(await as(PRIYA), {
          entityType: 'Location',
          entityId: virtual,
          toOrganisationId: coastal,
          reason: 'Telehealth joins Coastal.',
        })
      ).json(),
    );
    // Jack manages neither side: 404 with a problem body, to read and to answer.
    const jack = await as(JACK);
    expectProblem(
      await t.app.inject({ method: 'GET', url: `/api/transfers/${transfer.id}`, headers: jack }),
      404,
    );
    expectProblem(await post(jack, transfer.id, 'decline', { reason: 'No.' }), 404);
    const accepted = Transfer.parse((await post(await as(ISLA), transfer.id, 'accept')).json());
    expect(accepted.outcome!.publicationsPaused).toEqual([]);
    const [row] = await t.db
      .select()
      .from(partnerPublications)
      .where(eq(partnerPublications.healthcareServiceId, telehealthGp));
    expect(row).toMatchObject({
      organisationId: coastal,
      publish: true,
      informationUseStatementId: statement.id,
      acceptedByUserId: demoIds.user('isla'),
    });
    // Requested and completed: one event in each organisation's trail for each step.
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, virtual));
    const trail = (org: string) =>
      events
        .filter((e) => e.organisationId === org)
        .map((e) => e.action)
        .sort();
    expect(trail(demoIds.organisation('harbour-telehealth'))).toEqual([
      'transfer.completed',
      'transfer.requested',
    ]);
    expect(trail(coastal)).toEqual(['transfer.completed', 'transfer.requested']);
  });

  it('endpoints follow their location and services; the organisation’s own stay', async () => {
    // Whichever organisation holds the clinic now (an earlier test may have moved it) gives it to Riverbend.
    const [held] = await t.db.select().from(locations).where(eq(locations.id, clinic));
    const from = held!.organisationId;
    const clinicEndpoint = demoIds.endpoint('surry-hills-clinic-fhir');
    const endpoint = (name: string) => ({
      name,
      connectionType: 'hl7-fhir-rest',
      payloadType: 'http://ns.hl7.org.au/hl7v2/profiles/HL7AU-OO-REF-SIMPLIFIED-201706',
      address: `https://${name}.example.com.au/fhir`,
    });
    const [gpEndpoint, skinEndpoint, ownEndpoint] = await t.db
      .insert(endpoints)
      .values([
        { ...endpoint('gp'), organisationId: from, healthcareServiceId: gp },
        { ...endpoint('skin'), organisationId: from, healthcareServiceId: skin },
        { ...endpoint('own'), organisationId: from },
      ])
      .returning();
    const organisationOf = async (id: string) =>
      (await t.db.select().from(endpoints).where(eq(endpoints.id, id)))[0]!.organisationId;
    const transfer = async (entityType: string, entityId: string) => {
      const started = Transfer.parse(
        (
          await start(await as(PRIYA), {
            entityType,
            entityId,
            toOrganisationId: riverbend,
            reason: 'Riverbend takes over.',
          })
        ).json(),
      );
      expect((await post(await as(JACK), started.id, 'accept')).statusCode).toBe(200);
    };

    // A service moves alone, with its endpoint.
    await transfer('HealthcareService', gp);
    expect(await organisationOf(gpEndpoint!.id)).toBe(riverbend);
    expect(await organisationOf(skinEndpoint!.id)).toBe(from);

    // A location takes its own endpoint and those of the services at it.
    await transfer('Location', clinic);
    expect(await organisationOf(clinicEndpoint)).toBe(riverbend);
    expect(await organisationOf(skinEndpoint!.id)).toBe(riverbend);
    expect(await organisationOf(ownEndpoint!.id)).toBe(from);

    // Riverbend's manager changes it, and the event lands in Riverbend's trail.
    const changed = await t.app.inject({
      method: 'PUT',
      url: endpointApiPaths.endpoint.replace(':id', clinicEndpoint),
      headers: await as(JACK),
      payload: { ...endpoint('clinic'), status: 'active' },
    });
    expect(changed.statusCode).toBe(200);
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entityId, clinicEndpoint), eq(auditEvents.action, 'endpoint.updated')),
      );
    expect(event!.organisationId).toBe(riverbend);
  });
});

describe('the list', () => {
  it('shows the newest 200 and says when older ones were left out', async () => {
    const read = async () =>
      Transfers.parse(
        (
          await t.app.inject({ method: 'GET', url: '/api/transfers', headers: await as(PRIYA) })
        ).json(),
      );
    const before = await read();
    expect(before.olderNotShown).toBe(false);
    // Past transfers enough to pass the limit, older than every other.
    const past = Array.from(
      { length: transfersListLimit + 1 - before.transfers.length },
      (_, n) => ({
        entityType: 'Location' as const,
        locationId: mobile,
        entityName: `Old move ${n}`,
        fromOrganisationId: riverbend,
        toOrganisationId: coastal,
        status: 'Declined' as const,
        reason: 'An old request',
        createdAt: new Date(Date.UTC(2020, 0, 1, 0, n)),
      }),
    );
    await t.db.insert(transfersTable).values(past);
    const after = await read();
    expect(after.transfers).toHaveLength(transfersListLimit);
    expect(after.olderNotShown).toBe(true);
    // The oldest is the one left out.
    expect(after.transfers.map((x) => x.entityName)).not.toContain('Old move 0');
    await t.db.delete(transfersTable).where(eq(transfersTable.reason, 'An old request'));
  });
});

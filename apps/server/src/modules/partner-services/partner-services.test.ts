import { describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { Bundle } from '@medplum/fhirtypes';
import {
  PartnerIdentifierSystem,
  PartnerIdentifierSystemList,
  PartnerServiceDetail,
  PartnerServiceList,
  PublishedStatement,
  partnerServicesApiPath as path,
  partnerServicesApiPaths as paths,
  publicationPartnerPath,
  publicationPartnersPath,
  publicationProblemTypes,
} from '@pca/contracts';
import {
  auditEvents,
  informationUseStatements,
  mailOutbox,
  notifications,
  partnerIdentifierSystems,
  roleMemberships,
  users,
} from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { expectProblem } from '../../test/expect-problem.ts';
import { craftPng } from '../../test/png.ts';
import { ALICE, GEORGE, PRIYA, useTestApp } from '../../test/use-test-app.ts';
import { openSessionFor } from '../../reliability/sessions.ts';
import { partnerToken } from '../fhir/fhir-test-support.ts';
import { publicationsRepository } from '../publications/repository.ts';

// Partner services, versioned information use statements and identifier systems
// (docs/decisions/064-partner-services.md), on a real database.

const { t, as } = useTestApp({ RATE_LIMIT_WRITES: '1000/10s' });
const medifund = demoIds.partnerService('medifund');
const practiceLink = demoIds.partnerService('practice-link');
const harbour = demoIds.organisation('harbour-group');
const missing = '00000000-0000-4000-8000-000000000000';

const call = async (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  ra: string | null = PRIYA,
) =>
  t.app.inject({
    method,
    url,
    headers: ra ? await as(ra) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const partnerBody = {
  name: 'CareMap Directory',
  role: 'directory',
  shownToProviders: true,
  contactName: 'Sam Lee',
  contactEmail: 'sam@caremap.example',
  contactPhone: '02 9000 1234',
};

describe('partner services: who may call', () => {
  it('answers 401 to nobody, 403 to Alice, George and a managing session, as problem+json; 404 for an unknown id', async () => {
    const benForAlice = await openSessionFor(
      t.db,
      '2000000022',
      30 * 60_000,
      demoIds.practitioner('alice'),
    );
    const calls: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?]> = [
      ['GET', paths.list],
      ['POST', paths.create, { ...partnerBody, code: 'nobody' }],
      ['GET', path('one', medifund)],
      ['PUT', path('update', medifund), partnerBody],
      ['PUT', path('logo', medifund), { data: 'x', description: 'Logo' }],
      ['POST', path('statements', medifund), { title: 'X', content: 'Y' }],
      ['GET', paths.identifierSystems],
      [
        'POST',
        paths.createIdentifierSystem,
        { partnerServiceId: medifund, system: 'https://x.example/id', name: 'X' },
      ],
      ['DELETE', path('identifierSystem', missing)],
    ];
    for (const [method, url, payload] of calls) {
      expectProblem(await call(method, url, payload, null), 401);
      for (const ra of [ALICE, GEORGE]) expectProblem(await call(method, url, payload, ra), 403);
      expectProblem(
        await t.app.inject({
          method,
          url,
          headers: t.bearer(benForAlice),
          ...(payload === undefined ? {} : { payload: payload as object }),
        }),
        403,
      );
    }
    expectProblem(await call('GET', path('one', missing)), 404);
    expectProblem(await call('PUT', path('update', missing), partnerBody), 404);
    expectProblem(
      await call('POST', path('statements', missing), { title: 'X', content: 'Y' }),
      404,
    );
    expectProblem(await call('DELETE', path('identifierSystem', missing)), 404);
    const statements = await t.db
      .select()
      .from(informationUseStatements)
      .where(eq(informationUseStatements.partnerServiceId, medifund));
    expect(statements).toHaveLength(1);
  });

  it('refuses anyone else before reading the body: a malformed or oversized one is 403, not 400 or 413', async () => {
    const headers = { ...(await as(ALICE)), 'content-type': 'application/json' };
    for (const [method, url, payload] of [
      ['POST', paths.create, '{"code":'],
      ['POST', paths.create, JSON.stringify({ ...partnerBody, code: 'Bad Code' })],
      ['PUT', path('logo', medifund), JSON.stringify({ data: 42 })],
      // Over the logo's 7.2 MB: refused before a byte of it is read.
      ['PUT', path('logo', medifund), JSON.stringify({ data: 'A'.repeat(7_300_000) })],
      ['POST', paths.createIdentifierSystem, JSON.stringify({ system: 'not a uri' })],
    ] as const)
      expectProblem(await t.app.inject({ method, url, headers, payload }), 403);
  });
});

describe('partner services: register, edit, logo', () => {
  it('registers and edits a partner, validated and audited', async () => {
    expectProblem(await call('POST', paths.create, { ...partnerBody, code: 'Bad Code' }), 400, {
      field: 'code',
    });
    expectProblem(
      await call('POST', paths.create, {
        ...partnerBody,
        code: 'ok',
        contactEmail: 'not-an-email',
      }),
      400,
      { field: 'contactEmail' },
    );
    expectProblem(
      await call('POST', paths.create, { ...partnerBody, code: 'ok', role: 'bank' }),
      400,
      { field: 'role' },
    );
    expectProblem(await call('POST', paths.create, { ...partnerBody, code: 'medifund' }), 409, {
      type: 'partner-service-code-exists',
      field: 'code',
    });
    const created = await call('POST', paths.create, { ...partnerBody, code: 'caremap' });
    expect(created.statusCode).toBe(201);
    const partner = PartnerServiceDetail.parse(created.json());
    expect(partner).toMatchObject({ code: 'caremap', latestVersion: null, statements: [] });

    const edited = await call('PUT', path('update', partner.id), {
      ...partnerBody,
      shownToProviders: false,
      contactPhone: '',
    });
    expect(edited.statusCode).toBe(200);
    expect(PartnerServiceDetail.parse(edited.json())).toMatchObject({
      shownToProviders: false,
      contactPhone: '',
    });
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, partner.id))
      .orderBy(auditEvents.at);
    expect(audit.map((a) => a.action)).toEqual([
      'partner-service.registered',
      'partner-service.updated',
    ]);
    expect(audit[1]!.changedFields).toEqual({
      shownToProviders: { from: true, to: false },
      contactPhone: { from: '02 9000 1234', to: '' },
    });
    const list = PartnerServiceList.parse((await call('GET', paths.list)).json());
    expect(list.partnerServices.map((p) => p.code)).toEqual(
      expect.arrayContaining(['caremap', 'medifund']),
    );
  });

  it('takes a logo through the profile photo checks: re-encoded PNG; wrong type and empty refused', async () => {
    const ok = await call('PUT', path('logo', practiceLink), {
      data: craftPng(64, 64).toString('base64'),
      description: 'PracticeLink logo',
    });
    expect(ok.statusCode).toBe(200);
    const partner = PartnerServiceDetail.parse(ok.json());
    expect(partner.logo).toMatch(/^data:image\/png;base64,/);
    expect(partner.logoDescription).toBe('PracticeLink logo');
    expectProblem(
      await call('PUT', path('logo', practiceLink), {
        data: Buffer.from('GIF89a not a png').toString('base64'),
        description: 'Logo',
      }),
      415,
      { type: 'photo-type' },
    );
    expectProblem(
      await call('PUT', path('logo', practiceLink), { data: '', description: 'Logo' }),
      400,
      { type: 'photo-empty' },
    );
    expectProblem(
      await call('PUT', path('logo', practiceLink), {
        data: craftPng(20, 20).toString('base64'),
        description: 'Logo',
      }),
      400,
      { type: 'photo-dimensions' },
    );
  });
});

describe('information use statements: a new version pauses publication until accepted', () => {
  it('publishes version 2 of MediFund, sanitised; Harbour must accept again; the partner API pauses and resumes', async () => {
    const sandbox = await partnerToken(t, as, 'medifund');
    const read = () =>
      t.app.inject({
        method: 'GET',
        url: `/fhir/Organization/${harbour}`,
        headers: { authorization: sandbox.authorization },
      });
    expect((await read()).statusCode).toBe(200);

    expectProblem(
      await call('POST', path('statements', medifund), {
        title: 'V2',
        content: '<script>x</script>',
      }),
      400,
      { field: 'content' },
    );
    const published = await call('POST', path('statements', medifund), {
      title: 'MediFund information use statement',
      content:
        '<div>We use <b>your</b> <i>data</i>.</div><script>alert(1)</script><img src=x onerror=alert(1)>',
    });
    expect(published.statusCode, published.body).toBe(201);
    const answer = PublishedStatement.parse(published.json());
    expect(answer.statement.version).toBe(2);
    expect(answer.statement.content).toBe('<p>We use <strong>your</strong> <em>data</em>.</p>');
    expect(answer.statement.publishedBy).toBe('Priya Raman');
    expect(answer.organisationsToAccept).toBeGreaterThanOrEqual(1);

    // One audit event, a mail to Alice (Harbour's manager) and a notification, in the same transaction.
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entityId, medifund),
          eq(auditEvents.action, 'partner-service.statement-published'),
        ),
      );
    expect(audit!.changedFields).toMatchObject({
      informationUseStatement: { version: 2 },
      organisationsToAccept: expect.arrayContaining([harbour]),
    });
    const mail = await t.db
      .select()
      .from(mailOutbox)
      .where(
        eq(mailOutbox.subject, 'MediFund Health Insurance has a new information use statement'),
      );
    expect(mail.map((m) => m.to)).toContain('alice.nguyen@harbourmedical.example.com.au');
    expect(
      mail.some((m) =>
        m.text.includes(
          'Publication of Harbour Medical Group Pty Ltd to MediFund Health Insurance is paused',
        ),
      ),
    ).toBe(true);
    const notes = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.practitionerId, demoIds.practitioner('alice')));
    expect(notes.some((n) => n.subject.includes('MediFund'))).toBe(true);
    // Alice's own publication to MediFund is paused too, and she is told where to accept
    // (docs/decisions/081-practitioner-publication-acceptance.md).
    expect(
      notes.some((n) =>
        n.message.includes(`href="/practitioner/publish/edit?partnerServiceId=${medifund}"`),
      ),
    ).toBe(true);

    // The check of decision 056 names Harbour's rows until someone accepts.
    const findings = await publicationsRepository.withoutCurrentAcceptance(t.db);
    expect(findings.length).toBeGreaterThan(0);

    // The tab asks for acceptance; the partner API stops serving Harbour.
    const tab = await call(
      'GET',
      publicationPartnersPath('organisation', harbour),
      undefined,
      ALICE,
    );
    const row = (
      tab.json() as {
        partners: Array<{ partner: { id: string }; needsLatestAcceptance: boolean }>;
      }
    ).partners.find((p) => p.partner.id === medifund)!;
    expect(row.needsLatestAcceptance).toBe(true);
    expect((await read()).statusCode).toBe(404);

    // Accepting the old version is refused as decision 056 says; the latest resumes publication.
    const stale = await call(
      'PUT',
      publicationPartnerPath('organisation', harbour, medifund),
      {
        publish: true,
        publishFuturePractitioners: true,
        acceptInformationUseStatementId: demoIds.informationUseStatement('medifund', 1),
      },
      ALICE,
    );
    expectProblem(stale, 409, { type: publicationProblemTypes.statementNotLatest.slice(10) });
    const accepted = await call(
      'PUT',
      publicationPartnerPath('organisation', harbour, medifund),
      {
        publish: true,
        publishFuturePractitioners: true,
        acceptInformationUseStatementId: answer.statement.id,
      },
      ALICE,
    );
    expect(accepted.statusCode).toBe(200);
    expect((await read()).statusCode).toBe(200);

    const detail = PartnerServiceDetail.parse((await call('GET', path('one', medifund))).json());
    expect(detail.statements.map((s) => s.version)).toEqual([2, 1]);
  });
  it('tells the managers of a child organisation, held on the group above it, naming the child; an inactive one is not told', async () => {
    const nhsd = demoIds.partnerService('nhsd');
    const surryHills = demoIds.organisation('harbour-surry-hills');
    // A deactivated manager held on Surry Hills itself is not told.
    const [gone] = await t.db
      .insert(users)
      .values({
        raNumber: '2000009901',
        givenName: 'Gone',
        familyName: 'Manager',
        email: 'gone.manager@harbourmedical.example.com.au',
        isActive: false,
      })
      .returning({ id: users.id });
    await t.db
      .insert(roleMemberships)
      .values({ userId: gone!.id, roleType: 'OrganisationManager', organisationId: surryHills });
    const published = await call('POST', path('statements', nhsd), {
      title: 'NHSD information use statement',
      content: '<p>Version 3.</p>',
    });
    expect(published.statusCode, published.body).toBe(201);
    expect(PublishedStatement.parse(published.json())).toMatchObject({
      statement: { version: 3 },
      organisationsToAccept: 2,
    });
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entityId, nhsd),
          eq(auditEvents.action, 'partner-service.statement-published'),
        ),
      );
    expect(audit!.changedFields).toMatchObject({
      organisationsToAccept: expect.arrayContaining([harbour, surryHills]),
    });
    const mail = await t.db
      .select()
      .from(mailOutbox)
      .where(
        eq(
          mailOutbox.subject,
          'National Health Services Directory has a new information use statement',
        ),
      );
    const about = (name: string) =>
      mail
        .filter((m) => m.text.includes(`Publication of ${name} to `))
        .map((m) => m.to)
        .sort();
    const managers = [
      'alice.nguyen@harbourmedical.example.com.au',
      'hannah.lee@harbourmedical.example.com.au',
    ];
    expect(mail).toHaveLength(4);
    expect(about('Harbour Medical Group Pty Ltd')).toEqual(managers);
    expect(about('Harbour Medical Centre Surry Hills')).toEqual(managers);
    expect(mail.filter((m) => m.text.includes(surryHills))).toHaveLength(2);
    const notes = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.practitionerId, demoIds.practitioner('alice')));
    expect(
      notes.filter((n) =>
        n.message.includes('Publication of Harbour Medical Centre Surry Hills to '),
      ),
    ).toHaveLength(1);
  });
});

describe('partner identifier systems', () => {
  it('validates the URI, refuses a duplicate, edits, removes; audited; the partner API emits them', async () => {
    for (const system of [
      'not a uri',
      'medifund/ids',
      'https://',
      'https://x.example/a b',
      '/relative',
    ])
      expectProblem(
        await call('POST', paths.createIdentifierSystem, {
          partnerServiceId: medifund,
          system,
          name: 'Provider number',
        }),
        400,
        { field: 'system' },
      );
    expectProblem(
      await call('POST', paths.createIdentifierSystem, {
        partnerServiceId: missing,
        system: 'https://medifund.example/ids',
        name: 'X',
      }),
      400,
      { field: 'partnerServiceId' },
    );
    const body = {
      partnerServiceId: medifund,
      system: 'https://medifund.example/identifiers/provider',
      name: 'MediFund provider number',
    };
    const created = await call('POST', paths.createIdentifierSystem, body);
    expect(created.statusCode).toBe(201);
    const system = PartnerIdentifierSystem.parse(created.json());
    expectProblem(await call('POST', paths.createIdentifierSystem, body), 409, {
      type: 'partner-identifier-system-exists',
      field: 'system',
    });
    // The scheme and host are not case-sensitive: written otherwise, it is the same system.
    expectProblem(
      await call('POST', paths.createIdentifierSystem, {
        ...body,
        system: 'HTTPS://MediFund.Example/identifiers/provider',
      }),
      409,
      { type: 'partner-identifier-system-exists', field: 'system' },
    );
    const urn = await call('POST', paths.createIdentifierSystem, {
      ...body,
      system: 'urn:oid:1.2.36.1.2001.1003.0.8003621566684455',
      name: 'MediFund OID',
    });
    expect(urn.statusCode).toBe(201);

    const sandbox = await partnerToken(t, as, 'medifund');
    const org = (
      await t.app.inject({
        method: 'GET',
        url: `/fhir/Organization?_id=${harbour}`,
        headers: { authorization: sandbox.authorization },
      })
    ).json() as Bundle;
    const identifiers = (
      org.entry![0]!.resource as { identifier: Array<{ system: string; value: string }> }
    ).identifier;
    expect(identifiers).toEqual(
      expect.arrayContaining([expect.objectContaining({ system: body.system, value: harbour })]),
    );
    // Another partner sees none of MediFund's systems.
    const nhsd = await partnerToken(t, as, 'nhsd');
    const other = await t.app.inject({
      method: 'GET',
      url: `/fhir/Organization/${harbour}`,
      headers: { authorization: nhsd.authorization },
    });
    expect(other.body).not.toContain('medifund.example');

    const edited = await call('PUT', path('identifierSystem', system.id), {
      ...body,
      name: 'Provider number',
    });
    expect(PartnerIdentifierSystem.parse(edited.json()).name).toBe('Provider number');
    const list = PartnerIdentifierSystemList.parse(
      (await call('GET', paths.identifierSystems)).json(),
    );
    expect(list.identifierSystems.map((s) => s.id)).toContain(system.id);

    expect((await call('DELETE', path('identifierSystem', system.id))).statusCode).toBe(204);
    expectProblem(await call('DELETE', path('identifierSystem', system.id)), 404);
    const audit = await t.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(inArray(auditEvents.entityId, [system.id]))
      .orderBy(auditEvents.at);
    expect(audit.map((a) => a.action)).toEqual([
      'partner-identifier-system.added',
      'partner-identifier-system.updated',
      'partner-identifier-system.removed',
    ]);
    expect(
      await t.db
        .select()
        .from(partnerIdentifierSystems)
        .where(eq(partnerIdentifierSystems.id, system.id)),
    ).toEqual([]);
  });
});

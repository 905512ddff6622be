import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  AvailablePublicationPartners,
  publicationMessages,
  PractitionerPublication,
  PractitionerPublications,
  practitionerPublicationApiPath as itemPath,
  practitionerPublicationApiPaths as paths,
  practitionerPublicationMessages as messages,
} from '@pca/contracts';
import {
  auditEvents,
  delegationConsents,
  informationUseStatements,
  notifications,
  practitionerPublications,
  practitioners,
} from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { ALICE, BEN, GEORGE, PRIYA, useTestApp } from '../../test/use-test-app.ts';
import { expectProblem } from '../../test/expect-problem.ts';

const { t, as } = useTestApp();
const partner = demoIds.partnerService;
const ius = demoIds.informationUseStatement;
const alice = demoIds.practitioner('alice');
const FARAH = '2000000055';

/** Ben's own session, managing Alice (a separate token, so `as(BEN)` stays Ben himself). */
async function benManagingAlice() {
  const headers = t.bearer(await t.tokenFor(BEN));
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/managing',
    headers,
    payload: { practitionerId: alice },
  });
  expect(res.statusCode).toBe(200);
  return headers;
}

const auditOf = async (res: { headers: Record<string, unknown> }) =>
  t.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.requestId, String(res.headers['x-request-id'])));

const rowOf = async (practitionerId: string, partnerServiceId: string) => {
  const [row] = await t.db
    .select()
    .from(practitionerPublications)
    .where(
      and(
        eq(practitionerPublications.practitionerId, practitionerId),
        eq(practitionerPublications.partnerServiceId, partnerServiceId),
      ),
    );
  return row;
};

describe('who may read practitioner publications', () => {
  it('needs a session', async () => {
    expectProblem(await t.app.inject({ method: 'GET', url: paths.list }), 401);
  });

  it("gives Alice her own, MediFund requested and not shared (the demo's request)", async () => {
    const res = await t.app.inject({ method: 'GET', url: paths.list, headers: await as(ALICE) });
    expect(res.statusCode).toBe(200);
    const body = PractitionerPublications.parse(res.json());
    expect(body.practitioner.id).toBe(alice);
    expect(body.managing).toBe(false);
    expect(body.mayChangePersonalContactSharing).toBe(true);
    const medifund = body.items.find((i) => i.partner.code === 'medifund')!;
    expect(medifund).toMatchObject({
      publish: true,
      personalContactRequested: true,
      sharePersonalContact: false,
    });
    expect(medifund.personalContactRequestedAt).not.toBeNull();
  });

  it('refuses George, Priya and Ben himself (no practitioner, none managed) with a problem', async () => {
    for (const who of [GEORGE, PRIYA, BEN]) {
      const res = await t.app.inject({ method: 'GET', url: paths.list, headers: await as(who) });
      const problem = expectProblem(res, 403, { type: 'no-practitioner' });
      expect(problem.detail).toBe(messages.noPractitioner);
      expectProblem(
        await t.app.inject({
          method: 'POST',
          url: paths.list,
          headers: await as(who),
          payload: {
            partnerServiceId: partner('practice-link'),
            publish: true,
            sharePersonalContact: false,
          },
        }),
        403,
        { type: 'no-practitioner' },
      );
    }
  });

  it("gives Ben, managing Alice, Alice's list, without the consent to change sharing", async () => {
    const headers = await benManagingAlice();
    const body = PractitionerPublications.parse(
      (await t.app.inject({ method: 'GET', url: paths.list, headers })).json(),
    );
    expect(body.practitioner.id).toBe(alice);
    expect(body.managing).toBe(true);
    expect(body.mayChangePersonalContactSharing).toBe(false);
  });

  it('offers partners not yet added', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: paths.availablePartners,
      headers: await as(FARAH),
    });
    const codes = AvailablePublicationPartners.parse(res.json()).items.map((p) => p.code);
    expect(codes).toContain('medifund');
    expect(codes).toContain('practice-link');
    // Health Connect's flag is on by default (FEATURE_HEALTH_CONNECT).
    expect(codes).toContain('health-connect');
    const alices = AvailablePublicationPartners.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: paths.availablePartners,
          headers: await as(ALICE),
        })
      ).json(),
    ).items.map((p) => p.code);
    expect(alices).not.toContain('medifund');
  });
});

describe('the request rule', () => {
  it('refuses sharing with a partner that has not asked, before the CHECK (409 problem, nothing written)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: paths.list,
      headers: await as(FARAH),
      payload: { partnerServiceId: partner('medifund'), publish: true, sharePersonalContact: true },
    });
    const problem = expectProblem(res, 409, { type: 'personal-contact-not-requested' });
    expect(problem.detail).toBe(messages.personalContactNotRequested);
    expect(await rowOf(demoIds.practitioner('farah'), partner('medifund'))).toBeUndefined();
    expect(await auditOf(res)).toEqual([]);
  });

  it('lets Farah add, edit and remove a partner, each with its audit event', async () => {
    const farah = demoIds.practitioner('farah');
    const headers = await as(FARAH);
    // What the partner API gives as Farah's meta.lastUpdated; each change below moves it.
    const lastUpdated = async () =>
      (
        await t.db
          .select({ at: practitioners.updatedAt })
          .from(practitioners)
          .where(eq(practitioners.id, farah))
      )[0]!.at.getTime();
    const marks = [await lastUpdated()];
    const added = await t.app.inject({
      method: 'POST',
      url: paths.list,
      headers,
      payload: {
        partnerServiceId: partner('practice-link'),
        publish: true,
        sharePersonalContact: false,
        acceptInformationUseStatementId: ius('practice-link', 1),
      },
    });
    expect(added.statusCode).toBe(201);
    expect(PractitionerPublication.parse(added.json())).toMatchObject({
      publish: true,
      personalContactRequested: false,
      sharePersonalContact: false,
    });
    const [created] = await auditOf(added);
    expect(created).toMatchObject({
      action: 'practitioner-publication.created',
      entityType: 'practitioner-publication',
      actingForPractitionerId: null,
    });
    marks.push(await lastUpdated());

    const again = await t.app.inject({
      method: 'POST',
      url: paths.list,
      headers,
      payload: {
        partnerServiceId: partner('practice-link'),
        publish: false,
        sharePersonalContact: false,
      },
    });
    expect(expectProblem(again, 409).detail).toBe(messages.alreadyAdded);

    const sharing = await t.app.inject({
      method: 'PUT',
      url: itemPath(partner('practice-link')),
      headers,
      payload: { publish: true, sharePersonalContact: true },
    });
    expectProblem(sharing, 409, { type: 'personal-contact-not-requested' });
    expect((await rowOf(farah, partner('practice-link')))!.sharePersonalContact).toBe(false);

    const edited = await t.app.inject({
      method: 'PUT',
      url: itemPath(partner('practice-link')),
      headers,
      payload: { publish: false, sharePersonalContact: false },
    });
    expect(edited.statusCode).toBe(200);
    expect(PractitionerPublication.parse(edited.json()).publish).toBe(false);
    expect((await auditOf(edited))[0]).toMatchObject({
      action: 'practitioner-publication.updated',
      changedFields: { publish: false },
    });
    marks.push(await lastUpdated());

    const removed = await t.app.inject({
      method: 'DELETE',
      url: itemPath(partner('practice-link')),
      headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await auditOf(removed))[0]!.action).toBe('practitioner-publication.deleted');
    expect(await rowOf(farah, partner('practice-link'))).toBeUndefined();
    marks.push(await lastUpdated());
    for (let i = 1; i < marks.length; i++) expect(marks[i]).toBeGreaterThan(marks[i - 1]!);
    expectProblem(
      await t.app.inject({ method: 'DELETE', url: itemPath(partner('practice-link')), headers }),
      404,
    );
  });

  it('answers 404 for an unknown partner and 400 for a body that is not the schema', async () => {
    const headers = await as(ALICE);
    expectProblem(
      await t.app.inject({
        method: 'POST',
        url: paths.list,
        headers,
        payload: {
          partnerServiceId: '00000000-0000-4000-8000-000000000000',
          publish: true,
          sharePersonalContact: false,
        },
      }),
      404,
    );
    expectProblem(
      await t.app.inject({
        method: 'PUT',
        url: itemPath(partner('medifund')),
        headers,
        payload: { publish: 'yes' },
      }),
      400,
    );
    expectProblem(
      await t.app.inject({ method: 'PUT', url: itemPath('not-a-uuid'), headers, payload: {} }),
      400,
    );
  });
});

describe('a delegate and the consent to share personal contact details', () => {
  it('refuses Ben without the consent (403 problem), but lets him change publication', async () => {
    const headers = await benManagingAlice();
    const refused = await t.app.inject({
      method: 'PUT',
      url: itemPath(partner('medifund')),
      headers,
      payload: { publish: true, sharePersonalContact: true },
    });
    const problem = expectProblem(refused, 403, { type: 'delegate-consent-missing' });
    expect(problem.detail).toBe(messages.delegateConsentMissing);
    expect((await rowOf(alice, partner('medifund')))!.sharePersonalContact).toBe(false);

    const added = await t.app.inject({
      method: 'POST',
      url: paths.list,
      headers,
      payload: {
        partnerServiceId: partner('nhsd'),
        publish: true,
        sharePersonalContact: false,
        acceptInformationUseStatementId: ius('nhsd', 2),
      },
    });
    expect(added.statusCode).toBe(201);
    const [audit] = await auditOf(added);
    expect(audit).toMatchObject({ actingForPractitionerId: alice });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: itemPath(partner('nhsd')),
      headers,
    });
    expect(removed.statusCode).toBe(204);
  });

  it('lets Ben share once Alice consented: audited as acting for her, and Alice is notified', async () => {
    await t.db.insert(delegationConsents).values({
      delegationId: demoIds.delegation('alice', 'ben'),
      action: 'invite',
      consentVersion: 1,
    });
    const headers = await benManagingAlice();
    const res = await t.app.inject({
      method: 'PUT',
      url: itemPath(partner('medifund')),
      headers,
      payload: { publish: true, sharePersonalContact: true },
    });
    expect(res.statusCode).toBe(200);
    expect(PractitionerPublication.parse(res.json()).sharePersonalContact).toBe(true);
    const [audit] = await auditOf(res);
    expect(audit).toMatchObject({
      action: 'practitioner-publication.updated',
      actingForPractitionerId: alice,
      changedFields: { sharePersonalContact: true },
    });
    const notes = await t.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.practitionerId, alice),
          eq(notifications.subject, messages.notificationSubject),
        ),
      );
    expect(notes).toHaveLength(1);
    expect(notes[0]!.message).toContain('MediFund Health Insurance');

    // Alice herself stops sharing: no notification for her own change.
    const own = await t.app.inject({
      method: 'PUT',
      url: itemPath(partner('medifund')),
      headers: await as(ALICE),
      payload: { publish: true, sharePersonalContact: false },
    });
    expect(own.statusCode).toBe(200);
    expect((await auditOf(own))[0]!.actingForPractitionerId).toBeNull();
    const after = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.subject, messages.notificationSubject));
    expect(after).toHaveLength(1);
  });
});

describe("the partner's information use statement (docs/decisions/081-practitioner-publication-acceptance.md)", () => {
  const farah = demoIds.practitioner('farah');
  const add = async (payload: Record<string, unknown>, headers?: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: paths.list,
      headers: headers ?? (await as(FARAH)),
      payload: { partnerServiceId: partner('nhsd'), sharePersonalContact: false, ...payload },
    });

  it('refuses publishing without the statement accepted (409), and writes nothing', async () => {
    const res = await add({ publish: true });
    const problem = expectProblem(res, 409, { type: 'publication-statement-not-accepted' });
    expect(problem.detail).toBe(
      publicationMessages.statementNotAccepted('National Health Services Directory'),
    );
    expect(await rowOf(farah, partner('nhsd'))).toBeUndefined();
    expect(await auditOf(res)).toEqual([]);
  });

  it("refuses a statement that is not the partner's latest (409) and another partner's (400 on the field)", async () => {
    const old = await add({ publish: true, acceptInformationUseStatementId: ius('nhsd', 1) });
    const problem = expectProblem(old, 409, { type: 'publication-statement-not-latest' });
    expect(problem.detail).toBe(
      publicationMessages.statementNotLatest('National Health Services Directory'),
    );
    for (const other of [ius('medifund', 1), '00000000-0000-4000-8000-0000000000aa']) {
      const res = await add({ publish: true, acceptInformationUseStatementId: other });
      const body = expectProblem(res, 400, { field: 'acceptInformationUseStatementId' });
      expect(body.errors![0]!.message).toBe(publicationMessages.statementOfOtherPartner);
    }
    expect(await rowOf(farah, partner('nhsd'))).toBeUndefined();
  });

  it('records the statement shown, who accepted it and when, with the publication and its audit event', async () => {
    const res = await add({ publish: true, acceptInformationUseStatementId: ius('nhsd', 2) });
    expect(res.statusCode, res.body).toBe(201);
    const item = PractitionerPublication.parse(res.json());
    expect(item).toMatchObject({
      publish: true,
      needsAcceptance: false,
      acceptance: { version: 2, acceptedBy: 'Farah Haddad', byDelegate: false },
      partner: { latestStatement: { id: ius('nhsd', 2), version: 2 } },
    });
    const row = (await rowOf(farah, partner('nhsd')))!;
    expect(row).toMatchObject({
      informationUseStatementId: ius('nhsd', 2),
      acceptedByUserId: demoIds.user('farah'),
      acceptedByDelegate: false,
    });
    expect(row.acceptedAt).toBeInstanceOf(Date);
    expect((await auditOf(res))[0]).toMatchObject({
      action: 'practitioner-publication.created',
      changedFields: { acceptedVersion: 2 },
    });
    // Turning publication off needs nothing and keeps the acceptance; on again needs no new one.
    for (const publish of [false, true]) {
      const edited = await t.app.inject({
        method: 'PUT',
        url: itemPath(partner('nhsd')),
        headers: await as(FARAH),
        payload: { publish, sharePersonalContact: false },
      });
      expect(edited.statusCode, edited.body).toBe(200);
    }
    expect((await rowOf(farah, partner('nhsd')))!.acceptedAt).toEqual(row.acceptedAt);
  });

  it("records a delegate's acceptance on the practitioner's behalf: both the delegate and the practitioner", async () => {
    const headers = await benManagingAlice();
    const res = await add(
      { publish: true, acceptInformationUseStatementId: ius('nhsd', 2) },
      headers,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(PractitionerPublication.parse(res.json()).acceptance).toMatchObject({
      acceptedBy: 'Ben Okafor',
      byDelegate: true,
    });
    expect(await rowOf(alice, partner('nhsd'))).toMatchObject({
      acceptedByUserId: demoIds.user('ben'),
      acceptedByDelegate: true,
    });
    expect((await auditOf(res))[0]).toMatchObject({
      actorUserId: demoIds.user('ben'),
      actingForPractitionerId: alice,
      changedFields: { acceptedVersion: 2 },
    });
  });

  it('pauses a publication when the partner publishes a newer statement, until it is accepted', async () => {
    await t.db.insert(informationUseStatements).values({
      id: '00000000-0000-4000-8000-00000000ee81',
      partnerServiceId: partner('medifund'),
      version: 2,
      title: 'MediFund Health Insurance information use statement (version 2)',
      content: '<p>MediFund now also shows practitioners to its members.</p>',
      publishedAt: new Date(),
    });
    const headers = await as(ALICE);
    const list = async () =>
      PractitionerPublications.parse(
        (await t.app.inject({ method: 'GET', url: paths.list, headers })).json(),
      ).items.find((i) => i.partner.code === 'medifund')!;
    expect(await list()).toMatchObject({
      publish: true,
      needsAcceptance: true,
      acceptance: { version: 1 },
      partner: { latestStatement: { version: 2 } },
    });
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: itemPath(partner('medifund')), headers, payload });
    expectProblem(await put({ publish: true, sharePersonalContact: false }), 409, {
      type: 'publication-statement-not-accepted',
    });
    expectProblem(
      await put({
        publish: true,
        sharePersonalContact: false,
        acceptInformationUseStatementId: ius('medifund', 1),
      }),
      409,
      { type: 'publication-statement-not-latest' },
    );
    const accepted = await put({
      publish: true,
      sharePersonalContact: false,
      acceptInformationUseStatementId: '00000000-0000-4000-8000-00000000ee81',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await list()).toMatchObject({
      needsAcceptance: false,
      acceptance: { version: 2, acceptedBy: 'Alice Nguyen' },
    });
  });
});

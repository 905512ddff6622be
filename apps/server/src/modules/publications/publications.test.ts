import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  PartnerPublicationList,
  PublicationEmailRecipientList,
  publicationEmailRecipientsPath,
  publicationPartnerPath,
  publicationPartnersPath,
  type PartnerPublicationChange,
  type PublicationLevel,
} from '@pca/contracts';
import {
  auditEvents,
  informationUseStatements,
  mailOutbox,
  partnerPublications,
} from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { ALICE, BEN, GEORGE, ISLA, useTestApp } from '../../test/use-test-app.ts';
import { expectProblem } from '../../test/expect-problem.ts';

const org = demoIds.organisation;
const partner = demoIds.partnerService;
const ius = demoIds.informationUseStatement;
const harbour = org('harbour-group');
const clinic = demoIds.location('surry-hills-clinic');
const gp = demoIds.healthcareService('surry-hills-gp');
const skin = demoIds.healthcareService('surry-hills-skin');
const missing = '00000000-0000-4000-8000-000000000000';

const { t, as } = useTestApp();

const list = async (level: PublicationLevel, id: string, who = ALICE) =>
  t.app.inject({ method: 'GET', url: publicationPartnersPath(level, id), headers: await as(who) });
const listed = async (level: PublicationLevel, id: string, who = ALICE) => {
  const res = await list(level, id, who);
  expect(res.statusCode).toBe(200);
  return PartnerPublicationList.parse(res.json());
};
const put = async (
  level: PublicationLevel,
  id: string,
  partnerServiceId: string,
  payload: PartnerPublicationChange | Record<string, unknown>,
  who = ALICE,
) =>
  t.app.inject({
    method: 'PUT',
    url: publicationPartnerPath(level, id, partnerServiceId),
    headers: await as(who),
    payload,
  });
const entry = (body: PartnerPublicationList, code: string) => {
  const found = body.partners.find((p) => p.partner.code === code);
  if (!found) throw new Error(`no partner ${code}`);
  return found;
};
const auditsOf = (rowId: string) =>
  t.db.select().from(auditEvents).where(eq(auditEvents.entityId, rowId));
const ownRow = (key: { locationId?: string; healthcareServiceId?: string }, code: string) =>
  t.db
    .select()
    .from(partnerPublications)
    .where(
      and(
        eq(partnerPublications.partnerServiceId, partner(code)),
        key.healthcareServiceId
          ? eq(partnerPublications.healthcareServiceId, key.healthcareServiceId)
          : sql`${partnerPublications.healthcareServiceId} is null`,
        key.locationId
          ? eq(partnerPublications.locationId, key.locationId)
          : sql`${partnerPublications.locationId} is null`,
      ),
    );

describe('Publications: reading the Partner services tab at each level', () => {
  it("shows Harbour's own choices, each accepted by a person, and George reads without canEdit", async () => {
    const body = await listed('organisation', harbour, GEORGE);
    expect(body.canEdit).toBe(false);
    expect(body.partners.map((p) => p.partner.code).sort()).toEqual([
      'health-connect',
      'medifund',
      'nhsd',
      'nhsd-providers',
      'practice-link',
    ]);
    const nhsd = entry(body, 'nhsd');
    expect(nhsd.latestStatement).toMatchObject({ id: ius('nhsd', 2), version: 2 });
    expect(nhsd.own).toMatchObject({
      publish: true,
      acceptedVersion: 2,
      acceptedBy: 'Alice Nguyen',
    });
    expect(nhsd.inherited).toBeNull();
    expect(nhsd.needsLatestAcceptance).toBe(false);
    const medifund = entry(body, 'medifund');
    expect(medifund.own).toMatchObject({
      publish: true,
      acceptedVersion: 1,
      acceptedBy: 'Alice Nguyen',
    });
    expect(medifund.needsLatestAcceptance).toBe(false);
    expect(entry(body, 'practice-link')).toMatchObject({ own: null, inherited: null });
    expect((await listed('organisation', harbour, ALICE)).canEdit).toBe(true);
  });

  it('a location inherits the organisation’s choice, saying where from', async () => {
    const body = await listed('location', clinic, GEORGE);
    expect(body.canEdit).toBe(false);
    const medifund = entry(body, 'medifund');
    expect(medifund.own).toBeNull();
    expect(medifund.inherited).toMatchObject({
      publish: true,
      acceptedVersion: 1,
      from: { level: 'organisation', id: harbour },
    });
  });

  it('a healthcare service has its own NHSD subscription and inherits MediFund from the group', async () => {
    const body = await listed('healthcare-service', gp, BEN);
    expect(body.canEdit).toBe(true);
    const nhsd = entry(body, 'nhsd');
    expect(nhsd.own).toMatchObject({ publish: true, acceptedVersion: 2 });
    expect(nhsd.inherited).toMatchObject({ from: { level: 'organisation', id: harbour } });
    expect(nhsd.needsLatestAcceptance).toBe(false);
    expect(entry(body, 'medifund')).toMatchObject({
      own: null,
      inherited: { publish: true, from: { level: 'organisation', id: harbour } },
      needsLatestAcceptance: false,
    });
  });

  it('answers 404 for unknown ids, 403 without access, 400 for an unknown level', async () => {
    expectProblem(await list('organisation', missing), 404);
    expectProblem(await list('location', missing), 404);
    expectProblem(await list('healthcare-service', missing), 404);
    expectProblem(await list('organisation', harbour, ISLA), 403);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/publications/practitioner/${harbour}/partners`,
      headers: await as(ALICE),
    });
    expectProblem(res, 400);
    expectProblem(
      await t.app.inject({ method: 'GET', url: publicationPartnersPath('organisation', harbour) }),
      401,
    );
  });
});

describe('Publications: changing a choice', () => {
  it('George (Viewer) is refused with a problem; unknown entity or partner is 404', async () => {
    const change = {
      publish: true,
      publishFuturePractitioners: false,
      acceptInformationUseStatementId: ius('medifund', 1),
    };
    expectProblem(await put('organisation', harbour, partner('medifund'), change, GEORGE), 403);
    expectProblem(await put('location', missing, partner('medifund'), change), 404);
    expectProblem(await put('healthcare-service', gp, missing, change), 404);
  });

  it('refuses invalid bodies with problem bodies', async () => {
    expectProblem(
      await put('healthcare-service', gp, partner('medifund'), { publish: 'yes' }),
      400,
    );
    expectProblem(
      await put('healthcare-service', gp, partner('medifund'), {
        publish: true,
        publishFuturePractitioners: false,
        acceptInformationUseStatementId: 'not-a-uuid',
      }),
      400,
    );
  });

  it('publishing needs the latest statement: none, an older one, another partner’s are refused', async () => {
    const base = { publish: true, publishFuturePractitioners: false };
    const none = expectProblem(
      await put('healthcare-service', skin, partner('practice-link'), base),
      409,
      { type: 'publication-statement-not-accepted' },
    );
    expect(none.detail).toContain('PracticeLink Referrals');
    expectProblem(
      await put('organisation', harbour, partner('nhsd'), {
        ...base,
        acceptInformationUseStatementId: ius('nhsd', 1),
      }),
      409,
      { type: 'publication-statement-not-latest' },
    );
    expectProblem(
      await put('healthcare-service', skin, partner('practice-link'), {
        ...base,
        acceptInformationUseStatementId: ius('medifund', 1),
      }),
      400,
      { field: 'acceptInformationUseStatementId' },
    );
    expect(await ownRow({ healthcareServiceId: skin }, 'practice-link')).toEqual([]);
  });

  it('accepting records who, when and which version, audits it and mails the recipients in one go', async () => {
    const added = await t.app.inject({
      method: 'POST',
      url: publicationEmailRecipientsPath(org('harbour-surry-hills')),
      headers: await as(ALICE),
      payload: { email: 'Publishing@Harbour.example.com' },
    });
    expect(added.statusCode).toBe(201);
    const started = Date.now();
    const res = await put('healthcare-service', gp, partner('medifund'), {
      publish: true,
      publishFuturePractitioners: true,
      acceptInformationUseStatementId: ius('medifund', 1),
    });
    expect(res.statusCode).toBe(200);
    const medifund = entry(PartnerPublicationList.parse(res.json()), 'medifund');
    expect(medifund.own).toMatchObject({
      publish: true,
      publishFuturePractitioners: true,
      acceptedVersion: 1,
      acceptedBy: 'Alice Nguyen',
    });
    expect(Date.parse(medifund.own!.acceptedAt!)).toBeGreaterThanOrEqual(started - 1000);
    const [row] = await ownRow({ healthcareServiceId: gp }, 'medifund');
    expect(row).toMatchObject({
      publish: true,
      informationUseStatementId: ius('medifund', 1),
      acceptedByUserId: demoIds.user('alice'),
    });
    const [audit] = await auditsOf(row!.id);
    expect(audit).toMatchObject({
      action: 'publication.changed',
      actorUserId: demoIds.user('alice'),
      requestId: expect.any(String),
    });
    expect(audit!.changedFields).toMatchObject({
      publish: { from: null, to: true },
      informationUseStatementId: { from: null, to: ius('medifund', 1) },
      acceptedVersion: { to: 1 },
    });
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'publishing@harbour.example.com'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('MediFund Health Insurance');
    expect(mails[0]!.text).toContain('Publish: inherited → yes');

    // The same choice again writes nothing.
    expect(
      (
        await put('healthcare-service', gp, partner('medifund'), {
          publish: true,
          publishFuturePractitioners: true,
        })
      ).statusCode,
    ).toBe(200);
    expect(await auditsOf(row!.id)).toHaveLength(1);
  });

  it('turning publication off keeps the acceptance; removing the own choice falls back to the inherited one', async () => {
    const off = await put('healthcare-service', gp, partner('medifund'), {
      publish: false,
      publishFuturePractitioners: false,
    });
    expect(off.statusCode).toBe(200);
    expect(entry(PartnerPublicationList.parse(off.json()), 'medifund').own).toMatchObject({
      publish: false,
      acceptedVersion: 1,
      acceptedBy: 'Alice Nguyen',
    });
    const [row] = await ownRow({ healthcareServiceId: gp }, 'medifund');
    const reset = await t.app.inject({
      method: 'DELETE',
      url: publicationPartnerPath('healthcare-service', gp, partner('medifund')),
      headers: await as(BEN),
    });
    expect(reset.statusCode).toBe(200);
    const medifund = entry(PartnerPublicationList.parse(reset.json()), 'medifund');
    expect(medifund.own).toBeNull();
    expect(medifund.inherited).toMatchObject({ publish: true });
    expect((await auditsOf(row!.id)).map((a) => a.action).sort()).toEqual([
      'publication.changed',
      'publication.changed',
      'publication.reset',
    ]);
  });

  it('a reset is recorded against the organisation of the row it removed (its managers’ audit trail)', async () => {
    const surryHills = org('harbour-surry-hills');
    const off = await put('location', clinic, partner('practice-link'), {
      publish: false,
      publishFuturePractitioners: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    const [row] = await ownRow({ locationId: clinic }, 'practice-link');
    expect(row!.organisationId).toBe(surryHills);
    const reset = await t.app.inject({
      method: 'DELETE',
      url: publicationPartnerPath('location', clinic, partner('practice-link')),
      headers: await as(ALICE),
    });
    expect(reset.statusCode).toBe(200);
    expect(await ownRow({ locationId: clinic }, 'practice-link')).toEqual([]);
    const events = await auditsOf(row!.id);
    expect(events.map((e) => [e.action, e.organisationId]).sort()).toEqual([
      ['publication.changed', surryHills],
      ['publication.reset', surryHills],
    ]);
  });

  it('a newer NHSD statement: keeping publishing needs it accepted, which clears the new-version flag', async () => {
    const nhsd3 = '00000000-0000-4000-8000-00000000ee23';
    await t.db.insert(informationUseStatements).values({
      id: nhsd3,
      partnerServiceId: partner('nhsd'),
      version: 3,
      title: 'National Health Services Directory information use statement (version 3)',
      content: 'The directory now also shows your services’ accessibility details.',
      publishedAt: new Date(),
    });
    expect(entry(await listed('organisation', harbour), 'nhsd').needsLatestAcceptance).toBe(true);
    // A change that keeps publishing needs version 3.
    expectProblem(
      await put('organisation', harbour, partner('nhsd'), {
        publish: true,
        publishFuturePractitioners: false,
      }),
      409,
      { type: 'publication-statement-not-accepted' },
    );
    const res = await put('organisation', harbour, partner('nhsd'), {
      publish: true,
      publishFuturePractitioners: true,
      acceptInformationUseStatementId: nhsd3,
    });
    expect(res.statusCode).toBe(200);
    const nhsd = entry(PartnerPublicationList.parse(res.json()), 'nhsd');
    expect(nhsd.own).toMatchObject({ acceptedVersion: 3, acceptedBy: 'Alice Nguyen' });
    expect(nhsd.needsLatestAcceptance).toBe(false);
  });

  it('a row that names the current statement but no person must be accepted again to keep publishing', async () => {
    await t.db
      .update(partnerPublications)
      .set({ acceptedByUserId: null })
      .where(
        and(
          eq(partnerPublications.organisationId, harbour),
          eq(partnerPublications.partnerServiceId, partner('nhsd-providers')),
          sql`${partnerPublications.locationId} is null`,
          sql`${partnerPublications.healthcareServiceId} is null`,
        ),
      );
    expectProblem(
      await put('organisation', harbour, partner('nhsd-providers'), {
        publish: true,
        publishFuturePractitioners: false,
      }),
      409,
      { type: 'publication-statement-not-accepted' },
    );
    const res = await put('organisation', harbour, partner('nhsd-providers'), {
      publish: true,
      publishFuturePractitioners: false,
      acceptInformationUseStatementId: ius('nhsd-providers', 1),
    });
    expect(res.statusCode).toBe(200);
    expect(entry(PartnerPublicationList.parse(res.json()), 'nhsd-providers').own).toMatchObject({
      acceptedVersion: 1,
      acceptedBy: 'Alice Nguyen',
    });
  });

  it('a forced failure while queueing the mail writes neither the choice nor its audit event', async () => {
    await t.db
      .execute(sql`create function pca_test_refuse_mail() returns trigger language plpgsql as
      $$ begin raise exception 'refused by the test'; end $$`);
    await t.db.execute(sql`create trigger pca_test_refuse_mail before insert on mail_outbox
      for each row execute function pca_test_refuse_mail()`);
    try {
      const auditsBefore = await t.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents);
      const res = await put('location', clinic, partner('practice-link'), {
        publish: true,
        publishFuturePractitioners: false,
        acceptInformationUseStatementId: ius('practice-link', 1),
      });
      expectProblem(res, 500, { type: 'internal-error' });
      expect(await ownRow({ locationId: clinic }, 'practice-link')).toEqual([]);
      const auditsAfter = await t.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents);
      expect(auditsAfter[0]!.n).toBe(auditsBefore[0]!.n);
    } finally {
      await t.db.execute(sql`drop trigger pca_test_refuse_mail on mail_outbox`);
      await t.db.execute(sql`drop function pca_test_refuse_mail()`);
    }
  });
});

describe('Publications: who is mailed', () => {
  const path = publicationEmailRecipientsPath(harbour);
  it('George reads the list but may not change it; Alice adds and removes, audited', async () => {
    const read = await t.app.inject({ method: 'GET', url: path, headers: await as(GEORGE) });
    expect(read.statusCode).toBe(200);
    expect(PublicationEmailRecipientList.parse(read.json())).toMatchObject({
      canEdit: false,
      organisationName: expect.any(String),
    });
    expectProblem(
      await t.app.inject({
        method: 'POST',
        url: path,
        headers: await as(GEORGE),
        payload: { email: 'george@example.com' },
      }),
      403,
    );
    const added = await t.app.inject({
      method: 'POST',
      url: path,
      headers: await as(ALICE),
      payload: { email: 'Ops@Harbour.example.com' },
    });
    expect(added.statusCode).toBe(201);
    const body = PublicationEmailRecipientList.parse(added.json());
    const recipient = body.recipients.find((r) => r.email === 'ops@harbour.example.com')!;
    expect(recipient).toBeDefined();
    expectProblem(
      await t.app.inject({
        method: 'POST',
        url: path,
        headers: await as(ALICE),
        payload: { email: 'ops@harbour.example.com' },
      }),
      409,
      { type: 'publication-recipient-exists' },
    );
    expectProblem(
      await t.app.inject({
        method: 'POST',
        url: path,
        headers: await as(ALICE),
        payload: { email: 'not an email' },
      }),
      400,
      { field: 'email' },
    );
    const removePath = publicationEmailRecipientsPath(harbour, recipient.id);
    expectProblem(
      await t.app.inject({ method: 'DELETE', url: removePath, headers: await as(GEORGE) }),
      403,
    );
    const removed = await t.app.inject({
      method: 'DELETE',
      url: removePath,
      headers: await as(ALICE),
    });
    expect(removed.statusCode).toBe(204);
    expectProblem(
      await t.app.inject({ method: 'DELETE', url: removePath, headers: await as(ALICE) }),
      404,
    );
    expect((await auditsOf(recipient.id)).map((a) => a.action).sort()).toEqual([
      'publication-recipient.added',
      'publication-recipient.removed',
    ]);
    expectProblem(
      await t.app.inject({
        method: 'GET',
        url: publicationEmailRecipientsPath(missing),
        headers: await as(ALICE),
      }),
      404,
    );
  });
});

describe('one row per location and per service for a partner', () => {
  it('the database refuses a second row naming another organisation: a choice saved while a transfer moves its entity', async () => {
    // The race: a transfer moved the clinic to Riverbend (and its rows with it) while a publication choice,
    // read before it, inserted its row under Harbour.
    const riverbend = org('riverbend');
    for (const key of [{ locationId: clinic }, { healthcareServiceId: gp }]) {
      const row = {
        partnerServiceId: partner('health-connect'),
        publish: false,
        ...key,
      };
      await t.db.insert(partnerPublications).values({ ...row, organisationId: riverbend });
      await expect(
        t.db.insert(partnerPublications).values({ ...row, organisationId: harbour }),
      ).rejects.toMatchObject({ cause: { code: '23505' } });
      await t.db
        .delete(partnerPublications)
        .where(
          and(
            eq(partnerPublications.partnerServiceId, partner('health-connect')),
            eq(partnerPublications.organisationId, riverbend),
          ),
        );
    }
  });
});

import { describe, expect, it } from 'vitest';
import { and, desc, eq, inArray, like } from 'drizzle-orm';
import { PendingRegistrations } from '@pca/contracts';
import {
  auditEvents,
  mailOutbox,
  organisations,
  roleMemberships,
  users,
} from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { ALICE, PRIYA, JACK, useTestApp } from '../../test/use-test-app.ts';
import { expectProblem } from '../../test/expect-problem.ts';

const riverbend = demoIds.organisation('riverbend');

const { t } = useTestApp();

const statusOf = async (id: string) =>
  (await t.db.select().from(organisations).where(eq(organisations.id, id)))[0]
    ?.publisherApprovalStatus;

describe('operator approval', () => {
  it('refuses everyone but the operator', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/registrations' })).statusCode,
    ).toBe(401);
    for (const ra of [ALICE, JACK]) {
      const headers = t.bearer(await t.tokenFor(ra));
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/admin/registrations', headers }))
          .statusCode,
      ).toBe(403);
      const approve = await t.app.inject({
        method: 'POST',
        url: `/api/admin/registrations/${riverbend}/approve`,
        headers,
      });
      expectProblem(approve, 403);
    }
    expect(await statusOf(riverbend)).toBe('PendingApproval');
  });

  it('refuses anyone else before reading the body: a malformed one is 403, not 400', async () => {
    const headers = { ...t.bearer(await t.tokenFor(ALICE)), 'content-type': 'application/json' };
    for (const [url, payload] of [
      [`/api/admin/registrations/${riverbend}/decline`, '{"reason":'],
      [`/api/admin/registrations/${riverbend}/decline`, '{"reason":""}'],
      ['/api/admin/registrations/not-a-uuid/decline', '{"reason":"No."}'],
    ] as const)
      expectProblem(await t.app.inject({ method: 'POST', url, headers, payload }), 403);
    expect(await statusOf(riverbend)).toBe('PendingApproval');
  });

  it('lists Riverbend for Priya, approves it (Approved publisher, audited, managers emailed)', async () => {
    const headers = t.bearer(await t.tokenFor(PRIYA));
    const list = PendingRegistrations.parse(
      (await t.app.inject({ method: 'GET', url: '/api/admin/registrations', headers })).json(),
    ).registrations;
    expect(list.map((r) => r.businessName)).toEqual(['Riverbend Allied Health']);
    expect(list[0]!.managers[0]).toMatch(/^Jack /);

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/registrations/${riverbend}/approve`,
      headers,
    });
    expect(res.statusCode).toBe(204);
    expect(await statusOf(riverbend)).toBe('Approved');
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    expect(mail?.subject).toBe('Registration approved: Riverbend Allied Health');
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, riverbend));
    expect(audit.map((a) => a.action)).toContain('business-registration.approved');

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/registrations/${riverbend}/approve`,
      headers,
    });
    expectProblem(again, 409);
  });

  it('declines with a reason: the registration returns to Pending Submission', async () => {
    await t.db
      .update(organisations)
      .set({ publisherApprovalStatus: 'PendingApproval' })
      .where(eq(organisations.id, riverbend));
    const headers = t.bearer(await t.tokenFor(PRIYA));
    const url = `/api/admin/registrations/${riverbend}/decline`;
    expect(
      (await t.app.inject({ method: 'POST', url, headers, payload: { reason: ' ' } })).statusCode,
    ).toBe(400);
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: { reason: 'The ABN does not match the legal name.' },
    });
    expect(res.statusCode).toBe(204);
    expect(await statusOf(riverbend)).toBe('PendingSubmission');
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    expect(mail?.text).toContain('The ABN does not match the legal name.');

    // Jack, its manager, sees why while he corrects it; resubmitting clears the reason.
    const jack = t.bearer(await t.tokenFor(JACK));
    const registration = `/api/business-registrations/${riverbend}`;
    const declined = await t.app.inject({ method: 'GET', url: registration, headers: jack });
    expect(declined.json()).toMatchObject({
      status: 'PendingSubmission',
      declineReason: 'The ABN does not match the legal name.',
    });
    for (const payload of [
      {
        step: 'contactDetails',
        phone: '07 3333 5555',
        email: 'hello@riverbend.example.com.au',
        website: '',
      },
      {
        step: 'primaryLocation',
        addressLine: '1 River Road',
        locality: 'Surry Hills',
        postcode: '2010',
        state: 'NSW',
      },
      { step: 'agreement', agreementAccepted: true },
    ])
      expect(
        (await t.app.inject({ method: 'PUT', url: registration, headers: jack, payload }))
          .statusCode,
      ).toBe(200);
    const resubmitted = await t.app.inject({
      method: 'POST',
      url: `${registration}/submit`,
      headers: jack,
    });
    expect(resubmitted.json()).toMatchObject({ status: 'PendingApproval', declineReason: null });
  });

  it('two decisions at once: one wins, the other is 409, one mail and one event', async () => {
    const headers = t.bearer(await t.tokenFor(PRIYA));
    const decide = (action: 'approve' | 'decline') =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/registrations/${riverbend}/${action}`,
        headers,
        ...(action === 'decline' ? { payload: { reason: 'The ABN does not match.' } } : {}),
      });
    const mails = async () =>
      (
        await t.db
          .select()
          .from(mailOutbox)
          .where(like(mailOutbox.subject, 'Registration %: Riverbend Allied Health'))
      ).length;
    const decisions = async () =>
      (
        await t.db
          .select()
          .from(auditEvents)
          .where(
            and(
              eq(auditEvents.entityId, riverbend),
              inArray(auditEvents.action, [
                'business-registration.approved',
                'business-registration.declined',
              ]),
            ),
          )
      ).length;
    // On PGlite only the double approve interleaves (one connection runs one transaction at a time, and the
    // decline's body delays it past the approve); on PostgreSQL both pairs race.
    for (const pair of [
      ['approve', 'approve'],
      ['approve', 'decline'],
    ] as const) {
      await t.db
        .update(organisations)
        .set({ publisherApprovalStatus: 'PendingApproval' })
        .where(eq(organisations.id, riverbend));
      const [mailsBefore, eventsBefore] = [await mails(), await decisions()];
      const answers = await Promise.all(pair.map(decide));
      const won = answers.filter((r) => r.statusCode === 204);
      const lost = answers.filter((r) => r.statusCode !== 204);
      expect(won, pair.join(' + ')).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(expectProblem(lost[0]!, 409).detail).toBe(
        'This registration is not pending approval.',
      );
      expect(await mails()).toBe(mailsBefore + 1);
      expect(await decisions()).toBe(eventsBefore + 1);
      const winner = pair[answers.indexOf(won[0]!)];
      expect(await statusOf(riverbend)).toBe(
        winner === 'approve' ? 'Approved' : 'PendingSubmission',
      );
    }
  });

  it('neither lists nor mails a deactivated manager', async () => {
    await t.db
      .update(organisations)
      .set({ publisherApprovalStatus: 'PendingApproval' })
      .where(eq(organisations.id, riverbend));
    const gone = 'gone.manager@riverbend.example.com.au';
    const [user] = await t.db
      .insert(users)
      .values({
        raNumber: '2000009902',
        givenName: 'Gone',
        familyName: 'Manager',
        email: gone,
        isActive: false,
      })
      .returning({ id: users.id });
    await t.db
      .insert(roleMemberships)
      .values({ userId: user!.id, roleType: 'OrganisationManager', organisationId: riverbend });
    const headers = t.bearer(await t.tokenFor(PRIYA));
    const list = PendingRegistrations.parse(
      (await t.app.inject({ method: 'GET', url: '/api/admin/registrations', headers })).json(),
    ).registrations;
    const managers = list.find((r) => r.id === riverbend)!.managers;
    expect(managers).toHaveLength(1);
    expect(managers[0]).toMatch(/^Jack /);

    for (const [action, subject] of [
      ['decline', 'Registration declined: Riverbend Allied Health'],
      ['approve', 'Registration approved: Riverbend Allied Health'],
    ] as const) {
      const before = await t.db.select().from(mailOutbox).where(eq(mailOutbox.subject, subject));
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/registrations/${riverbend}/${action}`,
        headers,
        ...(action === 'decline' ? { payload: { reason: 'The ABN does not match.' } } : {}),
      });
      expect(res.statusCode, res.body).toBe(204);
      const after = await t.db.select().from(mailOutbox).where(eq(mailOutbox.subject, subject));
      expect(after.length).toBe(before.length + 1);
      expect(after.map((m) => m.to)).not.toContain(gone);
      await t.db
        .update(organisations)
        .set({ publisherApprovalStatus: 'PendingApproval' })
        .where(eq(organisations.id, riverbend));
    }
  });
});

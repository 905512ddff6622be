import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  CurrentUser,
  DelegateUserSearchResult,
  DelegationListItem,
  DelegationsPage,
  DetailsUpdateResponse,
  delegateConsentList,
  delegationApiPath,
  delegationApiPaths,
  delegationMessages,
  registrationApiPaths,
  shellApiPaths,
} from '@pca/contracts';
import {
  auditEvents,
  credentialDocuments,
  delegationConsents,
  delegations,
  mailOutbox,
  roleMemberships,
  tasks,
} from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectProblem } from '../../test/expect-problem.ts';

let t: TestApp;
let alice: string;
beforeAll(async () => {
  t = await createTestApp();
  alice = await t.tokenFor('2000000011');
});
afterAll(() => t.close());

const ra = {
  alice: '2000000011',
  ben: '2000000022',
  chloe: '2000000033',
  dana: '2000000044',
  george: '2000000066',
};
const benDelegation = demoIds.delegation('alice', 'ben');
const danaInvitation = demoIds.delegation('alice', 'dana');
const georgeDelegation = demoIds.delegation('alice', 'george');
const consent = { consent: true, consentVersion: 1 };

const call = (
  token: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: token ? t.bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function mailsTo(to: string) {
  return t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
}

async function auditOf(id: string) {
  return t.db
    .select({
      action: auditEvents.action,
      changed: auditEvents.changedFields,
      actor: auditEvents.actorUserId,
    })
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, 'delegation'), eq(auditEvents.entityId, id)));
}

describe('the delegates list', () => {
  it('pages Alice’s delegations from page 1 with the total and each delegate’s last login', async () => {
    await t.tokenFor(ra.ben); // a sign-in, so Ben has a last login
    const res = await call(alice, 'GET', delegationApiPaths.list);
    expect(res.statusCode).toBe(200);
    const page = DelegationsPage.parse(res.json());
    expect(page).toMatchObject({ page: 1, total: 3, pageSize: 10 });
    const byName = Object.fromEntries(page.items.map((i) => [i.givenName, i]));
    expect(byName['Ben']).toMatchObject({ status: 'Accepted', authIdentifier: ra.ben });
    expect(byName['Ben']!.lastLogin).not.toBeNull();
    expect(byName['Dana']).toMatchObject({
      status: 'Invited',
      email: 'dana.wu@example.com',
      delegateUserId: null,
    });
    expect(byName['George']).toMatchObject({ status: 'Stopped' });
  });

  it('filters by status and answers an empty page past the end', async () => {
    const invited = DelegationsPage.parse(
      (await call(alice, 'GET', `${delegationApiPaths.list}?status=Invited`)).json(),
    );
    expect(invited.items.map((i) => i.givenName)).toEqual(['Dana']);
    const past = DelegationsPage.parse(
      (await call(alice, 'GET', `${delegationApiPaths.list}?page=5`)).json(),
    );
    expect(past).toMatchObject({ items: [], total: 3, page: 5 });
  });

  it('refuses a bad page with the field named', async () => {
    expectProblem(await call(alice, 'GET', `${delegationApiPaths.list}?page=0`), 400, {
      field: 'page',
    });
  });

  it('needs a session, and a practitioner in their own account', async () => {
    expectProblem(await call(null, 'GET', delegationApiPaths.list), 401);
    // George is no practitioner.
    expectProblem(await call(await t.tokenFor(ra.george), 'GET', delegationApiPaths.list), 403);
  });

  it('refuses Ben while he manages Alice: delegates are the practitioner’s own business', async () => {
    const ben = await t.tokenFor(ra.ben);
    await call(ben, 'PUT', shellApiPaths.managing, {
      practitionerId: demoIds.practitioner('alice'),
    });
    const res = await call(ben, 'GET', delegationApiPaths.list);
    expect(expectProblem(res, 403).title).toBe('Forbidden');
  });
});

describe('the consent text', () => {
  it('is versioned and carries the consent list', async () => {
    const res = await call(alice, 'GET', delegationApiPaths.consent);
    expect(res.json()).toEqual({ version: 1, items: [...delegateConsentList] });
  });
});

describe('the invite search', () => {
  const search = (authIdentifier: string, familyName: string) =>
    call(alice, 'POST', delegationApiPaths.searchUser, { authIdentifier, familyName });

  it('says Dana is already invited, and nothing more', async () => {
    const res = await search(ra.dana, 'Wu');
    expect(DelegateUserSearchResult.parse(res.json())).toEqual({
      user: null,
      alreadyInvited: true,
      lastNameDoesntMatch: false,
    });
  });

  it('a wrong last name reveals nothing about the user behind the RA number', async () => {
    for (const number of [ra.dana, ra.george]) {
      const res = await search(number, 'Smith');
      expect(res.json()).toEqual({ user: null, alreadyInvited: false, lastNameDoesntMatch: true });
      expect(res.body).not.toMatch(/George|Dana|example\.com/);
    }
  });

  it('finds George (his old delegation was stopped) by RA number and last name, in any case', async () => {
    const res = await search(ra.george, ' papadopoulos ');
    const result = DelegateUserSearchResult.parse(res.json());
    expect(result.user).toMatchObject({
      givenName: 'George',
      familyName: 'Papadopoulos',
      authIdentifier: ra.george,
    });
  });

  it('finds nobody for an unknown RA number (then the details form is shown)', async () => {
    expect((await search('2999999999', 'Nobody')).json()).toEqual({
      user: null,
      alreadyInvited: false,
      lastNameDoesntMatch: false,
    });
  });

  it('validates with the specification’s messages, per field', async () => {
    const body = expectProblem(await search('12345', ''), 400);
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'authIdentifier', message: delegationMessages.raDigits },
        { field: 'familyName', message: delegationMessages.lastNameRequired },
      ]),
    );
    const empty = expectProblem(await search('', 'Wu'), 400, { field: 'authIdentifier' });
    expect(empty.errors?.[0]?.message).toBe(delegationMessages.raRequired);
  });

  it('refuses the practitioner’s own RA number', async () => {
    expectProblem(await search(ra.alice, 'Nguyen'), 400, { field: 'authIdentifier' });
  });
});

describe('inviting', () => {
  const newcomer = {
    authIdentifier: '2000009999',
    givenName: 'Nina',
    familyName: 'Kowalski',
    email: 'nina.k@example.com',
    ...consent,
  };
  let ninaId = '';

  it('invites a person who is not yet a user: Invited, consent recorded, audited, mailed with a working link', async () => {
    const res = await call(alice, 'POST', delegationApiPaths.invitations, {
      ...newcomer,
      isAdmin: true,
    });
    expect(res.statusCode).toBe(201);
    const item = DelegationListItem.parse(res.json());
    expect(item).toMatchObject({
      status: 'Invited',
      givenName: 'Nina',
      email: 'nina.k@example.com',
    });
    ninaId = item.id;

    const consents = await t.db
      .select()
      .from(delegationConsents)
      .where(eq(delegationConsents.delegationId, ninaId));
    expect(consents).toEqual([
      expect.objectContaining({
        action: 'invite',
        consentVersion: 1,
        consentedByUserId: demoIds.user('alice'),
      }),
    ]);
    const audit = await auditOf(ninaId);
    expect(audit).toEqual([
      expect.objectContaining({ action: 'delegation.invite', actor: demoIds.user('alice') }),
    ]);
    const [mail] = await mailsTo('nina.k@example.com');
    expect(mail!.subject).toBe(
      'Alice Nguyen invites you to be their delegate in Provider Connect Australia',
    );
    expect(mail!.text).toContain(`/welcome?delegateInvitationId=${ninaId}`);
    for (const line of delegateConsentList) expect(mail!.text).toContain(line);
    expect(mail!.html).toContain(
      '<li>Upload credential documents and give organisations access to view</li>',
    );
  });

  it('does not open a second live invitation for the same RA number', async () => {
    const res = await call(alice, 'POST', delegationApiPaths.invitations, newcomer);
    expectProblem(res, 409);
    const rows = await t.db
      .select()
      .from(delegations)
      .where(eq(delegations.raNumber, newcomer.authIdentifier));
    expect(rows).toHaveLength(1);
  });

  it('two invitations racing still leave one live row', async () => {
    const twin = { ...newcomer, authIdentifier: '2000008888', email: 'twin@example.com' };
    const answers = await Promise.all([
      call(alice, 'POST', delegationApiPaths.invitations, twin),
      call(alice, 'POST', delegationApiPaths.invitations, twin),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.db
      .select()
      .from(delegations)
      .where(eq(delegations.raNumber, twin.authIdentifier));
    expect(rows).toHaveLength(1);
  });

  it('rejects every field with its message', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ givenName: '' }, 'givenName', delegationMessages.firstNameRequired],
      [{ familyName: '' }, 'familyName', delegationMessages.lastNameRequired],
      [{ email: '' }, 'email', delegationMessages.emailRequired],
      [{ email: 'nina.example.com' }, 'email', delegationMessages.emailNoAt],
      [{ email: 'nina@example' }, 'email', delegationMessages.emailInvalid],
      [{ email: `${'n'.repeat(95)}@example.com` }, 'email', delegationMessages.emailInvalid],
      [{ authIdentifier: '20000099' }, 'authIdentifier', delegationMessages.raDigits],
      [{ consent: false }, 'consent', delegationMessages.consentAssign],
      [{ givenName: 'Ni\u0000na' }, 'givenName', 'Remove the invalid character'],
    ];
    for (const [change, field, message] of cases) {
      const res = await call(alice, 'POST', delegationApiPaths.invitations, {
        ...newcomer,
        authIdentifier: '2000007777',
        ...change,
      });
      const body = expectProblem(res, 400, { field });
      expect(body.errors?.find((e) => e.field === field)?.message).toBe(message);
    }
  });

  it('refuses a consent to a text that is not in force', async () => {
    const res = await call(alice, 'POST', delegationApiPaths.invitations, {
      ...newcomer,
      authIdentifier: '2000006666',
      consentVersion: 7,
    });
    expectProblem(res, 409, { type: 'consent-outdated' });
  });

  it('refuses a body over 100 KB with 413 problem+json', async () => {
    const res = await call(alice, 'POST', delegationApiPaths.invitations, {
      ...newcomer,
      padding: 'x'.repeat(110_000),
    });
    expect(res.statusCode).toBe(413);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  it('does not store unknown fields', async () => {
    const [row] = await t.db.select().from(delegations).where(eq(delegations.id, ninaId));
    expect(JSON.stringify(row)).not.toContain('isAdmin');
  });

  it('cancels Nina’s invitation, and a second cancel is an illegal transition (409)', async () => {
    const res = await call(alice, 'POST', delegationApiPath('cancel', ninaId));
    expect(DelegationListItem.parse(res.json()).status).toBe('Cancelled');
    expect((await mailsTo('nina.k@example.com')).map((m) => m.subject)).toContain(
      'Alice Nguyen has cancelled your delegate invitation in Provider Connect Australia',
    );
    const again = expectProblem(
      await call(alice, 'POST', delegationApiPath('cancel', ninaId)),
      409,
      {
        type: 'delegation-transition',
      },
    );
    expect(again.detail).toBe('A delegation that is Cancelled cannot be cancelled.');
    expect((await auditOf(ninaId)).map((a) => a.action)).toEqual([
      'delegation.invite',
      'delegation.cancel',
    ]);
  });
});

describe('resending Dana’s invitation', () => {
  const resend = (body: Record<string, unknown>, id = danaInvitation) =>
    call(alice, 'POST', delegationApiPath('resend', id), {
      authIdentifier: ra.dana,
      givenName: 'Dana',
      familyName: 'Wu',
      email: 'dana.wu@example.com',
      delegateInvitationId: id,
      consent: true,
      consentVersion: 1,
      ...body,
    });

  it('sends a second mail and records the consent', async () => {
    const before = (await mailsTo('dana.wu@example.com')).length;
    const res = await resend({});
    expect(DelegationListItem.parse(res.json()).status).toBe('Invited');
    const mails = await mailsTo('dana.wu@example.com');
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.subject).toBe(
      'Reminder: Alice Nguyen invites you to be their delegate in Provider Connect Australia',
    );
    const consents = await t.db
      .select()
      .from(delegationConsents)
      .where(eq(delegationConsents.delegationId, danaInvitation));
    expect(consents.map((c) => c.action)).toEqual(['resend']);
  });

  it('validates: the resend page’s email message, its consent message, a changed RA number', async () => {
    const email = expectProblem(await resend({ email: 'dana@wu' }), 400, { field: 'email' });
    expect(email.errors?.[0]?.message).toBe(delegationMessages.emailTopLevelDomain);
    const tick = expectProblem(await resend({ consent: false }), 400, { field: 'consent' });
    expect(tick.errors?.[0]?.message).toBe(delegationMessages.consentResend);
    expectProblem(await resend({ authIdentifier: '2000000099' }), 400, { field: 'authIdentifier' });
  });

  it('cannot resend a delegation that is not Invited', async () => {
    expectProblem(await resend({ authIdentifier: ra.ben }, benDelegation), 409, {
      type: 'delegation-transition',
    });
  });
});

describe('another practitioner’s delegations', () => {
  it('are 404 to Farah, without saying they exist', async () => {
    const farah = await t.tokenFor('2000000055');
    for (const [path, body] of [
      [delegationApiPath('cancel', danaInvitation), undefined],
      [delegationApiPath('stop', benDelegation), consent],
      [delegationApiPath('reassign', georgeDelegation), consent],
    ] as const) {
      const res = await call(farah, 'POST', path, body);
      expect(expectProblem(res, 404).detail).toBe('Delegation not found.');
    }
    const list = DelegationsPage.parse((await call(farah, 'GET', delegationApiPaths.list)).json());
    expect(list.items.map((i) => i.givenName)).toEqual(['Ben']);
  });
});

describe('stopping Ben while he manages Alice', () => {
  it('refuses Ben’s very next request acting for Alice, then he is in his own account', async () => {
    const ben = await t.tokenFor(ra.ben);
    const put = await call(ben, 'PUT', shellApiPaths.managing, {
      practitionerId: demoIds.practitioner('alice'),
    });
    expect(put.statusCode).toBe(200);

    const stop = await call(alice, 'POST', delegationApiPath('stop', benDelegation), consent);
    expect(DelegationListItem.parse(stop.json()).status).toBe('Stopped');
    const consents = await t.db
      .select()
      .from(delegationConsents)
      .where(eq(delegationConsents.delegationId, benDelegation));
    expect(consents.map((c) => [c.action, c.consentVersion])).toEqual([['stop', 1]]);
    expect((await mailsTo('ben.okafor@harbourmedical.example.com.au')).at(-1)?.subject).toBe(
      'Alice Nguyen has stopped your delegation in Provider Connect Australia',
    );

    const refused = await call(ben, 'GET', shellApiPaths.unreadNotificationCount);
    const problem = expectProblem(refused, 403, { type: 'managing-ended' });
    expect(problem.detail).toBe(
      'Alice Nguyen has stopped your delegation. You are back in your own account.',
    );

    const me = CurrentUser.parse((await call(ben, 'GET', '/api/me')).json());
    expect(me.managingPractitioner).toBeNull();
    const again = await call(ben, 'PUT', shellApiPaths.managing, {
      practitionerId: demoIds.practitioner('alice'),
    });
    expectProblem(again, 404);
  });

  it('stopping twice is an illegal transition', async () => {
    expectProblem(
      await call(alice, 'POST', delegationApiPath('stop', benDelegation), consent),
      409,
      {
        type: 'delegation-transition',
      },
    );
  });

  it('stop needs its consent', async () => {
    const res = await call(alice, 'POST', delegationApiPath('stop', benDelegation), {
      consent: false,
      consentVersion: 1,
    });
    expect(expectProblem(res, 400, { field: 'consent' }).errors?.[0]?.message).toBe(
      delegationMessages.consentStop,
    );
  });

  it('re-assigns Ben: Accepted again, and he may manage Alice again', async () => {
    const res = await call(alice, 'POST', delegationApiPath('reassign', benDelegation), consent);
    expect(DelegationListItem.parse(res.json()).status).toBe('Accepted');
    const ben = await t.tokenFor(ra.ben);
    const put = await call(ben, 'PUT', shellApiPaths.managing, {
      practitionerId: demoIds.practitioner('alice'),
    });
    expect(put.statusCode).toBe(200);
    expect((await auditOf(benDelegation)).map((a) => a.action)).toEqual(
      expect.arrayContaining(['delegation.stop', 'delegation.reassign']),
    );
  });
});

describe('stopping a delegate who has a task list of their own', () => {
  it('removes their open reminders about the practitioner’s credential documents, in the stop', async () => {
    const [farahDelegation] = await t.db
      .insert(delegations)
      .values({
        practitionerId: demoIds.practitioner('alice'),
        delegateUserId: demoIds.user('farah'),
        raNumber: '2000000055',
        givenName: 'Farah',
        familyName: 'Haddad',
        email: 'farah.haddad@example.com',
        status: 'Accepted',
      })
      .returning({ id: delegations.id });
    const documentOf = async (practitioner: string) => {
      const [row] = await t.db
        .insert(credentialDocuments)
        .values({
          practitionerId: demoIds.practitioner(practitioner),
          type: 'Qualification',
          title: `${practitioner}’s qualification`,
          issueDate: '2020-01-01',
          expiryDate: '2026-12-31',
          fileName: 'qualification.pdf',
          mediaType: 'application/pdf',
          sizeBytes: 10,
          storageKey: `credential-documents/${crypto.randomUUID()}`,
          sha256: '0'.repeat(64),
        })
        .returning({ id: credentialDocuments.id });
      return row!.id;
    };
    const alicesDocument = await documentOf('alice');
    const farahsDocument = await documentOf('farah');
    const reminder = (documentId: string, practitioner: string) => ({
      kind: 'CredentialExpiry' as const,
      entityType: 'CredentialDocument' as const,
      entityId: documentId,
      practitionerId: demoIds.practitioner(practitioner),
      reason: 'It expires on 31 December 2026.',
      dedupeKey: `credential-expiry:${documentId}:${practitioner}:2026-12-31`,
    });
    await t.db
      .insert(tasks)
      .values([
        reminder(alicesDocument, 'alice'),
        reminder(alicesDocument, 'farah'),
        reminder(farahsDocument, 'farah'),
      ]);
    const remindersOf = async (documentId: string) =>
      (
        await t.db
          .select({ practitionerId: tasks.practitionerId })
          .from(tasks)
          .where(eq(tasks.entityId, documentId))
      ).map((r) => r.practitionerId);

    const stop = await call(alice, 'POST', delegationApiPath('stop', farahDelegation!.id), consent);
    expect(DelegationListItem.parse(stop.json()).status).toBe('Stopped');
    // Farah's copy of the reminder about Alice's document is gone; Alice keeps hers, Farah her own.
    expect(await remindersOf(alicesDocument)).toEqual([demoIds.practitioner('alice')]);
    expect(await remindersOf(farahsDocument)).toEqual([demoIds.practitioner('farah')]);
  });
});

describe('connections', () => {
  it('offers managers linked to Alice who are not her delegates yet', async () => {
    const res = await call(alice, 'GET', delegationApiPaths.potentialDelegates);
    expect(res.statusCode).toBe(200);
    const users = (res.json() as { users: Array<{ givenName: string; authIdentifier: string }> })
      .users;
    const names = users.map((u) => u.givenName);
    expect(names).not.toContain('Alice');
    expect(names).not.toContain('Ben'); // already her delegate
  });

  it('adds a connection as an Accepted delegate, and refuses someone who is not one', async () => {
    // Jack becomes a manager of Alice's organisation, so he is linked to her.
    await t.db.insert(roleMemberships).values({
      userId: demoIds.user('jack'),
      roleType: 'OrganisationManager',
      organisationId: demoIds.organisation('harbour-group'),
    });
    const offered = (await call(alice, 'GET', delegationApiPaths.potentialDelegates)).json() as {
      users: Array<{ id: string; givenName: string }>;
    };
    expect(offered.users.map((u) => u.givenName)).toContain('Jack');
    const res = await call(alice, 'POST', delegationApiPaths.connections, {
      userId: demoIds.user('jack'),
      ...consent,
    });
    expect(res.statusCode).toBe(201);
    const item = DelegationListItem.parse(res.json());
    expect(item).toMatchObject({
      status: 'Accepted',
      givenName: 'Jack',
      delegateUserId: demoIds.user('jack'),
    });
    const consents = await t.db
      .select()
      .from(delegationConsents)
      .where(eq(delegationConsents.delegationId, item.id));
    expect(consents.map((c) => c.action)).toEqual(['add']);
    expect((await mailsTo('jack@riverbend.example.com.au')).at(-1)?.subject).toBe(
      'Alice Nguyen has made you their delegate in Provider Connect Australia',
    );
    // Now a delegate, he is no longer offered, and adding him again is refused.
    const after = (await call(alice, 'GET', delegationApiPaths.potentialDelegates)).json() as {
      users: Array<{ givenName: string }>;
    };
    expect(after.users.map((u) => u.givenName)).not.toContain('Jack');
    expectProblem(
      await call(alice, 'POST', delegationApiPaths.connections, {
        userId: demoIds.user('jack'),
        ...consent,
      }),
      404,
    );
    const stranger = await call(alice, 'POST', delegationApiPaths.connections, {
      userId: demoIds.user('priya'),
      ...consent,
    });
    expectProblem(stranger, 404);
  });
});

describe('a delegate who signs in under other names', () => {
  it('accepts into Pending; Alice accepts the new full name and the delegation is Accepted', async () => {
    // Alice typed a shortened first name for Chloe.
    const invite = await call(alice, 'POST', delegationApiPaths.invitations, {
      authIdentifier: ra.chloe,
      givenName: 'Clo',
      familyName: 'Martin',
      email: 'chloe.martin@example.com',
      ...consent,
    });
    const id = DelegationListItem.parse(invite.json()).id;
    const chloe = await t.tokenFor(ra.chloe);
    const accepted = await call(
      chloe,
      'POST',
      registrationApiPaths.acceptDelegateInvitation.replace(':id', id),
      {
        email: 'chloe.martin@example.com',
        phone: '0412345678',
        acceptDelegation: true,
        acceptTermsOfUse: true,
        acceptPrivacyNotice: true,
      },
    );
    expect(accepted.json()).toEqual({ id, status: 'Pending' });
    const [request] = (await mailsTo('alice.nguyen@harbourmedical.example.com.au')).filter(
      (m) =>
        m.subject.startsWith('Your delegate’s details') ||
        m.subject.startsWith("Your delegate's details"),
    );
    expect(request!.text).toContain(`/delegate-details-update-response/${id}?accept=true`);
    expect(request!.text).toContain(`/delegate-details-update-response/${id}?accept=false`);

    const answer = await call(alice, 'POST', delegationApiPath('detailsUpdateResponse', id), {
      acceptDetailsUpdate: true,
      delegateInvitationId: id,
    });
    expect(DetailsUpdateResponse.parse(answer.json())).toEqual({
      authorisationUpdated: true,
      email: 'chloe.martin@example.com',
      givenName: 'Chloe',
    });
    const [row] = await t.db.select().from(delegations).where(eq(delegations.id, id));
    expect(row).toMatchObject({ status: 'Accepted', givenName: 'Chloe' });

    const twice = await call(alice, 'POST', delegationApiPath('detailsUpdateResponse', id), {
      acceptDetailsUpdate: false,
      delegateInvitationId: id,
    });
    expectProblem(twice, 409, { type: 'delegation-transition' });
  });
});

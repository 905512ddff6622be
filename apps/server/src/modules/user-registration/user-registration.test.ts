import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  CurrentUser,
  delegateConsentList,
  DelegateInvitation,
  DelegatePractitioners,
  shellApiPaths,
} from '@pca/contracts';
import { auditEvents, delegations, mailOutbox, users } from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { sessionContextLookup } from '#platform/auth/session-context.ts';
import { hashToken } from '#lib/tokens.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { registrationService } from './service.ts';
import { expectProblem } from '../../test/expect-problem.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const RA = {
  alice: '2000000011',
  ben: '2000000022',
  chloe: '2000000033',
  dana: '2000000044',
  farah: '2000000055',
  george: '2000000066',
  isla: '2000000099',
} as const;

async function call(
  raNumber: string | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) {
  const headers = raNumber ? t.bearer(await t.tokenFor(raNumber)) : {};
  return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}
async function me(raNumber: string) {
  return CurrentUser.parse((await call(raNumber, 'GET', '/api/me')).json());
}
/**
 * The caller's context as a request reads it before its handler runs. Requests sent together through
 * `app.inject` run one after the other, so a double submit is made by answering with a context read before
 * the first request committed.
 */
async function contextOf(raNumber: string) {
  const token = await t.tokenFor(raNumber);
  const found = await sessionContextLookup(t.db)(hashToken(token), new Date(), {
    before: new Date(0),
    idleMs: 60_000,
  });
  return found!;
}
const service = () => registrationService(t.db, t.config.runtime.productName, t.config.publicUrl);
const mailTo = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
const auditOf = (action: string, entityId: string) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.entityId, entityId)));

const danaInvitation = demoIds.delegation('alice', 'dana');
const register = {
  email: 'chloe.martin@example.com.au',
  phone: '0298761234',
  acceptTermsOfUse: true,
  acceptPrivacyNotice: true,
};

describe('POST /api/registration/register-user', () => {
  it('needs a session', async () => {
    expect((await call(null, 'POST', '/api/registration/register-user', register)).statusCode).toBe(
      401,
    );
  });

  it('validates email, phone and both acceptances (docs/product/features.md#feature-validation Profile)', async () => {
    const res = await call(RA.chloe, 'POST', '/api/registration/register-user', {
      email: 'chloe@nowhere',
      phone: '0412',
      acceptTermsOfUse: false,
      acceptPrivacyNotice: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const text = res.body;
    expect(text).toContain('Must be valid email');
    expect(text).toContain('Please enter a 6 or 10 digit number starting with 0 or 1');
    expect(text).toContain('You must accept the terms of use');
    expect((await me(RA.chloe)).isProfileComplete).toBe(false);
  });

  it('completes Chloe’s profile, audits it and queues a welcome email', async () => {
    const before = await me(RA.chloe);
    expect(before.isProfileComplete).toBe(false);
    expect(before.delegateInvitationId).toBeNull();
    const readBefore = await contextOf(RA.chloe);
    const res = await call(RA.chloe, 'POST', '/api/registration/register-user', register);
    expect(res.statusCode).toBe(204);
    // A second submit that read the session before this one committed: refused, nothing written or sent.
    await expect(service().registerUser(readBefore, register, 'twin')).rejects.toThrow(
      'Your profile is already complete.',
    );
    const after = await me(RA.chloe);
    expect(after).toMatchObject({
      isProfileComplete: true,
      email: register.email,
      phone: register.phone,
      emailConfirmed: false,
    });
    expect(await auditOf('user.register', after.id)).toHaveLength(1);
    // The welcome mail and, the address being new, its verification link.
    const mails = await mailTo(register.email);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Verify your email address for Provider Connect Australia',
      'Welcome to Provider Connect Australia',
    ]);
  });

  it('refuses a second registration (409) and Alice’s already complete profile', async () => {
    expect(
      (await call(RA.chloe, 'POST', '/api/registration/register-user', register)).statusCode,
    ).toBe(409);
    expect(
      (await call(RA.alice, 'POST', '/api/registration/register-user', register)).statusCode,
    ).toBe(409);
  });
});

describe('delegate invitations', () => {
  const url = `/api/registration/delegate-invitations/${danaInvitation}`;

  it('shows Dana who invited her and the consent list; hides it from anyone else (404)', async () => {
    expect((await me(RA.dana)).delegateInvitationId).toBe(danaInvitation);
    const res = await call(RA.dana, 'GET', url);
    expect(res.statusCode).toBe(200);
    const invitation = DelegateInvitation.parse(res.json());
    expect(invitation.inviter).toMatchObject({ givenName: 'Alice', familyName: 'Nguyen' });
    expect(invitation.consents).toEqual([...delegateConsentList]);
    expect((await call(RA.chloe, 'GET', url)).statusCode).toBe(404);
    expect((await call(RA.ben, 'POST', `${url}/decline`)).statusCode).toBe(404);
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    expect(
      (await call(RA.dana, 'GET', '/api/registration/delegate-invitations/not-a-uuid')).statusCode,
    ).toBe(400);
  });

  it('refuses Dana, whose profile is incomplete, the consent-only accept (409): she gives her details', async () => {
    const res = await call(RA.dana, 'POST', `${url}/accept-as-registered-user`, {
      acceptDelegation: true,
    });
    expectProblem(res, 409);
    const [row] = await t.db.select().from(delegations).where(eq(delegations.id, danaInvitation));
    expect(row!.status).toBe('Invited');
    expect((await me(RA.dana)).isProfileComplete).toBe(false);
  });

  it('lets Dana accept: approved delegate of Alice, profile complete, audited, Alice emailed', async () => {
    const bad = await call(RA.dana, 'POST', `${url}/accept`, {
      email: 'dana.wu@example.com',
      phone: '0298765000',
      acceptDelegation: false,
      acceptTermsOfUse: true,
      acceptPrivacyNotice: true,
    });
    expectProblem(bad, 400);
    const res = await call(RA.dana, 'POST', `${url}/accept`, {
      email: 'dana.wu@example.com',
      phone: '0298765000',
      acceptDelegation: true,
      acceptTermsOfUse: true,
      acceptPrivacyNotice: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: danaInvitation, status: 'Accepted' });
    const dana = await me(RA.dana);
    expect(dana).toMatchObject({
      isProfileComplete: true,
      isApprovedPractitionerDelegate: true,
      delegateInvitationId: null,
      participationApprovalStatus: null,
    });
    const [row] = await t.db.select().from(delegations).where(eq(delegations.id, danaInvitation));
    expect(row).toMatchObject({ status: 'Accepted', delegateUserId: dana.id });
    expect(await auditOf('delegation.accept', danaInvitation)).toHaveLength(1);
    const [alice] = await t.db.select().from(users).where(eq(users.raNumber, RA.alice));
    const mails = await mailTo(alice!.email!);
    expect(mails.some((m) => m.subject === 'Dana Wu accepted your delegate invitation')).toBe(true);
    // Answered invitations cannot be answered again.
    expect((await call(RA.dana, 'POST', `${url}/decline`)).statusCode).toBe(409);
  });

  // The welcome journey read this from Dana's dashboard (e2e/tests/welcome.spec.ts until issue 31).
  it('then offers Dana, Alice’s delegate now, Alice to manage, and only her', async () => {
    const res = await call(RA.dana, 'GET', shellApiPaths.managedPractitioners);
    expect(res.statusCode).toBe(200);
    const { practitioners } = DelegatePractitioners.parse(res.json());
    expect(practitioners.map((p) => `${p.givenName} ${p.familyName}`)).toEqual(['Alice Nguyen']);
    expect(practitioners[0]!.id).toBe(demoIds.practitioner('alice'));
  });

  it('records a decline as Rejected', async () => {
    // A fresh invitation for Chloe, addressed by her email (the emailed-link route).
    const [invite] = await t.db
      .insert(delegations)
      .values({
        practitionerId: demoIds.practitioner('alice'),
        raNumber: '2999999999',
        givenName: 'Chloe',
        familyName: 'Martin',
        email: register.email.toUpperCase(),
        status: 'Invited',
      })
      .returning();
    const res = await call(
      RA.chloe,
      'POST',
      `/api/registration/delegate-invitations/${invite!.id}/decline`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: invite!.id, status: 'Rejected' });
    const [row] = await t.db.select().from(delegations).where(eq(delegations.id, invite!.id));
    expect(row!.status).toBe('Rejected');
    expect(await auditOf('delegation.decline', invite!.id)).toHaveLength(1);
  });
});

describe('POST /api/registration/accept-participation', () => {
  const body = { acceptParticipationAgreement: true, acceptPrivacyNotice: true };
  const path = '/api/registration/accept-participation';

  it('refuses users who are neither practitioners nor approved delegates (403)', async () => {
    expect((await call(RA.isla, 'POST', path, body)).statusCode).toBe(403);
    expect((await call(RA.chloe, 'POST', path, body)).statusCode).toBe(403);
  });

  it('needs both acceptances', async () => {
    expect(
      (await call(RA.farah, 'POST', path, { ...body, acceptPrivacyNotice: false })).statusCode,
    ).toBe(400);
    // Left out, the privacy notice must be on record: Farah never accepted it here.
    expectProblem(await call(RA.farah, 'POST', path, { acceptParticipationAgreement: true }), 400);
  });

  it('sets Farah’s participation status to Accepted, audited, once only', async () => {
    expect((await me(RA.farah)).participationApprovalStatus).toBeNull();
    const readBefore = await contextOf(RA.farah);
    expect((await call(RA.farah, 'POST', path, body)).statusCode).toBe(204);
    // A double click's second request, its session read before the first committed: one answer, one mail.
    await expect(service().acceptParticipation(readBefore, body, 'twin')).rejects.toThrow(
      'Participation has already been answered.',
    );
    expect(await mailTo((await me(RA.farah)).email!)).toHaveLength(1);
    const farah = await me(RA.farah);
    expect(farah.participationApprovalStatus).toBe('Accepted');
    expect(await auditOf('user.accept-participation', farah.id)).toHaveLength(1);
    expect((await call(RA.farah, 'POST', path, body)).statusCode).toBe(409);
    expect((await call(RA.alice, 'POST', path, body)).statusCode).toBe(409);
  });

  it('lets Dana, now an approved delegate, accept participation without the privacy notice again (issue 30)', async () => {
    // She accepted it with the delegation, in the dialog just before.
    expect(
      (await call(RA.dana, 'POST', path, { acceptParticipationAgreement: true })).statusCode,
    ).toBe(204);
    const dana = await me(RA.dana);
    expect(dana.participationApprovalStatus).toBe('Accepted');
    const [event] = await auditOf('user.accept-participation', dana.id);
    expect(event!.changedFields).toMatchObject({
      acceptedParticipationAgreement: true,
      acceptedPrivacyNotice: false,
      privacyNoticeAcceptedEarlier: true,
    });
  });
});

// An existing user whose profile is complete, invited from the practitioner's "Invite someone" search
// (docs/decisions/092-invitation-for-a-complete-profile.md). Last: Farah's mails are counted above.
describe('a delegate invitation to a user whose profile is complete', () => {
  const accept = (id: string) =>
    `/api/registration/delegate-invitations/${id}/accept-as-registered-user`;
  /** Invites George as the practitioner would, under the names she typed. */
  async function inviteGeorge(practitioner: 'alice' | 'farah', givenName: string) {
    const [invite] = await t.db
      .insert(delegations)
      .values({
        practitionerId: demoIds.practitioner(practitioner),
        raNumber: RA.george,
        givenName,
        familyName: 'Papadopoulos',
        email: 'george.p@harbourmedical.example.com.au',
        status: 'Invited',
      })
      .returning();
    return invite!.id;
  }
  let invitation: string;

  it('offers George the invitation; the accept that completes a profile stays refused (409)', async () => {
    invitation = await inviteGeorge('alice', 'George');
    const george = await me(RA.george);
    expect(george).toMatchObject({ isProfileComplete: true, delegateInvitationId: invitation });
    expect(
      (await call(RA.george, 'GET', `/api/registration/delegate-invitations/${invitation}`))
        .statusCode,
    ).toBe(200);
    const full = await call(
      RA.george,
      'POST',
      `/api/registration/delegate-invitations/${invitation}/accept`,
      {
        email: 'someone.else@example.com',
        phone: '0400000000',
        acceptDelegation: true,
        acceptTermsOfUse: true,
        acceptPrivacyNotice: true,
      },
    );
    expectProblem(full, 409);
  });

  it('needs the delegation consent: a 400 problem naming the field', async () => {
    expectProblem(await call(RA.george, 'POST', accept(invitation), {}), 400, {
      field: 'acceptDelegation',
    });
    const refused = expectProblem(
      await call(RA.george, 'POST', accept(invitation), { acceptDelegation: false }),
      400,
      { field: 'acceptDelegation' },
    );
    expect(refused.errors).toContainEqual({
      field: 'acceptDelegation',
      message: 'You must accept to act as a delegate',
    });
    const [row] = await t.db.select().from(delegations).where(eq(delegations.id, invitation));
    expect(row!.status).toBe('Invited');
  });

  it('lets George accept with the consent only: Accepted, his profile untouched, one audit event, Alice emailed', async () => {
    const before = await me(RA.george);
    const readBefore = await contextOf(RA.george);
    const res = await call(RA.george, 'POST', accept(invitation), { acceptDelegation: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: invitation, status: 'Accepted' });
    // A second submit that read the session before this one committed: refused, nothing written or sent.
    await expect(
      service().acceptInvitationAsRegisteredUser(
        readBefore,
        invitation,
        { acceptDelegation: true },
        'twin',
      ),
    ).rejects.toThrow('This invitation has already been answered or withdrawn.');

    const george = await me(RA.george);
    expect(george).toMatchObject({
      email: before.email,
      phone: before.phone,
      emailConfirmed: before.emailConfirmed,
      isProfileComplete: true,
      isApprovedPractitionerDelegate: true,
      delegateInvitationId: null,
      participationApprovalStatus: before.participationApprovalStatus,
    });
    const [row] = await t.db.select().from(delegations).where(eq(delegations.id, invitation));
    expect(row).toMatchObject({ status: 'Accepted', delegateUserId: george.id });
    const [event, ...more] = await auditOf('delegation.accept', invitation);
    expect(more).toHaveLength(0);
    expect(event!.changedFields).toEqual({
      status: 'Accepted',
      delegateUserId: george.id,
      practitionerId: demoIds.practitioner('alice'),
      consents: [...delegateConsentList],
      acceptedDelegation: true,
    });
    expect(await auditOf('user.register', george.id)).toHaveLength(0);
    const [alice] = await t.db.select().from(users).where(eq(users.raNumber, RA.alice));
    const mails = (await mailTo(alice!.email!)).filter(
      (m) => m.subject === 'George Papadopoulos accepted your delegate invitation',
    );
    expect(mails).toHaveLength(1);
    expect(await mailTo(george.email!)).toHaveLength(0);
    // Answered: neither accepted nor declined again.
    expectProblem(
      await call(RA.george, 'POST', accept(invitation), { acceptDelegation: true }),
      409,
    );
    expectProblem(
      await call(RA.george, 'POST', `/api/registration/delegate-invitations/${invitation}/decline`),
      409,
    );
  });

  it('then offers George Alice to manage', async () => {
    const res = await call(RA.george, 'GET', shellApiPaths.managedPractitioners);
    const { practitioners } = DelegatePractitioners.parse(res.json());
    expect(practitioners.map((p) => `${p.givenName} ${p.familyName}`)).toEqual(['Alice Nguyen']);
  });

  it('waits for the practitioner when she typed other names (Pending, the details-update mail)', async () => {
    const id = await inviteGeorge('farah', 'Georgios');
    const res = await call(RA.george, 'POST', accept(id), { acceptDelegation: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, status: 'Pending' });
    const [farah] = await t.db.select().from(users).where(eq(users.raNumber, RA.farah));
    const mails = await mailTo(farah!.email!);
    expect(mails.filter((m) => /delegate.s details have changed/.test(m.subject))).toHaveLength(1);
  });

  it('hides the invitation from anyone it is not addressed to (404)', async () => {
    expectProblem(
      await call(RA.alice, 'POST', accept(invitation), { acceptDelegation: true }),
      404,
    );
  });
});

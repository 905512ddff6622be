import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import {
  CurrentUser,
  PractitionerProfile,
  Profile,
  apiPaths,
  profileApiPath,
  profileApiPaths,
  profileMessages,
} from '@pca/contracts';
import { auditEvents, emailVerifications, mailOutbox, users } from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { hashToken } from '#lib/tokens.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectProblem } from '../../test/expect-problem.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const ra = {
  alice: '2000000011',
  ben: '2000000022',
  farah: '2000000055',
  george: '2000000066',
  isla: '2000000099',
};
const id = {
  alice: demoIds.user('alice'),
  ben: demoIds.user('ben'),
  farah: demoIds.user('farah'),
  george: demoIds.user('george'),
  isla: demoIds.user('isla'),
};

beforeAll(async () => {
  t = await createTestApp();
  for (const [key, number] of Object.entries(ra)) tokens[key] = await t.tokenFor(number);
});
afterAll(() => t.close());

const call = (
  who: keyof typeof ra | null,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: who ? t.bearer(tokens[who]!) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** The verification link of the newest mail to `to`, as its email and code. */
async function linkMailedTo(to: string) {
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  expect(mail, `a mail to ${to}`).toBeDefined();
  const href = /https?:\/\/\S+\/verify-email\?\S+/.exec(mail!.text)?.[0];
  expect(href).toBeDefined();
  const url = new URL(href!);
  return { email: url.searchParams.get('email')!, code: url.searchParams.get('code')! };
}

describe('reading a profile', () => {
  it('Alice reads her own: names, RA number, HPI-I, registrations, personal contact details', async () => {
    const res = await call('alice', 'GET', profileApiPath('profile', id.alice));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const profile = Profile.parse(res.json());
    expect(profile).toMatchObject({
      givenName: 'Alice',
      familyName: 'Nguyen',
      authIdentifier: ra.alice,
      hpii: '8003615260181594',
      emailConfirmed: true,
      isOwnProfile: true,
      practitionerPreferredName: { text: 'Dr Alice Nguyen' },
      ahpraPractitionerDetails: [
        { professionNumber: 'MED0001234567', profession: 'Medical Practitioner' },
      ],
      emailVerificationResendLockedUntil: null,
    });
  });

  it('Isla, who is not a practitioner, has no HPI-I and no practitioner record', async () => {
    const profile = Profile.parse(
      (await call('isla', 'GET', profileApiPath('profile', id.isla))).json(),
    );
    expect(profile).toMatchObject({
      hpii: null,
      practitionerId: null,
      ahpraPractitionerDetails: [],
    });
  });

  it('Ben, who manages Farah, may read her profile; George (stopped) and Isla may not read Alice’s', async () => {
    const farah = Profile.parse(
      (await call('ben', 'GET', profileApiPath('profile', id.farah))).json(),
    );
    expect(farah).toMatchObject({ givenName: 'Farah', isOwnProfile: false });
    expectProblem(await call('george', 'GET', profileApiPath('profile', id.alice)), 403);
    expectProblem(await call('isla', 'GET', profileApiPath('profile', id.alice)), 403);
    // Ben is nobody's practitioner: Farah cannot read his profile through her delegation to him.
    expectProblem(await call('farah', 'GET', profileApiPath('profile', id.ben)), 403);
  });

  it('an unknown id is 404, a malformed one 400, no session 401 — each a problem', async () => {
    expectProblem(
      await call('alice', 'GET', profileApiPath('profile', '00000000-0000-4000-8000-000000000000')),
      404,
    );
    expectProblem(await call('alice', 'GET', profileApiPath('profile', 'not-a-uuid')), 400);
    expectProblem(await call(null, 'GET', profileApiPath('profile', id.alice)), 401);
  });
});

describe('basic information', () => {
  it('refuses a bad email and phone with the profile’s messages, naming each field', async () => {
    const res = await call('george', 'PUT', profileApiPath('basicInformation', id.george), {
      email: 'george-at-example',
      phone: '12345',
    });
    expectProblem(res, 400, { field: 'email' });
    const errors = (res.json() as { errors: { field: string; message: string }[] }).errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'Must be valid email' },
        { field: 'phone', message: 'Please enter a 6 or 10 digit number starting with 0 or 1' },
      ]),
    );
  });

  it('a new email is saved unverified, mailed a link in the same transaction, and audited', async () => {
    const res = await call('george', 'PUT', profileApiPath('basicInformation', id.george), {
      email: 'george.new@harbourmedical.example.com.au',
      phone: '0291234560',
    });
    expect(res.statusCode).toBe(200);
    expect(Profile.parse(res.json())).toMatchObject({
      email: 'george.new@harbourmedical.example.com.au',
      emailConfirmed: false,
      phone: '0291234560',
    });
    const link = await linkMailedTo('george.new@harbourmedical.example.com.au');
    expect(link.email).toBe('george.new@harbourmedical.example.com.au');
    // Only the hash is kept.
    const stored = await t.db
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.userId, id.george));
    expect(stored.map((r) => r.codeHash)).toContain(hashToken(link.code));
    expect(JSON.stringify(stored)).not.toContain(link.code);
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, id.george), eq(auditEvents.action, 'user.update')));
    expect(audit).toHaveLength(1);
    // /api/me sees the change at once (the request cache hears every committed write).
    const me = CurrentUser.parse((await call('george', 'GET', apiPaths.me)).json());
    expect(me.emailConfirmed).toBe(false);
  });

  it('saving the same email keeps it verified and mails nothing', async () => {
    const before = await t.db.select().from(mailOutbox);
    const res = await call('alice', 'PUT', profileApiPath('basicInformation', id.alice), {
      email: 'alice.nguyen@harbourmedical.example.com.au',
      phone: '0291234567',
    });
    expect(Profile.parse(res.json()).emailConfirmed).toBe(true);
    expect(await t.db.select().from(mailOutbox)).toHaveLength(before.length);
  });

  it('a delegate may not change the practitioner’s sign-in email', async () => {
    const res = await call('ben', 'PUT', profileApiPath('basicInformation', id.farah), {
      email: 'ben.was.here@example.com',
      phone: '0298765432',
    });
    expectProblem(res, 403);
  });
});

describe('personal contact details', () => {
  it('Ben, managing Farah, keeps her personal contact details; audited as acting for her', async () => {
    const res = await call('ben', 'PUT', profileApiPath('personalContactDetails', id.farah), {
      personalEmail: 'farah.personal@example.com',
      personalPhone: '0400000001',
    });
    expect(res.statusCode).toBe(200);
    expect(Profile.parse(res.json())).toMatchObject({
      personalEmail: 'farah.personal@example.com',
      personalPhone: '0400000001',
    });
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'practitioner.update-personal-contact-details'))
      .orderBy(desc(auditEvents.at))
      .limit(1);
    expect(audit).toMatchObject({
      actorUserId: id.ben,
      actingForPractitionerId: demoIds.practitioner('farah'),
    });
  });

  // What the profile journey read back after a reload (e2e/tests/profile.spec.ts until issue 31).
  it('Alice keeps her own, and reads them back with her saved phone, her email still verified', async () => {
    const saved = await call('alice', 'PUT', profileApiPath('personalContactDetails', id.alice), {
      personalEmail: 'alice@home.example.com',
      personalPhone: '0412345678',
    });
    expect(saved.statusCode).toBe(200);
    const phone = await call('alice', 'PUT', profileApiPath('basicInformation', id.alice), {
      email: 'alice.nguyen@harbourmedical.example.com.au',
      phone: '0291230000',
    });
    expect(phone.statusCode).toBe(200);
    const read = Profile.parse(
      (await call('alice', 'GET', profileApiPath('profile', id.alice))).json(),
    );
    expect(read).toMatchObject({
      personalEmail: 'alice@home.example.com',
      personalPhone: '0412345678',
      phone: '0291230000',
      emailConfirmed: true,
    });
    const bad = await call('alice', 'PUT', profileApiPath('personalContactDetails', id.alice), {
      personalEmail: 'alice@home',
      personalPhone: '0412',
    });
    expectProblem(bad, 400);
    const messages = (bad.json() as { errors: Array<{ field: string; message: string }> }).errors;
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'personalEmail', message: 'Must be valid email' }),
        expect.objectContaining({
          field: 'personalPhone',
          message: 'Please enter a 6 or 10 digit number starting with 0 or 1',
        }),
      ]),
    );
  });

  it('empty values clear them; bad ones are refused with the messages', async () => {
    const cleared = await call('alice', 'PUT', profileApiPath('personalContactDetails', id.alice), {
      personalEmail: '',
      personalPhone: '',
    });
    expect(Profile.parse(cleared.json())).toMatchObject({
      personalEmail: null,
      personalPhone: null,
    });
    const bad = await call('alice', 'PUT', profileApiPath('personalContactDetails', id.alice), {
      personalEmail: 'nope',
      personalPhone: '99',
    });
    expectProblem(bad, 400, { field: 'personalEmail' });
  });

  it('a user without a practitioner record has none to keep (409)', async () => {
    const res = await call('isla', 'PUT', profileApiPath('personalContactDetails', id.isla), {
      personalEmail: 'isla.home@example.com',
      personalPhone: '',
    });
    expectProblem(res, 409);
  });
});

describe('email verification', () => {
  it('Farah resends, follows the link once, and is verified; the link does not work twice', async () => {
    const resend = await call('farah', 'POST', profileApiPath('emailVerification', id.farah));
    expect(resend.statusCode).toBe(204);
    const link = await linkMailedTo('farah.haddad@example.com');
    const locked = Profile.parse(
      (await call('farah', 'GET', profileApiPath('profile', id.farah))).json(),
    ).emailVerificationResendLockedUntil;
    expect(Date.parse(locked!)).toBeGreaterThan(Date.now() + 290_000);

    // A second resend within 5 minutes: the server's lock, with the sentence the page looks for.
    const again = await call('farah', 'POST', profileApiPath('emailVerification', id.farah));
    expectProblem(again, 429, { type: 'verification-resend-locked' });
    expect((again.json() as { detail: string }).detail).toBe(profileMessages.resendLocked);

    // No session needed: the link may be opened on another device.
    const verified = await call(null, 'POST', profileApiPaths.verifyEmail, link);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ email: 'farah.haddad@example.com', emailConfirmed: true });
    const [farah] = await t.db.select().from(users).where(eq(users.id, id.farah));
    expect(farah!.emailConfirmed).toBe(true);

    const twice = await call(null, 'POST', profileApiPaths.verifyEmail, link);
    expectProblem(twice, 400, { type: 'email-verification-failed' });
    expect((twice.json() as { detail: string }).detail).toBe(profileMessages.verifyFailed);

    // Verified: nothing more to resend.
    expectProblem(await call('farah', 'POST', profileApiPath('emailVerification', id.farah)), 409);
  });

  it('a wrong code, another address, an expired link and missing parameters all fail as problems', async () => {
    await call('george', 'PUT', profileApiPath('basicInformation', id.george), {
      email: 'george.expiry@harbourmedical.example.com.au',
      phone: '0291234560',
    });
    const link = await linkMailedTo('george.expiry@harbourmedical.example.com.au');
    expectProblem(
      await call(null, 'POST', profileApiPaths.verifyEmail, { ...link, code: `${link.code}x` }),
      400,
      { type: 'email-verification-failed' },
    );
    expectProblem(
      await call(null, 'POST', profileApiPaths.verifyEmail, { ...link, email: 'someone@else.com' }),
      400,
      { type: 'email-verification-failed' },
    );
    await t.db
      .update(emailVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerifications.codeHash, hashToken(link.code)));
    expectProblem(await call(null, 'POST', profileApiPaths.verifyEmail, link), 400, {
      type: 'email-verification-failed',
    });
    expectProblem(
      await call(null, 'POST', profileApiPaths.verifyEmail, { email: link.email }),
      400,
      {
        field: 'code',
      },
    );
  });

  it('a newer link retires the older one', async () => {
    await call('george', 'PUT', profileApiPath('basicInformation', id.george), {
      email: 'george.first@harbourmedical.example.com.au',
      phone: '0291234560',
    });
    const first = await linkMailedTo('george.first@harbourmedical.example.com.au');
    await call('george', 'PUT', profileApiPath('basicInformation', id.george), {
      email: 'george.second@harbourmedical.example.com.au',
      phone: '0291234560',
    });
    const second = await linkMailedTo('george.second@harbourmedical.example.com.au');
    expectProblem(await call(null, 'POST', profileApiPaths.verifyEmail, first), 400, {
      type: 'email-verification-failed',
    });
    expect((await call(null, 'POST', profileApiPaths.verifyEmail, second)).statusCode).toBe(200);
  });

  it('two resends at the same moment mail once', async () => {
    await call('isla', 'PUT', profileApiPath('basicInformation', id.isla), {
      email: 'isla.race@coastalphysio.example.com.au',
      phone: '0755556666',
    });
    // Changing the address mailed a link and started the lock; open the lock to race two resends.
    await t.db
      .update(emailVerifications)
      .set({ createdAt: new Date(Date.now() - 600_000) })
      .where(eq(emailVerifications.userId, id.isla));
    const before = (
      await t.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, 'isla.race@coastalphysio.example.com.au'))
    ).length;
    const answers = await Promise.all([
      call('isla', 'POST', profileApiPath('emailVerification', id.isla)),
      call('isla', 'POST', profileApiPath('emailVerification', id.isla)),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 429]);
    const after = (
      await t.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, 'isla.race@coastalphysio.example.com.au'))
    ).length;
    expect(after - before).toBe(1);
  });
});

describe('the practitioner profile read view', () => {
  it('Ben, managing Farah, reads her practitioner profile', async () => {
    const res = await call(
      'ben',
      'GET',
      profileApiPath('practitionerProfile', demoIds.practitioner('farah')),
    );
    expect(res.statusCode).toBe(200);
    expect(PractitionerProfile.parse(res.json())).toMatchObject({
      givenName: 'Farah',
      familyName: 'Haddad',
      authIdentifier: ra.farah,
      hpii: '8003610830166134',
      registrations: [{ professionNumber: 'PHY0009876543', profession: 'Physiotherapist' }],
    });
  });

  it('Alice reads her own; George (stopped delegation) and Isla may not read Alice’s', async () => {
    const alicePractitioner = demoIds.practitioner('alice');
    expect(
      (await call('alice', 'GET', profileApiPath('practitionerProfile', alicePractitioner)))
        .statusCode,
    ).toBe(200);
    expectProblem(
      await call('george', 'GET', profileApiPath('practitionerProfile', alicePractitioner)),
      403,
    );
    expectProblem(
      await call('isla', 'GET', profileApiPath('practitionerProfile', alicePractitioner)),
      403,
    );
  });
});

// docs/decisions/080-hours-all-day-and-rsg.md: the practitioner's own, optional, published on Practitioner.
describe('recorded sex or gender', () => {
  it('Ben, managing Farah, sets hers (audited as acting for her); empty clears it; a bad code is a 400 on the field', async () => {
    const url = profileApiPath('recordedSexOrGender', id.farah);
    const saved = await call('ben', 'PUT', url, { recordedSexOrGender: 'other' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(Profile.parse(saved.json()).recordedSexOrGender).toBe('other');
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'practitioner.updated'),
          eq(auditEvents.entityId, demoIds.practitioner('farah')),
        ),
      )
      .orderBy(desc(auditEvents.at))
      .limit(1);
    expect(audit).toMatchObject({
      actorUserId: id.ben,
      actingForPractitionerId: demoIds.practitioner('farah'),
      entityType: 'Practitioner',
      changedFields: { recordedSexOrGender: 'other' },
    });

    const bad = await call('farah', 'PUT', url, { recordedSexOrGender: 'unknown' });
    const problem = expectProblem(bad, 400, { field: 'recordedSexOrGender' });
    expect(problem.errors?.[0]?.message).toBe('Choose one of the options, or Prefer not to say');

    const cleared = await call('farah', 'PUT', url, { recordedSexOrGender: '' });
    expect(Profile.parse(cleared.json()).recordedSexOrGender).toBeNull();
  });

  it('is nobody else’s to set, and a user without a practitioner record has none (409)', async () => {
    expectProblem(
      await call('george', 'PUT', profileApiPath('recordedSexOrGender', id.alice), {
        recordedSexOrGender: 'male',
      }),
      403,
    );
    expectProblem(
      await call('isla', 'PUT', profileApiPath('recordedSexOrGender', id.isla), {
        recordedSexOrGender: 'female',
      }),
      409,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { Registration } from '@pca/contracts';
import { auditEvents, mailOutbox, organisations, roleMemberships } from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { ALICE, GEORGE, ISLA, JACK, useTestApp } from '../../test/use-test-app.ts';
import { expectProblem } from '../../test/expect-problem.ts';

const surryHills = demoIds.organisation('harbour-surry-hills');
const coastal = demoIds.organisation('coastal-physio');

const { t, as } = useTestApp();

const get = async (ra: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: await as(ra) });
const send = async (ra: string, method: 'PATCH' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: await as(ra), ...(payload ? { payload } : {}) });

describe('Register a business', () => {
  it('continues Isla’s Pending Submission registration step by step and submits it', async () => {
    const start = Registration.parse(
      (await get(ISLA, `/api/business-registrations/${coastal}`)).json(),
    );
    expect(start).toMatchObject({
      status: 'PendingSubmission',
      nextStep: 'businessDetails',
      abn: '',
    });

    const url = `/api/business-registrations/${coastal}`;
    const bad = await send(ISLA, 'PUT', url, {
      step: 'businessDetails',
      legalName: 'Coastal Physio Collective Pty Ltd',
      businessName: 'Coastal Physio Collective',
      abn: '12345678901',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ field: 'abn' });

    const taken = await send(ISLA, 'PUT', url, {
      step: 'businessDetails',
      legalName: 'Coastal Physio Collective Pty Ltd',
      businessName: 'Coastal Physio Collective',
      abn: '73947541005',
    });
    expectProblem(taken, 400);

    const early = await send(ISLA, 'POST', `${url}/submit`);
    expect(early.statusCode).toBe(400);

    for (const step of [
      {
        step: 'businessDetails',
        legalName: 'Coastal Physio Collective Pty Ltd',
        businessName: 'Coastal Physio Collective',
        abn: '51 824 753 556',
      },
      {
        step: 'contactDetails',
        phone: '02 4455 1234',
        email: 'hello@coastalphysio.example.com.au',
        website: '',
      },
      {
        step: 'primaryLocation',
        addressLine: '12 Beach Road',
        locality: 'Manly',
        postcode: '2095',
        state: 'NSW',
      },
      { step: 'agreement', agreementAccepted: true },
    ]) {
      const res = await send(ISLA, 'PUT', url, step);
      expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
      expect(Registration.parse(res.json()).status).toBe('PendingSubmission');
    }
    const saved = Registration.parse((await get(ISLA, url)).json());
    expect(saved).toMatchObject({
      abn: '51824753556',
      agreementAccepted: true,
      nextStep: 'agreement',
    });
    expect(saved.primaryLocation).toEqual({
      addressLine: '12 Beach Road',
      locality: 'Manly',
      postcode: '2095',
      state: 'NSW',
    });

    const submitted = await send(ISLA, 'POST', `${url}/submit`);
    expect(submitted.statusCode).toBe(200);
    expect(Registration.parse(submitted.json()).status).toBe('PendingApproval');
    const mail = await t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(1);
    expect(mail[0]?.subject).toBe('Registration submitted: Coastal Physio Collective');
    const actions = (
      await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, coastal))
    ).map((e) => e.action);
    expect(actions).toContain('business-registration.submitted');

    const again = await send(ISLA, 'PUT', url, { step: 'agreement', agreementAccepted: true });
    expectProblem(again, 409);
  });

  it('refuses steps of a submitted registration (409) and an ABN already registered (400)', async () => {
    const res = await send(
      JACK,
      'PUT',
      `/api/business-registrations/${demoIds.organisation('riverbend')}`,
      {
        step: 'primaryLocation',
        addressLine: '1 Nowhere St',
        locality: 'Atlantis',
        postcode: '9999',
        state: 'NSW',
      },
    );
    // Riverbend is already Pending Approval: its locality is never checked.
    expectProblem(res, 409);
    const created = await send(GEORGE, 'POST', '/api/business-registrations', {
      legalName: 'Atlantis Health Pty Ltd',
      businessName: 'Atlantis Health',
      abn: '16 528 754 953',
    });
    // Riverbend holds that ABN already.
    expectProblem(created, 400);
  });

  it('starts a new registration whose creator becomes its OrganisationManager', async () => {
    const res = await send(GEORGE, 'POST', '/api/business-registrations', {
      legalName: 'George Allied Health Pty Ltd',
      businessName: 'George Allied Health',
      abn: '53 004 085 616',
    });
    expect(res.statusCode).toBe(201);
    const r = Registration.parse(res.json());
    expect(r).toMatchObject({ status: 'PendingSubmission', nextStep: 'contactDetails' });
    const roles = await t.db
      .select()
      .from(roleMemberships)
      .where(eq(roleMemberships.organisationId, r.id));
    expect(roles.map((m) => m.roleType)).toEqual(['OrganisationManager']);
    const [org] = await t.db.select().from(organisations).where(eq(organisations.id, r.id));
    expect(org).toMatchObject({ isPublisher: true, publisherApprovalStatus: 'PendingSubmission' });
    const bad = await send(GEORGE, 'PUT', `/api/business-registrations/${r.id}`, {
      step: 'primaryLocation',
      addressLine: '1 Nowhere St',
      locality: 'Atlantis',
      postcode: '9999',
      state: 'NSW',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ field: 'locality' });
  });

  it('refuses other users’ registrations (403) and non-registrations (404)', async () => {
    expect((await get(ALICE, `/api/business-registrations/${coastal}`)).statusCode).toBe(403);
    expect((await get(ALICE, `/api/business-registrations/${surryHills}`)).statusCode).toBe(404);
  });
});

import { describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { Registration, RegistrationStepUpdate } from '@pca/contracts';
import { auditEvents, mailOutbox, organisations, roleMemberships } from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { ALICE, GEORGE, ISLA, JACK, useTestApp } from '../../test/use-test-app.ts';
import { expectProblem } from '../../test/expect-problem.ts';
import type { AccessScope } from '#platform/access/scope.ts';
import { businessRegistrationService } from './service.ts';
import { withTwinInserts } from '../../test/twin-insert.ts';

const surryHills = demoIds.organisation('harbour-surry-hills');
const coastal = demoIds.organisation('coastal-physio');

const { t, as } = useTestApp();

const participatingWithAbn = (abn: string) =>
  t.db
    .select({ id: organisations.id })
    .from(organisations)
    .where(and(eq(organisations.abn, abn), eq(organisations.type, 'ParticipatingOrganisation')));

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

  it('two registrations of one ABN at once: one is created, the other refused as the ABN check refuses it', async () => {
    const abn = '12345678012';
    const [first, second] = await Promise.all(
      [ISLA, GEORGE].map((ra) =>
        send(ra, 'POST', '/api/business-registrations', {
          legalName: 'Twin Health Pty Ltd',
          businessName: 'Twin Health',
          abn,
        }),
      ),
    );
    const answers = [first!, second!].sort((a, b) => a.statusCode - b.statusCode);
    expect(answers.map((r) => r.statusCode)).toEqual([201, 400]);
    const problem = expectProblem(answers[1]!, 400, { field: 'abn' });
    expect(problem.errors).toEqual([
      { field: 'abn', message: 'A business with this ABN is already registered' },
    ]);
    expect(await participatingWithAbn(abn)).toHaveLength(1);
  });

  it('a registration of the same ABN committed between the check and the insert is refused by the database', async () => {
    // A twin row stands in for the other request: it registers the same ABN just before this insert, after
    // this request's check found the ABN free, as a concurrent registration does on PostgreSQL.
    const abn = '12345678044';
    const res = await withTwinInserts(t.db, 'organisations', () =>
      send(GEORGE, 'POST', '/api/business-registrations', {
        legalName: 'Race Health Pty Ltd',
        businessName: 'Race Health',
        abn,
      }),
    );
    const problem = expectProblem(res, 400, { field: 'abn' });
    expect(problem.errors).toEqual([
      { field: 'abn', message: 'A business with this ABN is already registered' },
    ]);
    // The request's transaction rolled back, the stand-in's row with it.
    expect(await participatingWithAbn(abn)).toEqual([]);
  });

  it('two submissions at once: one submits, the other is 409, one confirmation mail', async () => {
    const created = await send(GEORGE, 'POST', '/api/business-registrations', {
      legalName: 'Double Submit Health Pty Ltd',
      businessName: 'Double Submit Health',
      abn: '23456789050',
    });
    expect(created.statusCode, created.body).toBe(201);
    const url = `/api/business-registrations/${Registration.parse(created.json()).id}`;
    for (const step of [
      {
        step: 'contactDetails',
        phone: '02 4455 9876',
        email: 'hello@doublesubmit.example.com.au',
        website: '',
      },
      {
        step: 'primaryLocation',
        addressLine: '3 Beach Road',
        locality: 'Manly',
        postcode: '2095',
        state: 'NSW',
      },
      { step: 'agreement', agreementAccepted: true },
    ])
      expect((await send(GEORGE, 'PUT', url, step)).statusCode).toBe(200);

    const answers = await Promise.all([
      send(GEORGE, 'POST', `${url}/submit`),
      send(GEORGE, 'POST', `${url}/submit`),
    ]);
    const sorted = [...answers].sort((a, b) => a.statusCode - b.statusCode);
    expect(sorted.map((r) => r.statusCode)).toEqual([200, 409]);
    expect(Registration.parse(sorted[0]!.json()).status).toBe('PendingApproval');
    expect(expectProblem(sorted[1]!, 409).detail).toBe(
      'This registration has already been submitted.',
    );
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, 'Registration submitted: Double Submit Health'));
    expect(mails).toHaveLength(1);
    const submissions = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entityId, Registration.parse(created.json()).id),
          eq(auditEvents.action, 'business-registration.submitted'),
        ),
      );
    expect(submissions).toHaveLength(1);
  });

  it('a step whose registration was submitted between its check and its write is 409 and not saved', async () => {
    const created = await send(GEORGE, 'POST', '/api/business-registrations', {
      legalName: 'Late Step Health Pty Ltd',
      businessName: 'Late Step Health',
      abn: '23456789082',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = Registration.parse(created.json()).id;
    const url = `/api/business-registrations/${id}`;
    const contact = (phone: string) => ({
      step: 'contactDetails',
      phone,
      email: 'hello@latestep.example.com.au',
      website: '',
    });
    const location = (addressLine: string) => ({
      step: 'primaryLocation',
      addressLine,
      locality: 'Manly',
      postcode: '2095',
      state: 'NSW',
    });
    for (const step of [
      contact('02 4455 1111'),
      location('5 Beach Road'),
      { step: 'agreement', agreementAccepted: true },
    ])
      expect((await send(GEORGE, 'PUT', url, step)).statusCode).toBe(200);

    // The service's database opens each transaction only after George's submission has committed: the
    // step's check (before its transaction) saw Pending Submission, its write must not.
    const submitMeanwhile = new Proxy(t.db, {
      get(target, prop, receiver) {
        if (prop !== 'transaction') return Reflect.get(target, prop, receiver);
        return async (...args: Parameters<typeof target.transaction>) => {
          const submitted = await send(GEORGE, 'POST', `${url}/submit`);
          expect(submitted.statusCode, submitted.body).toBe(200);
          return target.transaction(...args);
        };
      },
    });
    const george: AccessScope = {
      userId: demoIds.user('george'),
      isOperator: false,
      organisationRoles: new Map([[id, new Set(['OrganisationManager'] as const)]]),
      serviceRoles: new Map(),
      serviceOrganisation: new Map(),
    };
    const service = businessRegistrationService(submitMeanwhile);
    // A step that writes the organisation (a conditional UPDATE) and one that writes only its location (a
    // locked read of it).
    for (const step of [contact('02 4455 2222'), location('7 Beach Road')]) {
      await t.db
        .update(organisations)
        .set({ publisherApprovalStatus: 'PendingSubmission' })
        .where(eq(organisations.id, id));
      await expect(
        service.saveRegistrationStep(george, id, RegistrationStepUpdate.parse(step), 'race'),
      ).rejects.toMatchObject({
        status: 409,
        type: 'conflict',
        detail: 'This registration has been submitted and can no longer be changed.',
      });
    }
    const saved = Registration.parse((await get(GEORGE, url)).json());
    expect(saved).toMatchObject({ status: 'PendingApproval', phone: '02 4455 1111' });
    expect(saved.primaryLocation?.addressLine).toBe('5 Beach Road');
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, id));
    expect(events.filter((e) => e.action.endsWith('.saved'))).toHaveLength(3);
  });

  it('refuses other users’ registrations (403) and non-registrations (404)', async () => {
    expect((await get(ALICE, `/api/business-registrations/${coastal}`)).statusCode).toBe(403);
    expect((await get(ALICE, `/api/business-registrations/${surryHills}`)).statusCode).toBe(404);
  });
});

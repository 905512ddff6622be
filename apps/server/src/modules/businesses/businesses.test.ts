import { describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { OrganisationDetail, Registration } from '@pca/contracts';
import { auditEvents, mailOutbox, organisations, roleMemberships } from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { ALICE, BEN, GEORGE, ISLA, JACK, useTestApp } from '../../test/use-test-app.ts';

const harbour = demoIds.organisation('harbour-group');
const surryHills = demoIds.organisation('harbour-surry-hills');
const coastal = demoIds.organisation('coastal-physio');

const { t, as } = useTestApp();

const get = async (ra: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: await as(ra) });
const send = async (ra: string, method: 'PATCH' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: await as(ra), ...(payload ? { payload } : {}) });

const harbourEdit = {
  name: 'Harbour Medical Group Pty Ltd',
  alias: 'Harbour',
  businessName: 'Harbour Medical Group',
  fax: '02 9123 4599',
  website: 'https://harbourmedical.example.com.au',
};

describe('GET /api/organisations/:id', () => {
  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/organisations/${harbour}` });
    expect(res.statusCode).toBe(401);
  });

  it('gives Alice (OrganisationManager) every tab of Harbour, editable', async () => {
    const res = await get(ALICE, `/api/organisations/${harbour}`);
    expect(res.statusCode).toBe(200);
    const o = OrganisationDetail.parse(res.json());
    expect(o.canEdit).toBe(true);
    expect(o.abn).toBe('73947541005');
    expect(o.hiOrganisations.map((h) => h.name)).toEqual([
      'Harbour Home Visits',
      'Harbour Medical Centre Surry Hills',
      'Harbour Telehealth',
    ]);
    expect(o.locations.map((l) => l.kind).sort()).toEqual(['MOBL', 'VI', 'physical']);
    expect(o.healthcareServices.map((s) => s.name)).toContain('Harbour Skin Check Clinic');
    expect(o.practitioners.some((p) => p.practitionerName === 'Alice Nguyen')).toBe(true);
    expect(o.partnerServices.map((p) => p.name)).toContain('National Health Services Directory');
  });

  it('lets George (Viewer) read but not edit, and an HI organisation inherits the ancestor role', async () => {
    const o = OrganisationDetail.parse(
      (await get(GEORGE, `/api/organisations/${surryHills}`)).json(),
    );
    expect(o.canEdit).toBe(false);
    expect(o.effectiveRoles).toEqual(['Viewer']);
    expect(o.parent?.id).toBe(harbour);
    expect(o.hiOrganisations).toEqual([]);
  });

  it('lets Ben read the HI organisation of his service, but not the group above it', async () => {
    expect((await get(BEN, `/api/organisations/${surryHills}`)).statusCode).toBe(200);
    expect((await get(BEN, `/api/organisations/${harbour}`)).statusCode).toBe(403);
  });

  it('refuses Jack (another business) with 403 and unknown ids with 404', async () => {
    expect((await get(JACK, `/api/organisations/${harbour}`)).statusCode).toBe(403);
    const res = await get(ALICE, `/api/organisations/${demoIds.organisation('nope')}`);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });
});

describe('PATCH /api/organisations/:id', () => {
  it('lets Alice edit details, audited with the changed fields', async () => {
    const res = await send(ALICE, 'PATCH', `/api/organisations/${surryHills}`, {
      ...harbourEdit,
      name: 'Harbour Medical Centre Surry Hills',
      alias: 'Surry Hills',
    });
    expect(res.statusCode).toBe(200);
    expect(OrganisationDetail.parse(res.json()).alias).toBe('Surry Hills');
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entityId, surryHills), eq(auditEvents.action, 'organisation.updated')),
      );
    expect(event?.changedFields).toMatchObject({ alias: { from: null, to: 'Surry Hills' } });
  });

  it('refuses George (Viewer) and Ben (service manager) with 403', async () => {
    expect(
      (await send(GEORGE, 'PATCH', `/api/organisations/${harbour}`, harbourEdit)).statusCode,
    ).toBe(403);
    expect(
      (await send(BEN, 'PATCH', `/api/organisations/${surryHills}`, harbourEdit)).statusCode,
    ).toBe(403);
  });

  it('rejects an invalid website and fax with field messages', async () => {
    const res = await send(ALICE, 'PATCH', `/api/organisations/${harbour}`, {
      ...harbourEdit,
      fax: '123',
      website: 'harbour',
    });
    expect(res.statusCode).toBe(400);
    const fields = (res.json() as { errors: Array<{ field: string; message: string }> }).errors;
    expect(fields.map((e) => e.field).sort()).toEqual(['fax', 'website']);
    expect(fields.find((e) => e.field === 'website')?.message).toMatch(/https:\/\//);
  });
});

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
    expect(taken.statusCode).toBe(400);

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
    expect(again.statusCode).toBe(409);
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
    expect(res.statusCode).toBe(409);
    const created = await send(GEORGE, 'POST', '/api/business-registrations', {
      legalName: 'Atlantis Health Pty Ltd',
      businessName: 'Atlantis Health',
      abn: '16 528 754 953',
    });
    // Riverbend holds that ABN already.
    expect(created.statusCode).toBe(400);
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

import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { OrganisationDetail } from '@pca/contracts';
import { auditEvents } from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { ALICE, BEN, GEORGE, JACK, useTestApp } from '../../test/use-test-app.ts';
import { expectProblem } from '../../test/expect-problem.ts';

const harbour = demoIds.organisation('harbour-group');
const surryHills = demoIds.organisation('harbour-surry-hills');

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
    expectProblem(res, 401);
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
  });

  it('names the organisation of each location: Harbour lists its HI organisations’, Surry Hills its own (decision 098)', async () => {
    const o = OrganisationDetail.parse((await get(ALICE, `/api/organisations/${harbour}`)).json());
    const hiIds = new Set(o.hiOrganisations.map((h) => h.id));
    expect(o.locations).not.toHaveLength(0);
    expect(o.locations.filter((l) => !hiIds.has(l.organisationId))).toEqual([]);
    const s = OrganisationDetail.parse(
      (await get(ALICE, `/api/organisations/${surryHills}`)).json(),
    );
    expect(s.locations).not.toHaveLength(0);
    expect(s.locations.map((l) => l.organisationId)).toEqual(s.locations.map(() => surryHills));
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

// docs/decisions/084-organisation-address.md: the optional business address, checked like a location's.
describe('the business address', () => {
  const telehealth = demoIds.organisation('harbour-telehealth');
  const url = `/api/organisations/${telehealth}`;
  const edit = { ...harbourEdit, name: 'Harbour Telehealth' };

  it('is seeded for Harbour and the Surry Hills clinic, and none for the others', async () => {
    const o = OrganisationDetail.parse(
      (await get(ALICE, `/api/organisations/${surryHills}`)).json(),
    );
    expect(o.address).toEqual({
      addressLine: '120 Crown Street',
      locality: 'Surry Hills',
      postcode: '2010',
      state: 'NSW',
    });
    expect(OrganisationDetail.parse((await get(ALICE, url)).json()).address).toBeNull();
  });

  it('is saved from the suburb list, audited, kept when the body leaves it out, and cleared with empty fields', async () => {
    const address = {
      addressLine: ' 1 Telehealth Way ',
      locality: 'surry hills',
      postcode: '2010',
      state: 'NSW',
    };
    const saved = await send(ALICE, 'PATCH', url, { ...edit, ...address });
    expect(saved.statusCode).toBe(200);
    expect(OrganisationDetail.parse(saved.json()).address).toEqual({
      ...address,
      addressLine: '1 Telehealth Way',
    });
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entityId, telehealth), eq(auditEvents.action, 'organisation.updated')),
      );
    expect(event?.changedFields).toMatchObject({
      addressLine: { from: null, to: '1 Telehealth Way' },
      postcode: { from: null, to: '2010' },
    });

    const kept = await send(ALICE, 'PATCH', url, { ...edit, alias: 'Telehealth' });
    expect(OrganisationDetail.parse(kept.json()).address?.addressLine).toBe('1 Telehealth Way');

    const cleared = await send(ALICE, 'PATCH', url, {
      ...edit,
      addressLine: '',
      locality: '',
      postcode: '',
      state: '',
    });
    expect(OrganisationDetail.parse(cleared.json()).address).toBeNull();
  });

  it('needs the street and a suburb from the list, with field messages', async () => {
    const partial = await send(ALICE, 'PATCH', url, {
      ...edit,
      addressLine: '',
      locality: 'Surry Hills',
      postcode: '2010',
      state: 'NSW',
    });
    expectProblem(partial, 400);
    expect(partial.json().errors).toEqual([
      { field: 'addressLine', message: 'Enter the street address' },
    ]);

    const unknown = await send(ALICE, 'PATCH', url, {
      ...edit,
      addressLine: '1 Telehealth Way',
      locality: 'Surry Hills',
      postcode: '3000',
      state: 'NSW',
    });
    expectProblem(unknown, 400);
    expect(unknown.json().errors).toEqual([
      { field: 'locality', message: 'Select a suburb or postcode from the list' },
    ]);
  });
});

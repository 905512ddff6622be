import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { HealthcareServiceDetail, type HealthcareServiceInput } from '@pca/contracts';
import { auditEvents, healthcareServices } from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { ALICE, BEN, GEORGE, JACK, useTestApp } from '../../test/use-test-app.ts';
import { toOpeningDays, toStoredHours } from '#platform/entities/opening-hours.ts';
import { expectProblem } from '../../test/expect-problem.ts';

const gp = demoIds.healthcareService('surry-hills-gp');
const skin = demoIds.healthcareService('surry-hills-skin');

const { t, as } = useTestApp();

async function load(ra: string, id: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/healthcare-services/${id}`,
    headers: await as(ra),
  });
  return { status: res.statusCode, body: res.json() as unknown };
}

function inputOf(d: HealthcareServiceDetail): HealthcareServiceInput {
  return {
    name: d.name,
    serviceType: d.serviceType,
    description: d.description,
    locationId: d.location!.id,
    startDate: d.startDate,
    endDate: d.endDate,
    phone: d.phone,
    afterHoursPhone: d.afterHoursPhone,
    email: d.email,
    fax: d.fax,
    website: d.website,
    suppressEmail: d.suppressEmail,
    suppressPhone: d.suppressPhone,
    openingHours: d.openingHours,
  };
}

describe('opening hours', () => {
  it('round-trips closed days, all-day and time ranges', () => {
    const days = toOpeningDays([
      { day: 'mon', opens: '08:00', closes: '12:00' },
      { day: 'mon', opens: '13:00', closes: '18:00' },
      { day: 'sun', opens: '00:00', closes: '23:59' },
    ]);
    expect(days).toHaveLength(8);
    expect(days[0]).toEqual({
      day: 'mon',
      allDay: false,
      ranges: [
        { opens: '08:00', closes: '12:00' },
        { opens: '13:00', closes: '18:00' },
      ],
    });
    expect(days[1]).toEqual({ day: 'tue', allDay: false, ranges: [] });
    expect(days[6]).toEqual({ day: 'sun', allDay: true, ranges: [] });
    expect(toStoredHours(days)).toHaveLength(3);
  });
});

describe('healthcare services', () => {
  it('shows a service with its hours, practitioners and partner services; George reads only', async () => {
    const { status, body } = await load(GEORGE, gp);
    expect(status).toBe(200);
    const s = HealthcareServiceDetail.parse(body);
    expect(s).toMatchObject({
      name: 'Harbour General Practice Surry Hills',
      canEdit: false,
      effectiveRoles: ['Viewer'],
    });
    expect(s.openingHours.find((d) => d.day === 'mon')?.ranges).toEqual([
      { opens: '08:00', closes: '18:00' },
    ]);
    expect(s.practitioners.some((p) => p.practitionerName === 'Alice Nguyen')).toBe(true);
  });

  it('lets Alice edit contact details and opening hours, audited', async () => {
    const s = HealthcareServiceDetail.parse((await load(ALICE, gp)).body);
    const input = inputOf(s);
    input.phone = '02 9123 4511';
    input.suppressPhone = true;
    input.openingHours = input.openingHours.map((d) =>
      d.day === 'sat'
        ? {
            day: 'sat',
            allDay: false,
            ranges: [
              { opens: '09:00', closes: '12:00' },
              { opens: '13:00', closes: '16:00' },
            ],
          }
        : d.day === 'sun'
          ? { day: 'sun', allDay: true, ranges: [] }
          : d,
    );
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/healthcare-services/${gp}`,
      headers: await as(ALICE),
      payload: input,
    });
    expect(res.statusCode).toBe(200);
    const saved = HealthcareServiceDetail.parse(res.json());
    expect(saved).toMatchObject({ phone: '02 9123 4511', suppressPhone: true });
    expect(saved.openingHours.find((d) => d.day === 'sun')).toEqual({
      day: 'sun',
      allDay: true,
      ranges: [],
    });
    expect(saved.openingHours.find((d) => d.day === 'sat')?.ranges).toHaveLength(2);
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, gp));
    expect(
      audit.find((a) => a.action === 'healthcare-service.updated')?.changedFields,
    ).toHaveProperty('openingHours');
  });

  it('lets Ben (HealthcareServiceManager) edit his service but not the other one; refuses George and Jack', async () => {
    const gpDetail = HealthcareServiceDetail.parse((await load(BEN, gp)).body);
    expect(gpDetail.canEdit).toBe(true);
    const ok = await t.app.inject({
      method: 'PATCH',
      url: `/api/healthcare-services/${gp}`,
      headers: await as(BEN),
      payload: { ...inputOf(gpDetail), email: 'gp@harbourmedical.example.com.au' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await load(BEN, skin)).status).toBe(403);
    const george = await t.app.inject({
      method: 'PATCH',
      url: `/api/healthcare-services/${gp}`,
      headers: await as(GEORGE),
      payload: inputOf(gpDetail),
    });
    expectProblem(george, 403);
    expect((await load(JACK, gp)).status).toBe(403);
  });

  it('rejects overlapping or reversed time ranges and bad contact details', async () => {
    const input = inputOf(HealthcareServiceDetail.parse((await load(ALICE, gp)).body));
    input.openingHours = [
      {
        day: 'mon',
        allDay: false,
        ranges: [
          { opens: '09:00', closes: '13:00' },
          { opens: '12:00', closes: '17:00' },
        ],
      },
      { day: 'tue', allDay: false, ranges: [{ opens: '17:00', closes: '09:00' }] },
    ];
    input.website = 'www';
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/healthcare-services/${gp}`,
      headers: await as(ALICE),
      payload: input,
    });
    expect(res.statusCode).toBe(400);
    const errors = (res.json() as { errors: Array<{ field: string; message: string }> }).errors;
    expect(errors.map((e) => e.message)).toEqual(
      expect.arrayContaining([
        'Time ranges on the same day must not overlap',
        'Tuesday: closing time must be after opening time. For hours past midnight, close at 23:59 and add the rest to the next day.',
        expect.stringMatching(/website/),
      ]),
    );
  });

  it('saves the languages spoken and billing chosen from the lists, audited; keeps them when not sent; refuses others (decision 078)', async () => {
    const before = HealthcareServiceDetail.parse((await load(ALICE, gp)).body);
    // Seeded: Vietnamese and Mandarin, mixed billing.
    expect(before).toMatchObject({ languages: ['vi', 'cmn'], billing: ['MIX'] });
    const send = async (payload: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/healthcare-services/${gp}`,
        headers: await as(ALICE),
        payload: payload as Record<string, unknown>,
      });
    const saved = await send({
      ...inputOf(before),
      languages: ['el', 'vi'],
      billing: ['BBO', 'FAP'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(HealthcareServiceDetail.parse(saved.json())).toMatchObject({
      languages: ['el', 'vi'],
      billing: ['BBO', 'FAP'],
    });
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, gp));
    expect(audit.at(-1)?.changedFields).toMatchObject({
      languages: { from: ['vi', 'cmn'], to: ['el', 'vi'] },
      billing: { from: ['MIX'], to: ['BBO', 'FAP'] },
    });
    // A client that does not send them (inputOf leaves them out) keeps what is stored.
    const kept = await send({ ...inputOf(before), phone: '02 9123 4599' });
    expect(HealthcareServiceDetail.parse(kept.json())).toMatchObject({
      languages: ['el', 'vi'],
      billing: ['BBO', 'FAP'],
    });
    for (const [field, value] of [
      ['languages', ['klingon']],
      ['languages', ['vi', 'vi']],
      ['billing', ['BB']],
      ['billing', 'MIX'],
    ] as const) {
      const res = await send({ ...inputOf(before), [field]: value });
      expectProblem(res, 400);
      const errors = (res.json() as { errors: Array<{ field: string }> }).errors;
      expect(errors.map((e) => e.field.split('.')[0])).toContain(field);
    }
    const cleared = await send({ ...inputOf(before), languages: [], billing: [] });
    expect(HealthcareServiceDetail.parse(cleared.json())).toMatchObject({
      languages: [],
      billing: [],
    });
  });

  it('adds a service to an organisation at one of its locations (OrganisationManager only)', async () => {
    const org = demoIds.organisation('harbour-telehealth');
    const body: HealthcareServiceInput = {
      name: 'Harbour Telehealth Mental Health',
      serviceType: 'Psychology service',
      description: '',
      locationId: demoIds.location('harbour-virtual'),
      startDate: '2026-01-01',
      endDate: '',
      phone: '',
      afterHoursPhone: '',
      email: '',
      fax: '',
      website: '',
      suppressEmail: false,
      suppressPhone: false,
      openingHours: [],
    };
    const url = `/api/organisations/${org}/healthcare-services`;
    expect(
      (await t.app.inject({ method: 'POST', url, headers: await as(BEN), payload: body }))
        .statusCode,
    ).toBe(403);
    const wrongPlace = await t.app.inject({
      method: 'POST',
      url,
      headers: await as(ALICE),
      payload: { ...body, locationId: demoIds.location('surry-hills-clinic') },
    });
    expectProblem(wrongPlace, 400, { field: 'locationId' });
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: await as(ALICE),
      payload: body,
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db
      .select()
      .from(healthcareServices)
      .where(eq(healthcareServices.id, res.json().id));
    expect(row).toMatchObject({ organisationId: org, serviceType: 'Psychology service' });
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import type { Bundle } from '@medplum/fhirtypes';
import { demoIds } from '#db/seed/index.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import {
  expectOutcome,
  expectValidFhir,
  indexR4Definitions,
  partnerToken as tokenFor,
} from './fhir-test-support.ts';

// HCPD's availability and recorded-sex-or-gender searches (docs/decisions/080-hours-all-day-and-rsg.md): a day
// open 24 hours served as availableTime.allDay, a role's own hours (never its service's), and the practitioner's
// individual-recordedSexOrGender — on the seeded world, every resource valid R4.

const { t, as } = useTestApp();
beforeAll(indexR4Definitions, 60_000);

const telehealthGp = demoIds.healthcareService('harbour-telehealth-gp');
const gp = demoIds.healthcareService('surry-hills-gp');
const aliceAtGp = demoIds.practitionerRole('alice', 'surry-hills-gp');
const aliceAtTelehealth = demoIds.practitionerRole('alice', 'harbour-telehealth-gp');
const alice = demoIds.practitioner('alice');
const HCPD = 'http://digitalhealth.gov.au/fhir/hcpd/StructureDefinition/';

type R = Record<string, unknown> & { id: string; meta: { profile: string[] } };
async function partner() {
  const { authorization } = await tokenFor(t, as, 'nhsd');
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization } });
  const ids = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    const bundle = res.json() as Bundle;
    expectValidFhir(bundle);
    return (bundle.entry ?? []).map((e) => e.resource!.id!);
  };
  const read = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    const resource = res.json() as R;
    expectValidFhir(resource);
    return resource;
  };
  return { get, ids, read };
}

describe('HCPD availability: all day, and a role’s own hours', () => {
  it('serves a day open 24 hours as allDay with no times, and an all-day day is open at every time asked', async () => {
    const { ids, read } = await partner();
    const line = await read(`/fhir/HealthcareService/${telehealthGp}`);
    expect(line['availableTime']).toHaveLength(7);
    expect((line['availableTime'] as unknown[])[0]).toEqual({ daysOfWeek: ['mon'], allDay: true });
    const gpService = await read(`/fhir/HealthcareService/${gp}`);
    expect((gpService['availableTime'] as unknown[])[0]).toEqual({
      daysOfWeek: ['mon'],
      availableStartTime: '08:00:00',
      availableEndTime: '18:00:00',
    });

    const services = (q: string) => ids(`/fhir/HealthcareService?${q}&_count=100`);
    expect(await services('allday=true')).toContain(telehealthGp);
    expect(await services('allday=true')).not.toContain(gp);
    expect(await services('allday=false')).toContain(gp);
    // Open from 00:00 to 24:00: it opens at or before 09:00, closes at or after 23:00 and at 2400.
    expect(await services('starttime=le0900')).toContain(telehealthGp);
    expect(await services('endtime=ge2300')).toContain(telehealthGp);
    expect(await services('endtime=2400')).toContain(telehealthGp);
    expect(await services('endtime=ge2300')).not.toContain(gp);
    expect(await services('daysofweek=sun')).toContain(telehealthGp);
    expect(await services('daysofweek=sun')).not.toContain(gp);
  });

  it('serves a role’s own hours and searches them; a role with none matches none, whatever its service’s', async () => {
    const { get, ids, read } = await partner();
    const role = await read(`/fhir/PractitionerRole/${aliceAtGp}`);
    expect(role['availableTime']).toEqual(
      ['mon', 'tue', 'thu', 'fri'].map((day) => ({
        daysOfWeek: [day],
        availableStartTime: '08:30:00',
        availableEndTime: '12:30:00',
      })),
    );
    const noHours = await read(`/fhir/PractitionerRole/${aliceAtTelehealth}`);
    expect(noHours['availableTime']).toBeUndefined();

    const roles = (q: string) => ids(`/fhir/PractitionerRole?${q}&_count=100`);
    expect(await roles('daysofweek=http://hl7.org/fhir/days-of-week|thu')).toContain(aliceAtGp);
    expect(await roles('daysofweek=sun')).not.toContain(aliceAtGp);
    expect(await roles('starttime=ge0830&endtime=le1230')).toContain(aliceAtGp);
    // The telehealth service is open every day, all day; Alice's role there has no hours of its own.
    for (const q of ['daysofweek=mon', 'allday=true', 'allday=false', 'starttime=le2400'])
      expect(await roles(`${q}&service=${telehealthGp}`)).toEqual([]);

    expectOutcome(await get('/fhir/PractitionerRole?allday=yes'), 400, 'invalid');
    expectOutcome(await get('/fhir/PractitionerRole?starttime=9am'), 400, 'invalid');
  });
});

describe('HCPD rsg: the practitioner’s recorded sex or gender', () => {
  it('serves it as AU Base profiles the extension, declares hc-practitioner when complete, and searches it', async () => {
    const { ids, read } = await partner();
    const p = await read(`/fhir/Practitioner/${alice}`);
    expect(p['extension']).toEqual([
      {
        url: 'http://hl7.org/fhir/StructureDefinition/individual-recordedSexOrGender',
        extension: [
          {
            url: 'value',
            valueCodeableConcept: {
              coding: [
                {
                  system: 'http://hl7.org/fhir/administrative-gender',
                  code: 'female',
                  display: 'Female',
                },
              ],
            },
          },
          {
            url: 'type',
            valueCodeableConcept: {
              coding: [
                {
                  system: 'http://terminology.hl7.org.au/CodeSystem/rsg-type',
                  code: 'sex-gender',
                  display: 'Sex/Gender',
                },
              ],
            },
          },
        ],
      },
    ]);
    expect(p.meta.profile).toContain(`${HCPD}hc-practitioner`);

    const practitioners = (q: string) => ids(`/fhir/Practitioner?${q}&_count=100`);
    expect(await practitioners('rsg=female')).toEqual([alice]);
    expect(await practitioners('rsg=http://hl7.org/fhir/administrative-gender|female')).toEqual([
      alice,
    ]);
    expect(await practitioners('rsg=http://example.org/other|female')).toEqual([]);
    expect(await practitioners('rsg=male')).toEqual([]);
    // Everyone else gave none: they carry no extension and declare AU Base's profile only.
    const others = await ids('/fhir/Practitioner?_count=100');
    for (const id of others.filter((x) => x !== alice)) {
      const other = await read(`/fhir/Practitioner/${id}`);
      expect(other['extension']).toBeUndefined();
      expect(other.meta.profile).not.toContain(`${HCPD}hc-practitioner`);
    }
  });

  it('declares allday, daysofweek, starttime, endtime and rsg with HCPD’s definitions', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/fhir/metadata' });
    const resources = (
      res.json() as {
        rest: Array<{
          resource: Array<{
            type: string;
            supportedProfile?: string[];
            searchParam?: Array<{ name: string; definition?: string }>;
          }>;
        }>;
      }
    ).rest[0]!.resource;
    const params = (type: string) =>
      Object.fromEntries(
        (resources.find((r) => r.type === type)?.searchParam ?? []).map((p) => [
          p.name,
          p.definition,
        ]),
      );
    const SP = 'http://digitalhealth.gov.au/fhir/hcpd/SearchParameter/';
    for (const type of ['HealthcareService', 'PractitionerRole'])
      expect(params(type)).toMatchObject({
        allday: `${SP}allday`,
        daysofweek: `${SP}daysofweek`,
        starttime: `${SP}starttime`,
        endtime: `${SP}endtime`,
      });
    expect(params('Practitioner')).toMatchObject({ rsg: `${SP}practitioner-rsg` });
    expect(resources.find((r) => r.type === 'Practitioner')?.supportedProfile).toContain(
      `${HCPD}hc-practitioner`,
    );
  });
});

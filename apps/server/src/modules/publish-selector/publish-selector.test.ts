import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublishEntities } from '@pca/contracts';
import { demoIds } from '#db/seed/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const url = '/api/publish-selector/entities';
async function entities(raNumber: string, token?: string) {
  return t.app.inject({
    method: 'GET',
    url,
    headers: t.bearer(token ?? (await t.tokenFor(raNumber))),
  });
}

describe('GET /api/publish-selector/entities', () => {
  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('gives Alice every Harbour service, organisation (with its discriminator) and location', async () => {
    const res = await entities('2000000011');
    expect(res.statusCode).toBe(200);
    const body = PublishEntities.parse(res.json());
    expect(body.healthcareServices.map((s) => s.name)).toEqual([
      'Harbour General Practice Surry Hills',
      'Harbour Skin Check Clinic',
      'Harbour Telehealth GP',
    ]);
    expect(body.organisations.map((o) => [o.name, o.type])).toEqual([
      ['Harbour Home Visits', 'HiOrganisation'],
      ['Harbour Medical Centre Surry Hills', 'HiOrganisation'],
      ['Harbour Medical Group Pty Ltd', 'ParticipatingOrganisation'],
      ['Harbour Telehealth', 'HiOrganisation'],
    ]);
    expect(body.organisations.find((o) => o.name === 'Harbour Telehealth')!.context).toBe(
      'Harbour Medical Group Pty Ltd',
    );
    expect(body.locations.map((l) => l.id)).toContain(demoIds.location('surry-hills-clinic'));
    expect(body.locations).toHaveLength(3);
  });

  it('gives Ben only the service he manages', async () => {
    const body = PublishEntities.parse((await entities('2000000022')).json());
    expect(body.healthcareServices.map((s) => s.id)).toEqual([
      demoIds.healthcareService('surry-hills-gp'),
    ]);
    expect(body.organisations).toEqual([]);
    expect(body.locations).toEqual([]);
  });

  it('refuses viewers, practitioners without a business role, and anyone managing a practitioner', async () => {
    expect((await entities('2000000066')).statusCode).toBe(403);
    expect((await entities('2000000055')).statusCode).toBe(403);
    expect((await entities('2000000077')).statusCode).toBe(403);
    const token = await t.tokenFor('2000000022');
    await t.app.inject({
      method: 'PUT',
      url: '/api/managing',
      headers: t.bearer(token),
      payload: { practitionerId: demoIds.practitioner('alice') },
    });
    expect((await entities('2000000022', token)).statusCode).toBe(403);
  });
});

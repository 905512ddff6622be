import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/database.ts';
import type { DatabaseHandle } from '../client.ts';
import {
  healthcareServices,
  organisations,
  practitionerRoles,
  practitioners,
  roleMemberships,
} from '../schema/index.ts';
import { demoIds } from './ids.ts';
import { PERFORMANCE_ORGANISATION_KEY, seedPerformanceDataset } from './performance-dataset.ts';
import { isLuhnValid } from './random.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

describe('seedPerformanceDataset', () => {
  it('adds 10,000 roles over 2,000 practitioners to one organisation, and can be run again', async () => {
    const { db } = handle;
    const rolesInOrganisation = async () => {
      const children = db
        .select({ id: organisations.id })
        .from(organisations)
        .where(eq(organisations.parentId, demoIds.organisation(PERFORMANCE_ORGANISATION_KEY)));
      const services = db
        .select({ id: healthcareServices.id })
        .from(healthcareServices)
        .where(inArray(healthcareServices.organisationId, children));
      const [row] = await db
        .select({ n: count() })
        .from(practitionerRoles)
        .where(inArray(practitionerRoles.healthcareServiceId, services));
      return row!.n;
    };
    const first = await seedPerformanceDataset(db);
    expect(first).toMatchObject({ practitioners: 2_000, roles: 10_000 });
    expect(await rolesInOrganisation()).toBe(10_000);

    const second = await seedPerformanceDataset(db);
    expect(second).toEqual(first);
    expect(await rolesInOrganisation()).toBe(10_000);
    const [people] = await db.select({ n: count() }).from(practitioners);
    expect(people!.n).toBe(42 + 2_000);
    const hpiis = await db.select({ hpii: practitioners.hpii }).from(practitioners);
    expect(new Set(hpiis.map((p) => p.hpii)).size).toBe(hpiis.length);
    expect(hpiis.every((p) => isLuhnValid(p.hpii!))).toBe(true);
    const aliceRoles = await db
      .select()
      .from(roleMemberships)
      .where(eq(roleMemberships.userId, demoIds.user('alice')));
    expect(aliceRoles.map((r) => r.organisationId)).toContain(first.organisationId);
  });
});

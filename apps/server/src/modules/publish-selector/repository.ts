import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '#db/client.ts';
import { healthcareServices, locations, organisations } from '#db/schema/index.ts';

/** Data access of the publish entity selector. */
export function publishSelectorRepository(db: Database) {
  return {
    /** Active organisations among these ids, with their parent's name. */
    async organisations(ids: string[]) {
      if (ids.length === 0) return [];
      const parent = alias(organisations, 'parent');
      return db
        .select({
          id: organisations.id,
          name: organisations.name,
          type: organisations.type,
          parentName: parent.name,
        })
        .from(organisations)
        .leftJoin(parent, eq(parent.id, organisations.parentId))
        .where(and(inArray(organisations.id, ids), eq(organisations.status, 'Active')))
        .orderBy(asc(organisations.name));
    },

    /** Services in these organisations or with these ids, with their organisation. */
    async services(organisationIds: string[], serviceIds: string[]) {
      if (organisationIds.length === 0 && serviceIds.length === 0) return [];
      return db
        .select({
          id: healthcareServices.id,
          name: healthcareServices.name,
          organisationId: healthcareServices.organisationId,
          organisationName: organisations.name,
        })
        .from(healthcareServices)
        .innerJoin(organisations, eq(organisations.id, healthcareServices.organisationId))
        .where(
          and(
            eq(organisations.status, 'Active'),
            or(
              organisationIds.length
                ? inArray(healthcareServices.organisationId, organisationIds)
                : undefined,
              serviceIds.length ? inArray(healthcareServices.id, serviceIds) : undefined,
            ),
          ),
        )
        .orderBy(asc(healthcareServices.name));
    },

    /** Active locations of these organisations. */
    async locations(organisationIds: string[]) {
      if (organisationIds.length === 0) return [];
      return db
        .select({
          id: locations.id,
          name: locations.name,
          organisationName: organisations.name,
        })
        .from(locations)
        .innerJoin(organisations, eq(organisations.id, locations.organisationId))
        .where(
          and(
            inArray(locations.organisationId, organisationIds),
            eq(locations.isActive, true),
            eq(organisations.status, 'Active'),
          ),
        )
        .orderBy(asc(locations.name));
    },
  };
}

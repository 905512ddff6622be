import { and, asc, eq } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '#db/client.ts';
import { locations } from '#db/schema/index.ts';
import type { AuditEntry } from '#platform/audit.ts';
import {
  detailsVerifiedNow,
  insertAudited,
  updateAudited,
} from '#platform/entities/audited-write.ts';

/** The locations of an organisation, by name. */
export const locationsOfOrganisation = (db: Database, organisationId: string) =>
  db
    .select()
    .from(locations)
    .where(eq(locations.organisationId, organisationId))
    .orderBy(asc(locations.name));

/** Whether a location belongs to the organisation. */
export async function isLocationOf(db: Database, locationId: string, organisationId: string) {
  const [location] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.id, locationId), eq(locations.organisationId, organisationId)));
  return Boolean(location);
}

/**
 * The audited writes of a table of details (organisations, locations, healthcare services): `save` writes the
 * changed fields and audits them, stamping details_verified_at on every save; `insert` adds a row with its
 * audit event. One place names each table (its module's repository).
 */
export function detailsWrites<TTable extends PgTable & { id: PgColumn }>(table: TTable) {
  return {
    save: (
      db: Database,
      id: string,
      before: Record<string, unknown>,
      next: PgUpdateSetSource<TTable> & Record<string, unknown>,
      audit: Omit<AuditEntry, 'entityId' | 'changedFields'>,
    ) => updateAudited(db, table, id, before, next, audit, detailsVerifiedNow),
    insert: (
      db: Database,
      values: PgInsertValue<TTable>,
      audit: Omit<AuditEntry, 'entityId' | 'changedFields'>,
    ) => insertAudited(db, table, values, audit),
  };
}

/** A location's audited writes. */
export const locationWrites = detailsWrites(locations);

import { and, asc, eq } from 'drizzle-orm';
import type { PgInsertValue, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '#db/client.ts';
import { locations } from '#db/schema/index.ts';
import type { AuditEntry } from '#lib/audit.ts';
import {
  detailsVerifiedNow,
  insertAudited,
  updateAudited,
} from '#modules/entities/audited-write.ts';

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

type Audit = Omit<AuditEntry, 'entityId' | 'changedFields'>;

/** Saves a location's changed details and audits them; every save stamps details_verified_at. */
export const saveLocation = (
  db: Database,
  id: string,
  before: Record<string, unknown>,
  next: PgUpdateSetSource<typeof locations> & Record<string, unknown>,
  audit: Audit,
) => updateAudited(db, locations, id, before, next, audit, detailsVerifiedNow);

/** Inserts a location and audits it in one transaction; returns its id. */
export const insertLocation = (
  db: Database,
  values: PgInsertValue<typeof locations>,
  audit: Audit,
) => insertAudited(db, locations, values, audit);

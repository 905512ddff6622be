import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { healthcareServices, locations } from '#db/schema/index.ts';
import { detailsWrites } from '#platform/entities/audited-write.ts';

/** A healthcare service's audited writes. */
export const healthcareServiceWrites = detailsWrites(healthcareServices);

/** The locations of an organisation, by name: where one of its services may be. */
export const locationsOfOrganisation = (db: Database, organisationId: string) =>
  db
    .select()
    .from(locations)
    .where(eq(locations.organisationId, organisationId))
    .orderBy(asc(locations.name));

/** Whether a location belongs to the organisation (a service is at one of its organisation's locations). */
export async function isLocationOf(db: Database, locationId: string, organisationId: string) {
  const [location] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.id, locationId), eq(locations.organisationId, organisationId)));
  return Boolean(location);
}

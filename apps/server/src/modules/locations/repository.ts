import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { locations } from '#db/schema/index.ts';

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

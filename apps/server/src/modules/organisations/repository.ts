import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { locations, organisations } from '#db/schema/index.ts';
import { detailsWrites } from '#platform/entities/audited-write.ts';

/** The organisations directly beneath one, by name. */
export const childrenOf = (db: Database, organisationId: string) =>
  db
    .select()
    .from(organisations)
    .where(eq(organisations.parentId, organisationId))
    .orderBy(asc(organisations.name));

/** The locations of some organisations, by name. */
export const locationsOf = (db: Database, organisationIds: string[]) =>
  db
    .select()
    .from(locations)
    .where(inArray(locations.organisationId, organisationIds))
    .orderBy(asc(locations.name), asc(locations.id));

/** An organisation's id and name, if it exists. */
export async function organisationName(db: Database, id: string) {
  const [row] = await db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, id));
  return row;
}

/** An organisation's audited writes (its details are saved, never inserted here). */
export const organisationWrites = detailsWrites(organisations);

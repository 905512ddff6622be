import { and, asc, eq, like, sql } from 'drizzle-orm';
import { LOCALITY_LIMIT, LOCALITY_MIN_CHARS, type LocalityCompletion } from '@pca/contracts';
import type { Database } from '#db/client.ts';
import { localities } from '#db/schema/index.ts';
import { ValidationError } from '#platform/errors.ts';

/** Escapes LIKE wildcards so user text matches literally. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** State codes a search may name after the suburb, as the picker's label does ("Surry Hills NSW 2010"). */
const STATE_AFTER_NAME = /^(.+)\s(nsw|vic|qld|sa|wa|tas|nt|act)$/i;

/**
 * Prefix search: digits match the postcode, anything else the suburb name (case-insensitive, served by the
 * lower(locality) text_pattern_ops index). "Surry Hills 2010"-style text matches name and postcode, and the
 * picker's own label, "Surry Hills NSW 2010" (or the start of it), name, state and postcode. A last word that
 * reads as a state code may also be the start of the name's last word ("Lockyer Wa": Lockyer WA and Lockyer
 * Waters QLD), so the name alone matches too; still one statement.
 */
export async function searchLocalities(db: Database, q: string): Promise<LocalityCompletion[]> {
  const query = q.trim().replace(/\s+/g, ' ');
  if (query.length < LOCALITY_MIN_CHARS) return [];
  const nameLike = (name: string) =>
    sql`lower(${localities.locality}) like ${`${escapeLike(name.trim().toLowerCase())}%`}`;
  const withPostcode = /^(.*\D)\s+(\d{1,4})$/.exec(query);
  const name = withPostcode ? withPostcode[1]!.trim() : query;
  const withState = STATE_AFTER_NAME.exec(name);
  const byName = withState
    ? sql`(${nameLike(name)} or (${nameLike(withState[1]!)} and ${localities.state} = ${withState[2]!.toUpperCase()}))`
    : nameLike(name);
  const where = /^\d+$/.test(query)
    ? like(localities.postcode, `${escapeLike(query)}%`)
    : withPostcode
      ? sql`${byName} and ${localities.postcode} like ${`${escapeLike(withPostcode[2]!)}%`}`
      : byName;
  const rows = await db
    .select()
    .from(localities)
    .where(where)
    .orderBy(asc(localities.locality), asc(localities.postcode))
    .limit(LOCALITY_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    locality: r.locality,
    postcode: r.postcode,
    state: r.state,
    fullLocation: `${r.locality} ${r.state} ${r.postcode}`,
    latitude: r.latitude,
    longitude: r.longitude,
  }));
}

/** The locality matching a chosen suburb, postcode and state exactly (suburb case-insensitive), if any. */
export async function findLocality(
  db: Database,
  place: { locality: string; postcode: string; state: string },
): Promise<{ id: string } | undefined> {
  const [found] = await db
    .select({ id: localities.id })
    .from(localities)
    .where(
      and(
        sql`lower(${localities.locality}) = lower(${place.locality})`,
        eq(localities.postcode, place.postcode),
        eq(localities.state, place.state),
      ),
    )
    .limit(1);
  return found;
}

/**
 * Refuses an address whose suburb, postcode and state are not one of the localities data's (the form offers
 * only those): a 400 naming `field`, the locality field of that address.
 */
export async function requireLocality(
  db: Database,
  place: { locality: string; postcode: string; state: string },
  field = 'locality',
): Promise<void> {
  if (!(await findLocality(db, place)))
    throw new ValidationError([{ field, message: 'Select a suburb or postcode from the list' }]);
}

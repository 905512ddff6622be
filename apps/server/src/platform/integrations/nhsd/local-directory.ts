import { and, asc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { nhsdServices } from '#db/schema/index.ts';
import { isDatabaseUnavailable } from '#lib/database-errors.ts';
import {
  DirectoryUnavailableError,
  type DirectoryQuery,
  type DirectoryService,
  type NhsdDirectory,
} from './directory.ts';

/** Escapes LIKE wildcards so user text matches literally. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The columns a directory service is read from (not the row's own id, nor its search text). */
const columns = {
  nhsdResourceIdentifier: nhsdServices.nhsdResourceIdentifier,
  name: nhsdServices.name,
  serviceTypes: nhsdServices.serviceTypes,
  organisationName: nhsdServices.organisationName,
  addressLines: nhsdServices.addressLines,
  city: nhsdServices.city,
  postcode: nhsdServices.postcode,
  state: nhsdServices.state,
  appliesTo: nhsdServices.appliesTo,
  phone: nhsdServices.phone,
  email: nhsdServices.email,
  website: nhsdServices.website,
} satisfies Record<keyof DirectoryService, unknown>;

/**
 * The directory answered from the local copy in `nhsd_services` (development, demo and tests). A place
 * matches the postcode exactly and the suburb case-insensitively (lower(city) index); a name matches
 * anywhere in the service's or the organisation's name, case-insensitively: LIKE '%…%' on `search_text`, both
 * names lower-cased when written, read from the (applies_to, search_text) index (docs/benchmarks/nhsd.md).
 * `maintenance` is the configured banner (NHSD_MAINTENANCE).
 */
export function createLocalNhsdDirectory(
  db: Database,
  options: { maintenance?: boolean } = {},
): NhsdDirectory {
  const guard = async <T>(run: () => Promise<T>) => {
    try {
      return await run();
    } catch (error) {
      // The database itself being down is the house's outage (503, docs/decisions/010), not the directory's.
      if (isDatabaseUnavailable(error)) throw error;
      throw new DirectoryUnavailableError('The local directory could not be read', {
        cause: error,
      });
    }
  };
  return {
    banner: () => Promise.resolve({ maintenance: options.maintenance ?? false }),

    findByType: (query: DirectoryQuery) =>
      guard(async () => {
        const where: SQL[] = [eq(nhsdServices.appliesTo, query.appliesTo)];
        if (query.postcode) where.push(eq(nhsdServices.postcode, query.postcode));
        if (query.suburb)
          where.push(sql`lower(${nhsdServices.city}) = ${query.suburb.toLowerCase()}`);
        if (query.state) where.push(eq(nhsdServices.state, query.state));
        if (query.name)
          where.push(like(nhsdServices.searchText, `%${escapeLike(query.name.toLowerCase())}%`));
        return db
          .select(columns)
          .from(nhsdServices)
          .where(and(...where))
          .orderBy(asc(nhsdServices.name), asc(nhsdServices.nhsdResourceIdentifier))
          .limit(query.limit);
      }),

    getByIds: (ids) =>
      guard(async () => {
        if (!ids.length) return [];
        return db
          .select(columns)
          .from(nhsdServices)
          .where(inArray(nhsdServices.nhsdResourceIdentifier, [...ids]));
      }),
  };
}

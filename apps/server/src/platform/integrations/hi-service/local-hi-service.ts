import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { hiServiceRegistry } from '#db/schema/index.ts';
import type { HiIndividual, HiService, ProviderSearch } from './hi-service.ts';

/** The HI Service answered from the local `hi_service_registry` table (development and demo). */
export function createLocalHiService(db: Database): HiService {
  async function byHpii(hpii: string) {
    const [row] = await db
      .select()
      .from(hiServiceRegistry)
      .where(eq(hiServiceRegistry.hpii, hpii))
      .limit(1);
    return row ?? null;
  }

  return {
    // A number the registry holds for someone else is not linked to this caller's account: NOT_LINKED, as the
    // HI Service answers it (docs/decisions/091-hpii-read-for-the-caller.md); names compare without case.
    async readAdministrativeIndividual(hpii: string, individual: HiIndividual) {
      const row = await byHpii(hpii);
      if (!row) return { serviceMessage: 'NO_MATCH' };
      const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
      const theirs =
        same(row.familyName, individual.familyName) && same(row.givenName, individual.givenName);
      return { serviceMessage: theirs ? row.status : 'NOT_LINKED' };
    },

    // A provider search finds only an identifier in use whose names match, as the certificate route's
    // search does (docs/decisions/023-register-as-practitioner.md); names compare without case.
    async searchProvider({ familyName, givenName, hpii }: ProviderSearch) {
      const [row] = await db
        .select({ hpii: hiServiceRegistry.hpii })
        .from(hiServiceRegistry)
        .where(
          and(
            eq(hiServiceRegistry.hpii, hpii),
            eq(hiServiceRegistry.status, 'SUCCESS'),
            sql`lower(${hiServiceRegistry.familyName}) = lower(${familyName.trim()})`,
            sql`lower(${hiServiceRegistry.givenName}) = lower(${givenName.trim()})`,
          ),
        )
        .limit(1);
      return row ?? null;
    },
  };
}

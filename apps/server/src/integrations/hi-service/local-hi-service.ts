import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { hiServiceRegistry } from '#db/schema/index.ts';
import type { HiService, HiServiceAnswer } from './hi-service.ts';

/** The HI Service answered from the local `hi_service_registry` table (development and demo). */
export function createLocalHiService(db: Database): HiService {
  return {
    async lookupByHpii(hpii: string): Promise<HiServiceAnswer> {
      const [row] = await db
        .select()
        .from(hiServiceRegistry)
        .where(eq(hiServiceRegistry.hpii, hpii))
        .limit(1);
      if (!row || row.status === 'NO_MATCH')
        return { hpii, status: 'NO_MATCH', givenName: null, familyName: null };
      return { hpii, status: row.status, givenName: row.givenName, familyName: row.familyName };
    },
  };
}

import { eq, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { clientSystems, partnerServices } from '#db/schema/index.ts';

/**
 * The read behind every partner token check: its client, whether revoked, and the secret it was issued with.
 * A named prepared statement, as the session lookup is (PostgreSQL parses and plans it once per connection;
 * Drizzle does not rebuild its SQL per request — about 1 ms a request on PGlite,
 * docs/decisions/031-fhir-partner-api.md). The partner API builds its token service once.
 */
export function clientCheck(db: Database) {
  return db
    .select({
      clientId: clientSystems.clientId,
      partnerServiceId: clientSystems.partnerServiceId,
      partnerCode: partnerServices.code,
      secretIssuedAt: clientSystems.secretIssuedAt,
      revokedAt: clientSystems.revokedAt,
    })
    .from(clientSystems)
    .innerJoin(partnerServices, eq(partnerServices.id, clientSystems.partnerServiceId))
    .where(eq(clientSystems.id, sql.placeholder('id')))
    .prepare('partner_client_check');
}

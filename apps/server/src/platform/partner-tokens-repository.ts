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
      // The partner's identifier systems, in the same read: the partner API emits them on what it answers
      // without a statement of its own (docs/decisions/064-partner-services.md).
      identifierSystems: sql<string[]>`coalesce((select json_agg(pis.system order by pis.system)
        from partner_identifier_systems pis
        where pis.partner_service_id = client_systems.partner_service_id), '[]'::json)`,
    })
    .from(clientSystems)
    .innerJoin(partnerServices, eq(partnerServices.id, clientSystems.partnerServiceId))
    .where(eq(clientSystems.id, sql.placeholder('id')))
    .prepare('partner_client_check');
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '#db/client.ts';
import type { IdentityClient } from '#integrations/identity/identity-client.ts';
import type { ServerConfig } from '#lib/config.ts';

/** What every module's routes receive: the explicit dependencies of the API. */
export interface AppDeps {
  db: Database;
  config: ServerConfig;
  identity: IdentityClient;
  /** preHandler requiring a live session. */
  authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

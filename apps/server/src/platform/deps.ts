import type { Database } from '#db/client.ts';
import type { IdentityClient } from '#integrations/identity/identity-client.ts';
import type { ServerConfig } from '#lib/config.ts';

/**
 * What every module's routes receive: the explicit dependencies of the API. The caller's session is not
 * one of them: the /api context has authenticated it before a signed-in route runs (app/build-app.ts).
 */
export interface AppDeps {
  db: Database;
  config: ServerConfig;
  identity: IdentityClient;
}

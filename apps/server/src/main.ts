import { loadConfig } from '#app/config.ts';
import { buildApp } from '#app/build-app.ts';
import { openDatabase } from '#app/open-database.ts';
import { createOidcIdentityClient } from '#integrations/identity/oidc-identity-client.ts';

/** Starts the API: database (migrated, seeded when empty), routes, SPA; stops gracefully on SIGTERM/SIGINT. */
async function main() {
  const config = loadConfig();
  const handle = await openDatabase(config);
  const app = await buildApp({
    db: handle.db,
    config,
    identity: createOidcIdentityClient(config.oidc),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    await handle.close();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

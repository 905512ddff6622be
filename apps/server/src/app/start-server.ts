import type { ServerResponse } from 'node:http';
import { loadConfig, type ServerConfig } from '#lib/config.ts';
import { buildApp } from '#app/build-app.ts';
import { openDatabase } from '#app/open-database.ts';
import { createOidcIdentityClient } from '#integrations/identity/oidc-identity-client.ts';
import { describeStartupDatabaseError } from '#lib/database-errors.ts';
import { createReadiness } from '#platform/readiness.ts';

/** How long in-flight requests may take to finish once a stop is asked for. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Starts the API: database (migrated, seeded when empty), routes, SPA; stops gracefully on
 * SIGTERM/SIGINT (docs/decisions/010-outages-and-shutdown.md). main.ts starts it, after tracing when that
 * is on; `flush` sends what tracing still holds before the process exits.
 */
export async function startServer({ flush }: { flush?: () => Promise<void> } = {}) {
  let config: ServerConfig;
  try {
    config = loadConfig();
  } catch (error) {
    // A setting missing or wrong (BANK_ACCOUNT_KEYS in production, …): one line saying which, no stack.
    console.error(`Cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  let handle: Awaited<ReturnType<typeof openDatabase>>;
  try {
    handle = await openDatabase(config);
  } catch (error) {
    failToStart(error, config);
  }
  const readiness = createReadiness();
  const app = await buildApp({
    db: handle.db,
    config,
    identity: createOidcIdentityClient(config.oidc),
    readiness,
    ...(handle.pool ? { pool: handle.pool } : {}),
  });

  // Responses being written when a stop is asked for: they finish, but their keep-alive connections
  // must then close, or the server would wait for the keep-alive timeout (72 s) before it can stop.
  const inFlight = new Set<ServerResponse>();
  let closing = false;
  app.server.on('request', (_request, response: ServerResponse) => {
    if (closing && !response.headersSent) response.setHeader('connection', 'close');
    inFlight.add(response);
    // A response whose headers were already out when the stop came: close its connection once idle.
    response.on('finish', () => {
      if (closing) setImmediate(() => app.server.closeIdleConnections());
    });
    response.on('close', () => inFlight.delete(response));
  });

  let stopping = false;
  const shutdown = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    // Draining first: /api/ready answers 503 at once while every request is still served as usual,
    // until the load balancer's health check has taken this process out (docs/decisions/075-operations.md).
    readiness.drain();
    const drainMs = config.shutdown.drainMs;
    if (drainMs > 0) {
      app.log.info(`Draining (${reason}): not ready, still serving for ${drainMs} ms.`);
      await new Promise((resolve) => setTimeout(resolve, drainMs));
    }
    closing = true;
    app.log.info(`Stopping (${reason}): finishing requests in flight, then closing the database.`);
    const force = setTimeout(() => {
      app.log.error(
        `Requests still in flight after ${SHUTDOWN_GRACE_MS / 1000} s; stopping anyway.`,
      );
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    for (const response of inFlight)
      if (!response.headersSent) response.setHeader('connection', 'close');
    try {
      // Stops listening (new connections are refused), closes idle keep-alive connections, answers
      // requests arriving on busy ones with 503, and resolves once the requests in flight are done.
      await app.close();
      await handle.close();
    } catch (error) {
      app.log.error({ err: error }, 'error while stopping');
      process.exit(1);
    }
    await flush?.().catch(() => undefined);
    clearTimeout(force);
    app.log.info('Stopped.');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // Started by `npm start` with an IPC channel: if that supervisor dies, stop rather than linger.
  process.on('disconnect', () => void shutdown('the supervising process ended'));

  await app.listen({ port: config.port, host: config.host });
}

/** One line a person can act on for an unreachable database (no stack, password masked); else the error. */
function failToStart(error: unknown, config: ServerConfig): never {
  const line = describeStartupDatabaseError(error, config);
  if (line) console.error(line);
  else console.error(error);
  process.exit(1);
}

/**
 * What the development services (apps/identity-provider, apps/mail-catcher, apps/partner-sandbox) share:
 * listening, a graceful close of their HTTP servers, the way their processes stop, and reading a port from
 * the environment (docs/decisions/039-development-services.md). Node only; no app's code.
 */
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo, Server as NetServer } from 'node:net';

/**
 * Makes an HTTP server stoppable gracefully; call it before the server takes requests. The function it
 * returns stops accepting connections, lets requests in flight finish (their keep-alive connections then
 * close instead of idling until the keep-alive timeout) and resolves when every connection is closed;
 * connections still busy after `graceMs` are cut. `stop` closes the server: `server.close()` by default, or
 * a framework's own close of the same server (Fastify's `app.close()`).
 */
export function gracefulClose(
  server: Server,
  stop: () => Promise<void> = () =>
    new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
): (graceMs: number) => Promise<void> {
  let closing = false;
  const inFlight = new Set<ServerResponse>();
  server.on('request', (_request, response: ServerResponse) => {
    if (closing && !response.headersSent) response.setHeader('connection', 'close');
    inFlight.add(response);
    response.on('finish', () => {
      if (closing) setImmediate(() => server.closeIdleConnections());
    });
    response.on('close', () => inFlight.delete(response));
  });
  return async (graceMs) => {
    closing = true;
    for (const response of inFlight)
      if (!response.headersSent) response.setHeader('connection', 'close');
    const cut = setTimeout(() => server.closeAllConnections(), graceMs).unref();
    try {
      // Stops listening and closes idle keep-alive connections; settles once busy ones are done.
      await stop();
    } finally {
      clearTimeout(cut);
    }
  };
}

/** How long a development service may take to stop before its connections are cut. */
export const DEFAULT_GRACE_MS = 10_000;

/**
 * Stops a development service's process when it is asked to: on SIGINT (Ctrl+C), SIGTERM, or its IPC channel
 * closing (`npm start` started it with one; if that supervisor dies, the service stops rather than linger).
 * `close(graceMs)` is called once; the process then exits 0, or 1 when closing failed or had not finished a
 * second after `graceMs`. A second Ctrl+C kills at once (the handlers are `once`).
 */
export function stopOnSignals(
  name: string,
  close: (graceMs: number) => Promise<void>,
  graceMs = DEFAULT_GRACE_MS,
): void {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      console.error(`The ${name} did not stop within ${(graceMs + 1000) / 1000} s; exiting.`);
      process.exit(1);
    }, graceMs + 1000);
    close(graceMs).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`The ${name} did not stop cleanly: ${String(error)}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  process.once('disconnect', stop);
}

/** Listens on `port` (0: any free one) and `host`; rejects when it cannot (the port is taken). Resolves with the port. */
export function listen(server: NetServer, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** A port number from an environment variable's value; `fallback` when it is unset or empty. */
export function portFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`${name} must be a port number (1-65535), got "${value}"`);
  return port;
}

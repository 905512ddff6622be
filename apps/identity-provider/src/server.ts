import { createServer, type ServerResponse } from 'node:http';
import { createIdentityProvider, type IdentityProviderOptions } from './create-provider.ts';

/** Options of {@link startIdentityProvider}: the provider's options plus where to listen. */
export type StartIdentityProviderOptions = IdentityProviderOptions & {
  /** TCP port; the issuer should name the same port. */
  port: number;
  /** Interface to listen on (default `localhost`). */
  host?: string;
};

/** A running identity provider. */
export interface RunningIdentityProvider {
  /** The issuer URL it serves. */
  url: string;
  /**
   * Stops accepting connections, lets requests in flight finish (their connections then close) and
   * resolves when all are done; connections still busy after `graceMs` (default 10 s) are cut.
   */
  close(graceMs?: number): Promise<void>;
}

/** Starts the development identity provider on a plain node:http server. */
export async function startIdentityProvider(
  opts: StartIdentityProviderOptions,
): Promise<RunningIdentityProvider> {
  const { port, host = 'localhost', ...providerOptions } = opts;
  const { callback } = createIdentityProvider(providerOptions);
  const server = createServer(callback());
  // Responses in flight when a close is asked for finish, then their keep-alive connections close
  // (otherwise the server would wait for the keep-alive timeout before it can stop).
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
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    url: opts.issuer.replace(/\/$/, ''),
    close: (graceMs = 10_000) =>
      new Promise<void>((resolve, reject) => {
        closing = true;
        for (const response of inFlight)
          if (!response.headersSent) response.setHeader('connection', 'close');
        const cut = setTimeout(() => server.closeAllConnections(), graceMs).unref();
        // Stops listening and closes idle keep-alive connections; calls back once busy ones are done.
        server.close((error) => {
          clearTimeout(cut);
          if (error) reject(error);
          else resolve();
        });
      }),
  };
}

import { createServer } from 'node:http';
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
  /** Stops accepting requests and closes open connections. */
  close(): Promise<void>;
}

/** Starts the development identity provider on a plain node:http server. */
export async function startIdentityProvider(
  opts: StartIdentityProviderOptions,
): Promise<RunningIdentityProvider> {
  const { port, host = 'localhost', ...providerOptions } = opts;
  const { callback } = createIdentityProvider(providerOptions);
  const server = createServer(callback());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    url: opts.issuer.replace(/\/$/, ''),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

import { createServer } from 'node:http';
import { DEFAULT_GRACE_MS, gracefulClose, listen } from '@pca/dev-services';
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
  const close = gracefulClose(server);
  await listen(server, port, host);
  return {
    url: opts.issuer.replace(/\/$/, ''),
    close: (graceMs = DEFAULT_GRACE_MS) => close(graceMs),
  };
}

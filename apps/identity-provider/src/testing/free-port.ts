import { createServer } from 'node:net';

/** A TCP port free right now on localhost (for a server a test starts: the identity provider, the API, a relay). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts something on a port picked by {@link freePort}, picking again when another process took the port
 * between the pick and the listen (on a busy machine an outgoing connection may be handed it): for a server
 * whose port must be known before it starts, such as an identity provider whose issuer URL names it.
 */
export async function onFreePort<T>(start: (port: number) => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return await start(port);
    } catch (error) {
      if (attempt >= attempts || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE')
        throw error;
    }
  }
}

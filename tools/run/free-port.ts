import { createServer } from 'node:net';

/**
 * A TCP port that was free a moment ago: the operating system picks one for a listener on port 0, which
 * is closed again so the journey's server can take it. Fixed ports collide with whatever else runs on
 * the machine (a CI run once failed because 3101 was taken).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, () => {
      const address = server.address();
      if (address === null || typeof address === 'string') {
        server.close();
        reject(new Error('The operating system gave no TCP port.'));
        return;
      }
      server.close(() => resolve(address.port));
    });
  });
}

/**
 * The port named by the environment variable, or a free one, which is written back to the environment
 * so every process that reads the same configuration later (Playwright's workers) agrees on it.
 */
export async function portFromEnv(name: string, taken: number[] = []): Promise<number> {
  const given = process.env[name];
  if (given) return Number(given);
  let port = await freePort();
  // Two listeners closed one after the other may be handed the same port.
  while (taken.includes(port)) port = await freePort();
  process.env[name] = String(port);
  return port;
}

import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { onFreePort } from './free-port.ts';

const listening: Server[] = [];
const listenOn = (port: number) =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      listening.push(server);
      resolve(server);
    });
  });
afterEach(async () => {
  await Promise.all(listening.splice(0).map((s) => new Promise((r) => s.close(r))));
});

describe('onFreePort', () => {
  it('picks again when the port it picked was taken before the listen', async () => {
    const tried: number[] = [];
    const server = await onFreePort(async (port) => {
      tried.push(port);
      // Another process takes the first port between the pick and the listen.
      if (tried.length === 1) await listenOn(port);
      return listenOn(port);
    });
    expect(tried).toHaveLength(2);
    expect(tried[1]).not.toBe(tried[0]);
    expect(server.listening).toBe(true);
  });

  it('gives up after its attempts, and passes on an error that is not a taken port', async () => {
    const taken = await onFreePort((port) => listenOn(port).then(() => listenOn(port)), 2).catch(
      (error: NodeJS.ErrnoException) => error.code,
    );
    expect(taken).toBe('EADDRINUSE');
    await expect(onFreePort(() => Promise.reject(new Error('no such host')))).rejects.toThrow(
      'no such host',
    );
  });
});

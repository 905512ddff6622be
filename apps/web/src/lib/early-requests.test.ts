import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPaths, meApiPaths } from '@pca/contracts/paths.ts';
import { installFakeServer, json } from '../test/fake-server.ts';
import { clearEarlyRequests, earlyRequestMaxAgeMs, startEarlyRequests } from './early-requests.ts';
import { http } from './http.ts';
import { clearSessionToken, setSessionToken } from './session-token.ts';

describe('early requests', () => {
  afterEach(() => {
    clearEarlyRequests();
    clearSessionToken();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('answers the first GET of each path from the request started early, once', async () => {
    let n = 0;
    const requests = installFakeServer({
      [`GET ${apiPaths.me}`]: () => json({ n: ++n }),
      [`GET ${meApiPaths.organisations}`]: () => json({ organisations: [] }),
    });
    setSessionToken('tok-1');
    startEarlyRequests([apiPaths.me, meApiPaths.organisations], 'tok-1');
    expect(requests.map((r) => r.path)).toEqual([apiPaths.me, meApiPaths.organisations]);
    expect(requests[0]!.headers.get('Authorization')).toBe('Bearer tok-1');

    await expect(http(apiPaths.me)).resolves.toEqual({ n: 1 });
    await expect(http(meApiPaths.organisations)).resolves.toEqual({ organisations: [] });
    expect(requests).toHaveLength(2);
    // A second read is a request of its own: an early answer is used once.
    await expect(http(apiPaths.me)).resolves.toEqual({ n: 2 });
    expect(requests).toHaveLength(3);
  });

  it('is not used for another session token, after a minute, or by a write', async () => {
    const requests = installFakeServer({
      [`GET ${apiPaths.me}`]: () => json({ ok: true }),
      [`PUT ${apiPaths.me}`]: () => json({ ok: true }),
    });
    startEarlyRequests([apiPaths.me], 'old-token');
    setSessionToken('new-token');
    await http(apiPaths.me);
    expect(requests.map((r) => r.headers.get('Authorization'))).toEqual([
      'Bearer old-token',
      'Bearer new-token',
    ]);

    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    startEarlyRequests([apiPaths.me], 'new-token');
    vi.setSystemTime(Date.now() + earlyRequestMaxAgeMs + 1);
    await http(apiPaths.me);
    expect(requests).toHaveLength(4);

    startEarlyRequests([apiPaths.me], 'new-token');
    await http(apiPaths.me, { method: 'PUT', body: {} });
    expect(requests.at(-1)!.method).toBe('PUT');
    expect(requests).toHaveLength(6);
  });

  it('falls back to a request of its own when the early one failed on the network', async () => {
    let calls = 0;
    vi.stubGlobal('fetch', async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return json({ recovered: true });
    });
    setSessionToken('tok-1');
    startEarlyRequests([apiPaths.me], 'tok-1');
    await expect(http(apiPaths.me)).resolves.toEqual({ recovered: true });
    expect(calls).toBe(2);
  });
});

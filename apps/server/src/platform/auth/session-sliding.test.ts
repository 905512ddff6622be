import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnauthorizedError } from '#platform/errors.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ALICE } from '../../test/use-test-app.ts';
import { createAuthenticate, touchIntervalMs } from './authenticate.ts';

// With the session cache off and on (docs/decisions/021-request-context-cache.md): the same rules either way.
describe.each([
  ['off', 0],
  ['on', 5_000],
])('sliding session expiry with a 1-minute idle limit, session cache %s', (_cache, cacheMs) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ SESSION_IDLE_MINUTES: '1' });
    token = await t.tokenFor(ALICE);
  });
  afterAll(() => t.close());

  /** `authenticate` on a clock the test moves; answers whether the session was accepted. */
  function onClock(start: Date) {
    let now = start.getTime();
    const authenticate = createAuthenticate(t.db, t.config.session.idleMs, () => new Date(now), {
      cacheMs,
    });
    return {
      advance: (ms: number) => (now += ms),
      async accepted() {
        const request = { headers: t.bearer(token), auth: null } as unknown as FastifyRequest;
        try {
          await authenticate(request, {} as FastifyReply);
          return true;
        } catch (error) {
          if (error instanceof UnauthorizedError) return false;
          throw error;
        }
      },
    };
  }

  it('touches at a quarter of the idle window, never less often than once a minute', () => {
    expect(touchIntervalMs(60_000)).toBe(15_000);
    expect(touchIntervalMs(30 * 60_000)).toBe(60_000);
  });

  it('keeps a session used every 15 s alive for 5 minutes, then ends it after more than a minute idle', async () => {
    const clock = onClock(new Date());
    for (let used = 0; used < 20; used++) {
      clock.advance(15_000);
      expect(await clock.accepted(), `request ${used + 1} at ${(used + 1) * 15} s`).toBe(true);
    }
    clock.advance(61_000);
    expect(await clock.accepted()).toBe(false);
  });
});

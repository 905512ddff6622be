/** How many sign-in posts one client address may make per window. */
export interface LoginRateLimit {
  max: number;
  windowMs: number;
}

/** The default: far above a person (or a browser test suite) signing in every few seconds. */
export const DEFAULT_LOGIN_RATE_LIMIT: LoginRateLimit = { max: 60, windowMs: 60_000 };

/** Reads "<max>/<window>" (window in s, m or h, e.g. 60/1m), as the API's RATE_LIMIT_* variables. */
export function parseLoginRateLimit(value: string, name: string): LoginRateLimit {
  const match = /^(\d+)\/(\d+)([smh])$/.exec(value.trim());
  if (!match) throw new Error(`${name} must look like <max>/<window>, e.g. 60/1m; got "${value}"`);
  const unit = { s: 1_000, m: 60_000, h: 3_600_000 }[match[3] as 's' | 'm' | 'h'];
  return { max: Number(match[1]), windowMs: Number(match[2]) * unit };
}

/**
 * Fixed-window counts per client address, in this process's memory. That is enough here, unlike in
 * the API (whose counters are in the database, docs/decisions/009-rate-limits.md): the development
 * provider runs as one process only, and its sign-ins are in memory too. Ended windows are dropped
 * as new hits come, so the map holds only addresses seen in the last window.
 */
export function createLoginRateLimiter(limit: LoginRateLimit, now: () => number = Date.now) {
  const windows = new Map<string, { hits: number; resetAt: number }>();
  let nextSweep = 0;
  return {
    /** Counts a hit; answers whether it is allowed and, when not, how many seconds to wait. */
    hit(address: string): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
      const at = now();
      if (at >= nextSweep) {
        for (const [key, w] of windows) if (w.resetAt <= at) windows.delete(key);
        nextSweep = at + limit.windowMs;
      }
      let w = windows.get(address);
      if (!w || w.resetAt <= at) {
        w = { hits: 0, resetAt: at + limit.windowMs };
        windows.set(address, w);
      }
      w.hits += 1;
      if (w.hits <= limit.max) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - at) / 1000)) };
    },
    /** Addresses with a window still counted (for tests). */
    get size() {
      return windows.size;
    },
  };
}

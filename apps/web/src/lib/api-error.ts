import type { Problem } from '@pca/contracts';

// Apart from `http.ts` so that the configuration loader, which the entry script runs on every visit,
// does not bring the whole API client with it (docs/decisions/018-critical-path-javascript.md).

/** A non-2xx answer from the API, carrying the parsed RFC 9457 problem when the API sent one. */
export class ApiError extends Error {
  /** The HTTP status code. */
  readonly status: number;
  /** The problem+json body, or null when the response had none. */
  readonly problem: Problem | null;
  /** Seconds the API asked to wait (`Retry-After` on 429 and 503), or null when it named none. */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, problem: Problem | null, retryAfterSeconds: number | null = null) {
    super(problem?.title ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.problem = problem;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /** True when the problem's type is, or ends with, the given type (e.g. 'inactive-user'). */
  hasProblemType(type: string): boolean {
    const actual = this.problem?.type ?? '';
    return actual === type || actual.endsWith(`/${type}`) || actual.endsWith(`:${type}`);
  }
}

/** `Retry-After` as seconds from now: a delay in seconds or an HTTP date (RFC 9110); null when absent or bad. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

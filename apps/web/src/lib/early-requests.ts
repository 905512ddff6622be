/**
 * Requests the first signed-in page is sure to make, started by the entry module as soon as it runs, so they
 * travel beside the page's code instead of after it (docs/decisions/018-critical-path-javascript.md). `http`
 * takes each answer once, for the same path and the same session token; anything not taken within a minute
 * is dropped, so no answer goes stale in memory.
 */

type Early = { token: string; response: Promise<Response>; startedAt: number };

const early = new Map<string, Early>();

/** How long an unclaimed early answer may wait for its first reader. */
export const earlyRequestMaxAgeMs = 60_000;

/** Starts GETs of `paths` with this session token (called once, by the entry module). */
export function startEarlyRequests(paths: readonly string[], token: string): void {
  for (const path of paths) {
    const response = fetch(path, {
      headers: {
        Accept: 'application/json, application/problem+json',
        Authorization: `Bearer ${token}`,
      },
    });
    // A failed early request is not an error of its own: the reader's normal request takes over.
    response.catch(() => undefined);
    early.set(path, { token, response, startedAt: Date.now() });
  }
}

/** The early answer of a GET of `path` made with `token`, once; undefined when there is none to use. */
export function takeEarlyResponse(
  path: string,
  token: string | null,
): Promise<Response> | undefined {
  const entry = early.get(path);
  if (!entry) return undefined;
  early.delete(path);
  if (entry.token !== token || Date.now() - entry.startedAt > earlyRequestMaxAgeMs)
    return undefined;
  // A network failure of the early request falls back to a request of the reader's own.
  return entry.response.catch(() =>
    fetch(path, {
      headers: {
        Accept: 'application/json, application/problem+json',
        Authorization: `Bearer ${token}`,
      },
    }),
  );
}

/** Forgets every early answer (sign-out, tests). */
export function clearEarlyRequests(): void {
  early.clear();
}

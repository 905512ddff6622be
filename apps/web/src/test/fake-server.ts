import { vi } from 'vitest';

/** One request as the fake server saw it. */
export type RecordedRequest = { method: string; path: string; headers: Headers; body: unknown };

/** A handler answering one request; return undefined to fall through to 404. */
export type FakeHandler = (request: RecordedRequest) => Response | Promise<Response> | undefined;

/** A JSON response. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** An RFC 9457 problem response. */
export function problem(status: number, type: string, title: string): Response {
  return new Response(JSON.stringify({ type, title, status }), {
    status,
    headers: { 'Content-Type': 'application/problem+json' },
  });
}

/** The API's 400 refusing `field` with `message`, as the shared route schemas answer an invalid field. */
export function fieldProblem(field: string, message: string): Response {
  return new Response(
    JSON.stringify({
      type: '/problems/validation',
      title: 'Invalid request',
      status: 400,
      detail: 'The request has invalid fields.',
      errors: [{ field, message }],
    }),
    { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
  );
}

/** The API's 400 for an address whose id `field` is not a UUID. */
export const invalidIdProblem = (field: string): Response => fieldProblem(field, 'Invalid UUID');

/**
 * Replaces global fetch (tests only) with a function answering from `routes`, keyed "METHOD /path".
 * Returns the requests it received so tests can assert what the app sent.
 */
export function installFakeServer(routes: Record<string, FakeHandler>): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const text = typeof init.body === 'string' ? init.body : undefined;
    const request: RecordedRequest = {
      method,
      path: url.pathname + url.search,
      headers: new Headers(init.headers),
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    requests.push(request);
    const handler = routes[`${method} ${url.pathname}`];
    return (await handler?.(request)) ?? problem(404, 'about:blank', 'Not Found');
  });
  return requests;
}

/**
 * A reply the test gives when it chooses, to see what the page shows meanwhile. The app's request may
 * reach the fake server before or after `release`: a busy machine decides which, and either way every
 * request to `reply` gets (a copy of) the one response.
 */
export function heldReply(): {
  reply: () => Promise<Response>;
  release: (response: Response) => void;
} {
  let release: (response: Response) => void = () => undefined;
  const released = new Promise<Response>((resolve) => (release = resolve));
  return { reply: () => released.then((response) => response.clone()), release };
}

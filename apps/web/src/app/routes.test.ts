import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { createRoutes } from './routes.tsx';
import { routeTable } from './route-table.ts';

const noClient = () => Promise.reject<QueryClient>(new Error('not needed here'));

describe('route discovery (docs/decisions/018-critical-path-javascript.md)', () => {
  it('the entry holds only the signed-out routes; a signed-in address matches the catch-all until discovered', () => {
    const { routes } = createRoutes(noClient);
    const entryPaths = (routes[0]!.children ?? []).map((r) => r.path);
    for (const entry of routeTable) expect(entryPaths).not.toContain(entry.path);
    expect(matchRoutes(routes, '/welcome')?.at(-1)?.route.path).toBe('*');
  });

  it('patches every signed-in route under the root once, however often the router asks', async () => {
    const { routes, patchRoutesOnNavigation } = createRoutes(noClient);
    const patched: Array<[string | null, RouteObject[]]> = [];
    const ask = () =>
      patchRoutesOnNavigation({
        signal: new AbortController().signal,
        path: '/welcome',
        matches: [],
        fetcherKey: undefined,
        patch: (id, children) => patched.push([id, children]),
      });
    await Promise.all([ask(), ask()]);
    await ask();
    expect(patched).toHaveLength(1);
    const [id, children] = patched[0]!;
    expect(id).toBe('root');
    const discovered: RouteObject[] = [
      { path: '/', children: [...(routes[0]!.children ?? []), ...children] },
    ];
    for (const entry of routeTable)
      expect(matchRoutes(discovered, `/${entry.path}`)?.at(-1)?.route.path).toBe(entry.path);
  });

  it('a navigation superseded while the routes load patches nothing, and the next one does', async () => {
    const { patchRoutesOnNavigation } = createRoutes(noClient);
    const patched: string[] = [];
    const aborted = new AbortController();
    aborted.abort();
    const ask = (signal: AbortSignal) =>
      patchRoutesOnNavigation({
        signal,
        path: '/practitioners',
        matches: [],
        fetcherKey: undefined,
        patch: (id) => patched.push(String(id)),
      });
    await ask(aborted.signal);
    expect(patched).toEqual([]);
    await ask(new AbortController().signal);
    expect(patched).toEqual(['root']);
  });
});

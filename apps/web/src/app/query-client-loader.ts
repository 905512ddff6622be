import type { QueryClient } from '@tanstack/react-query';

/**
 * The app's query client, loaded on first need rather than with the entry: signed-out pages hold no
 * server state, so neither TanStack Query (about 9 KB of compressed JavaScript) nor the guards that
 * read it travel with them (docs/decisions/018-critical-path-javascript.md,
 * docs/decisions/035-tanstack-query-back.md). Signed-in starts load it beside the configuration
 * (main.tsx); the sign-in callback, every section of the route table and the signed-in parts of the
 * shell wait for it before they render.
 */
let client: QueryClient | undefined;
let loading: Promise<QueryClient> | undefined;
const listeners = new Set<() => void>();

/** Loads the app's query client once; every caller gets the same one. */
export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('./query-client.ts').then(
    ({ appQueryClient }) => {
      client = appQueryClient;
      for (const listener of listeners) listener();
      return appQueryClient;
    },
    (error: unknown) => {
      // A failed download (a stale tab after a deploy) is retried by the next caller.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The app's query client once loaded, else undefined. */
export const loadedQueryClient = (): QueryClient | undefined => client;

/** Calls `listener` when the query client has loaded. */
export function onQueryClientLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Resolves `load` only once the query client has loaded too (both load in parallel). */
export async function withQueryClient<T>(load: () => Promise<T>): Promise<T> {
  const [loaded] = await Promise.all([load(), loadQueryClient()]);
  return loaded;
}

import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';

/**
 * A query client holding the pages a person has seen (one cached answer per key), for a write's test: `stale`
 * names the pages the write marked to be read again, each by its key's words (an object in a key, such as a
 * list's filter, is left out), sorted.
 */
export function seenPages(keys: QueryKey[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const key of keys) client.setQueryData(key, { seen: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const stale = () =>
    client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => q.queryKey.filter((k) => typeof k === 'string').join('/'))
      .sort();
  return { client, wrapper, stale };
}

import { createContext, useContext, type ReactNode } from 'react';
import type { QueryClient } from './client.ts';

// Only the context, apart from the client and hooks: the entry provides it, while the client itself
// loads on first need (docs/decisions/018-critical-path-javascript.md).

const QueryClientContext = createContext<QueryClient | undefined>(undefined);

/**
 * Provides `client` to the hooks below. The app's client may arrive after the first render (undefined
 * until then); nothing that reads server state renders before it has.
 */
export function QueryClientProvider({
  client,
  children,
}: {
  client: QueryClient | undefined;
  children: ReactNode;
}) {
  return <QueryClientContext value={client}>{children}</QueryClientContext>;
}

/** The query client provided above. */
export function useQueryClient(): QueryClient {
  const client = useContext(QueryClientContext);
  if (!client) throw new Error('No query client: render inside QueryClientProvider.');
  return client;
}

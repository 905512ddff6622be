import { useSyncExternalStore, type ReactNode } from 'react';
import type { QueryClient } from '#lib/query/client.ts';
// Only the context: the client itself and the rest of the query layer load on first need.
import { QueryClientProvider } from '#lib/query/context.tsx';
import { Core } from '@pca/ui/primitives/core.ts';
import { theme } from '@pca/ui/primitives/ag-branding.ts';
import type { RuntimeConfig } from '@pca/contracts';
import { ConfigProvider } from '#lib/config.tsx';
import { RouterLinkAdapter } from './link-adapter.tsx';
import { loadedQueryClient, onQueryClientLoaded } from './query-client-loader.ts';

/** Props of AppProviders. */
export type AppProvidersProps = {
  /** Runtime configuration loaded before rendering. */
  config: RuntimeConfig;
  /** The query client holding server state; without it, the app's, once loaded (query-client-loader.ts). */
  queryClient?: QueryClient;
  /** Usually the router. */
  children: ReactNode;
};

/**
 * Provides the query client, which may arrive after the first render: the tree below keeps its state
 * when it does.
 */
function QueryClientSlot({ client, children }: { client?: QueryClient; children: ReactNode }) {
  const loaded = useSyncExternalStore(onQueryClientLoaded, loadedQueryClient);
  return <QueryClientProvider client={client ?? loaded}>{children}</QueryClientProvider>;
}

/** Everything the app needs around the router: AgDS core and theme, server state, runtime config. */
export function AppProviders({ config, queryClient, children }: AppProvidersProps) {
  return (
    <Core theme={theme} linkComponent={RouterLinkAdapter}>
      <ConfigProvider config={config}>
        <QueryClientSlot client={queryClient}>{children}</QueryClientSlot>
      </ConfigProvider>
    </Core>
  );
}

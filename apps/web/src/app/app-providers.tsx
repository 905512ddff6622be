import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
// Only the context: the client itself and the rest of TanStack Query load on first need
// (docs/decisions/035-tanstack-query-back.md).
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
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

const noClient = () => undefined;

/**
 * Provides the query client as TanStack Query's QueryClientProvider does (the context, and mount while
 * provided), but it may arrive after the first render: the tree below keeps its state when it does.
 */
function QueryClientSlot({ client, children }: { client?: QueryClient; children: ReactNode }) {
  // A prerendered page is hydrated without it (docs/decisions/076-prerendered-shell.md).
  const loaded = useSyncExternalStore(onQueryClientLoaded, loadedQueryClient, noClient);
  const value = client ?? loaded;
  useEffect(() => {
    if (!value) return;
    value.mount();
    return () => value.unmount();
  }, [value]);
  return <QueryClientContext value={value}>{children}</QueryClientContext>;
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

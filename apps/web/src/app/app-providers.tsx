import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Core } from '@pca/ui/primitives/core.ts';
import { theme } from '@pca/ui/primitives/ag-branding.ts';
import type { RuntimeConfig } from '@pca/contracts';
import { ConfigProvider } from '#lib/config.tsx';
import { RouterLinkAdapter } from './link-adapter.tsx';

/** Props of AppProviders. */
export type AppProvidersProps = {
  /** Runtime configuration loaded before rendering. */
  config: RuntimeConfig;
  /** The query client holding server state. */
  queryClient: QueryClient;
  /** Usually the router. */
  children: ReactNode;
};

/** Everything the app needs around the router: AgDS core and theme, server state, runtime config. */
export function AppProviders({ config, queryClient, children }: AppProvidersProps) {
  return (
    <Core theme={theme} linkComponent={RouterLinkAdapter}>
      <ConfigProvider config={config}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </ConfigProvider>
    </Core>
  );
}

import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RuntimeConfig } from '@pca/contracts';
import { AppProviders } from '#app/app-providers.tsx';
import { createQueryClient } from '#app/query-client.ts';
import { createRoutes } from '#app/routes.tsx';
import { testConfig } from './test-config.ts';

/** Renders the real route table at `path` (in memory) with the app's providers. */
export function renderApp(path: string, config: RuntimeConfig = testConfig) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  const result = render(
    <AppProviders config={config} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}

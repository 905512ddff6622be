import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RuntimeConfig } from '@pca/contracts';
import { AppProviders } from '#app/app-providers.tsx';
import { createQueryClient } from '#app/query-client.ts';
import { setAppNavigate } from '#app/app-navigation.ts';
import { createRoutes } from '#app/routes.tsx';
import { testConfig } from './test-config.ts';

/** Renders the real route table at `path` (in memory) with the app's providers. */
export function renderApp(path: string, config: RuntimeConfig = testConfig) {
  const queryClient = createQueryClient();
  // The app's retries stay (a test can count them), but without the back-off a test would wait through.
  const defaultOptions = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({
    ...defaultOptions,
    queries: { ...defaultOptions.queries, retryDelay: 0 },
  });
  const { routes, patchRoutesOnNavigation } = createRoutes(() => Promise.resolve(queryClient));
  const router = createMemoryRouter(routes, { initialEntries: [path], patchRoutesOnNavigation });
  setAppNavigate((to) => void router.navigate(to));
  const result = render(
    <AppProviders config={config} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}

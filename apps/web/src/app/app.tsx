import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import type { RuntimeConfig } from '@pca/contracts';
import { AppProviders } from './app-providers.tsx';
import { setAppNavigate } from './app-navigation.ts';
import { appRoutes } from './routes.tsx';

/** Props of App. */
export type AppProps = {
  /** Runtime configuration, loaded before the app renders. */
  config: RuntimeConfig;
};

/** The SPA: providers around the data router. */
export function App({ config }: AppProps) {
  const [router] = useState(() => {
    const created = createBrowserRouter(appRoutes.routes, {
      patchRoutesOnNavigation: appRoutes.patchRoutesOnNavigation,
    });
    setAppNavigate((to) => void created.navigate(to));
    return created;
  });
  return (
    <AppProviders config={config}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

import { lazy, Suspense, useState } from 'react';
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

/**
 * TanStack Query's devtools on the development server; `import.meta.env.DEV` is false in a production
 * build, which drops the import, so neither the devtools nor their package reach its bundles.
 */
const QueryDevtools = import.meta.env.DEV ? lazy(() => import('./query-devtools.tsx')) : null;

let appRouter: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * The app's one router, created on first render (once the configuration is known). Not in a state
 * initialiser: the first render runs in a transition (main.tsx), which React may throw away and start
 * again, and a second router would then be listening to the same browser history.
 */
function theAppRouter() {
  if (!appRouter) {
    appRouter = createBrowserRouter(appRoutes.routes, {
      patchRoutesOnNavigation: appRoutes.patchRoutesOnNavigation,
    });
    const created = appRouter;
    setAppNavigate((to) => void created.navigate(to));
  }
  return appRouter;
}

/** The SPA: providers around the data router. */
export function App({ config }: AppProps) {
  const [router] = useState(theAppRouter);
  return (
    <AppProviders config={config}>
      <RouterProvider router={router} />
      {QueryDevtools && (
        <Suspense fallback={null}>
          <QueryDevtools />
        </Suspense>
      )}
    </AppProviders>
  );
}

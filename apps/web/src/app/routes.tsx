import { redirect, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { shellPages } from '@pca/contracts/shell-pages.ts';
import { HomePage } from '#features/home/routes/home-page.tsx';
import { loadQueryClient, withQueryClient } from './query-client-loader.ts';
import { RootLayout } from './layout/root-layout.tsx';
import type { RouteHandle } from './layout/route-handle.ts';
import { RouteErrorPage } from './layout/route-error-page.tsx';
import { StartupFallback } from './layout/startup-fallback.tsx';
import { PageFallback } from './layout/page-fallback.tsx';

/** What a router needs: the entry's routes and the discovery of the signed-in ones. */
export interface AppRoutes {
  routes: RouteObject[];
  patchRoutesOnNavigation: PatchRoutesOnNavigationFunction;
  /**
   * Adds the signed-in routes before the router is created, so that a signed-in start's first render is the
   * shell with the page's fallback in it, the frame a prerendered page holds (docs/decisions/076-prerendered-shell.md).
   */
  discoverSignedIn(): Promise<void>;
}

/**
 * The seeds' route table (docs/product/shell.md#routes). The entry holds the signed-out routes; the
 * signed-in ones (`signed-in-routes.ts`, in the signed-in shell's script) are added under the root the
 * first time the router meets an address these do not fully answer — React Router's lazy route
 * discovery — so a signed-out visit does not download them (docs/decisions/018-critical-path-javascript.md).
 * Every section renders once the query client has loaded (`queryClient`: the app's, or a test's).
 */
export function createRoutes(queryClient: () => Promise<QueryClient> = loadQueryClient): AppRoutes {
  let discovered = false;
  const routes = rootRoutes();
  return {
    routes,
    async discoverSignedIn() {
      const { signedInRoutes } = await import('./signed-in-routes.ts');
      if (discovered) return;
      routes[0]!.children!.push(...signedInRoutes(queryClient));
      discovered = true;
    },
    async patchRoutesOnNavigation({ patch, signal }) {
      if (discovered) return;
      const { signedInRoutes } = await import('./signed-in-routes.ts');
      // A navigation superseded while the module loaded patches nothing; the next one will.
      if (discovered || signal.aborted) return;
      patch('root', signedInRoutes(queryClient));
      discovered = true;
    },
  };
}

function rootRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      Component: RootLayout,
      ErrorBoundary: RouteErrorPage,
      // Only until the signed-in routes are discovered; a route being loaded shows its own fallback inside
      // the shell (docs/decisions/076-prerendered-shell.md).
      HydrateFallback: StartupFallback,
      children: [
        {
          index: true,
          handle: { title: 'Home' } satisfies RouteHandle,
          // Not lazy: the signed-out landing page renders with the entry, without a second round trip.
          Component: HomePage,
        },
        { path: 'home', loader: () => redirect(shellPages.home.href()) },
        {
          path: shellPages.auth.callback.route,
          handle: { title: 'Signing in' } satisfies RouteHandle,
          // The callback fills the query cache before it stores the session.
          lazy: () => withQueryClient(() => import('#features/auth/routes/callback-page.tsx')),
          HydrateFallback: PageFallback,
        },
        {
          path: shellPages.auth.inactiveUser.route,
          handle: { title: 'Account inactive' } satisfies RouteHandle,
          lazy: () => import('#features/inactive-user/routes/inactive-user-page.tsx'),
          HydrateFallback: PageFallback,
        },
        // Signed-out routes of the table that need no session.
        {
          path: shellPages.auth.smartCallback.route,
          handle: { title: 'Signing in' } satisfies RouteHandle,
          lazy: () => import('#features/auth/routes/smart-callback-page.tsx'),
          HydrateFallback: PageFallback,
        },
        {
          path: shellPages.auth.verifyEmail.route,
          handle: { title: 'Verify email' } satisfies RouteHandle,
          // Opened from a mailbox, signed in or not; the verification is a mutation of the query client.
          lazy: () =>
            withQueryClient(() => import('#features/profile/routes/verify-email-page.tsx')),
          HydrateFallback: PageFallback,
        },
        {
          path: shellPages.auth.privacy.route,
          loader: () => redirect(shellPages.home.href({ showDialog: 'privacy' })),
        },
        {
          path: shellPages.auth.practitionerPrivacy.route,
          loader: () => redirect(shellPages.home.href({ showDialog: 'privacy' })),
        },
        // Until the signed-in routes are discovered every other address lands here first; after
        // that, only addresses no route answers.
        { path: '*', loader: () => redirect(shellPages.home.href()) },
      ],
    },
  ];
}

/** The app's routes, guarded through the app's query client. */
export const appRoutes: AppRoutes = createRoutes();

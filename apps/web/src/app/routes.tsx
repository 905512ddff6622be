import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { pages } from '@pca/contracts/pages.ts';
import { HomePage } from '#features/home/routes/home-page.tsx';
import { requireSession } from '#lib/require-session.ts';
import type { GuardName } from './guards.ts';
import { loadQueryClient, withQueryClient } from './query-client-loader.ts';
import { routeTable } from './route-table.ts';
import { RootLayout } from './layout/root-layout.tsx';
import type { RouteHandle } from './layout/route-handle.ts';
import { RouteErrorPage } from './layout/route-error-page.tsx';
import { StartupFallback } from './layout/startup-fallback.tsx';

const delegatePagePaths = new Set(
  [
    pages.delegates.list,
    pages.delegates.assign,
    pages.delegates.resendInvite,
    pages.delegates.stop,
    pages.delegates.detailsUpdateResponse,
  ].map((p) => p.route),
);

/** The guards of a signed-in route (docs/product/rules.md#permissions), besides the session check every one of them has. */
function guardsFor(path: string): GuardName[] {
  // The dashboard is where users without an email are sent, so it cannot require one.
  if (path === 'welcome' || path.startsWith('welcome/')) return [];
  if (path === 'admin') return ['email', 'admin'];
  // The NHSD import writes into the organisation named by its query (docs/product/features.md#nhsd-import).
  if (path === 'nhsd-import') return ['email', 'organisationManager'];
  // A practitioner's own delegates; Managed accounts is the delegate's side and open to everyone signed in.
  if (delegatePagePaths.has(path)) return ['email', 'delegates'];
  return ['email'];
}

/**
 * The loader of a signed-in route. Without a session it sends the browser to sign in at once; the
 * guards and the query client they read load only when there is a session to check
 * (docs/decisions/018-critical-path-javascript.md).
 */
function guardedLoader(names: GuardName[], queryClient: () => Promise<QueryClient>) {
  return async (args: LoaderFunctionArgs) => {
    requireSession(args);
    const [{ guarded, guards }, client] = await Promise.all([import('./guards.ts'), queryClient()]);
    return guarded(
      names.map((name) => guards[name]),
      client,
    )(args);
  };
}

/**
 * The seeds' route table (docs/product/shell.md#routes), explicit; every section is lazy-loaded, and
 * renders once the query client has loaded (`queryClient`: the app's, or a test's).
 */
export function createRoutes(
  queryClient: () => Promise<QueryClient> = loadQueryClient,
): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      Component: RootLayout,
      ErrorBoundary: RouteErrorPage,
      HydrateFallback: StartupFallback,
      children: [
        {
          index: true,
          handle: { title: 'Home' } satisfies RouteHandle,
          // Not lazy: the signed-out landing page renders with the entry, without a second round trip.
          Component: HomePage,
        },
        { path: 'home', loader: () => redirect(pages.home.href()) },
        {
          path: pages.auth.callback.route,
          handle: { title: 'Signing in' } satisfies RouteHandle,
          // The callback fills the query cache before it stores the session.
          lazy: () => withQueryClient(() => import('#features/auth/routes/callback-page.tsx')),
        },
        {
          path: pages.auth.inactiveUser.route,
          handle: { title: 'Account inactive' } satisfies RouteHandle,
          lazy: () => import('#features/inactive-user/routes/inactive-user-page.tsx'),
        },
        // Signed-out routes of the table that need no session.
        {
          path: pages.auth.smartCallback.route,
          handle: { title: 'Signing in' } satisfies RouteHandle,
          lazy: () => import('#features/auth/routes/smart-callback-page.tsx'),
        },
        {
          path: pages.auth.verifyEmail.route,
          handle: { title: 'Verify email' } satisfies RouteHandle,
          lazy: () => import('#features/not-available/routes/not-available-page.tsx'),
        },
        {
          path: pages.auth.privacy.route,
          loader: () => redirect(pages.home.href({ showDialog: 'privacy' })),
        },
        {
          path: pages.auth.practitionerPrivacy.route,
          loader: () => redirect(pages.home.href({ showDialog: 'privacy' })),
        },
        ...routeTable.map((entry): RouteObject => ({
          path: entry.path,
          handle: { title: entry.title, parent: entry.parent } satisfies RouteHandle,
          ...(entry.session ? { loader: guardedLoader(guardsFor(entry.path), queryClient) } : {}),
          lazy: () => withQueryClient(entry.screen),
        })),
        // The design-system gallery (docs/product/features.md#design-system-gallery): sample data only, lazy so it adds nothing to other pages.
        {
          path: `${pages.designSystem.home.route}/*`,
          lazy: () => import('#features/design-system/routes.tsx'),
        },
        { path: '*', loader: () => redirect(pages.home.href()) },
      ],
    },
  ];
}

/** The app's routes, guarded through the app's query client. */
export const routes: RouteObject[] = createRoutes();

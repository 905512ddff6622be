import { redirect, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import {
  adminGuard,
  delegatesGuard,
  emailGuard,
  guarded,
  organisationManagerGuard,
  type Guard,
} from './guards.ts';
import { pages } from '@pca/contracts/pages.ts';
import { appQueryClient } from './query-client.ts';
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
function guardsFor(path: string): Guard[] {
  // The dashboard is where users without an email are sent, so it cannot require one.
  if (path === 'welcome' || path.startsWith('welcome/')) return [];
  if (path === 'admin') return [emailGuard, adminGuard];
  // The NHSD import writes into the organisation named by its query (docs/product/features.md#nhsd-import).
  if (path === 'nhsd-import') return [emailGuard, organisationManagerGuard];
  // A practitioner's own delegates; Managed accounts is the delegate's side and open to everyone signed in.
  if (delegatePagePaths.has(path)) return [emailGuard, delegatesGuard];
  return [emailGuard];
}

/** The seeds' route table (docs/product/shell.md#routes), explicit; every section is lazy-loaded. */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
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
          lazy: () => import('#features/home/routes/home-page.tsx'),
        },
        { path: 'home', loader: () => redirect(pages.home.href()) },
        {
          path: pages.auth.callback.route,
          handle: { title: 'Signing in' } satisfies RouteHandle,
          lazy: () => import('#features/auth/routes/callback-page.tsx'),
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
          ...(entry.session ? { loader: guarded(guardsFor(entry.path), queryClient) } : {}),
          lazy: entry.screen,
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
export const routes: RouteObject[] = createRoutes(appQueryClient);

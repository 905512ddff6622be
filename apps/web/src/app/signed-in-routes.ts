import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { pages } from '@pca/contracts/pages.ts';
import { requireSession } from '#lib/require-session.ts';
import type { GuardName } from './guards.ts';
import { withQueryClient } from './query-client-loader.ts';
import { routeTable } from './route-table.ts';
import type { RouteHandle } from './layout/route-handle.ts';
import { PageFallback } from './layout/page-fallback.tsx';

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
export function guardsFor(path: string): GuardName[] {
  // The dashboard is where users without an email are sent, so it cannot require one.
  if (path === 'welcome' || path.startsWith('welcome/')) return [];
  if (
    path === 'admin' ||
    path === 'client-system' ||
    path === 'publications' ||
    path === 'transfers' ||
    path === 'partner-identifier-system' ||
    path === 'partner-service' ||
    path.startsWith('partner-service/')
  )
    return ['email', 'admin'];
  // The operator's users (docs/decisions/063-users.md).
  if (path === pages.admin.users.route || path === pages.admin.user.route)
    return ['email', 'admin'];
  // The terminology's unmatched texts (docs/decisions/071-terminology-and-codes.md).
  if (path === pages.admin.terminology.route) return ['email', 'admin'];
  // The NHSD import writes into the organisation named by its query (docs/product/features.md#nhsd-import).
  if (path === 'nhsd-import') return ['email', 'organisationManager'];
  // A practitioner's own delegates; Managed accounts is the delegate's side and open to everyone signed in.
  if (delegatePagePaths.has(path)) return ['email', 'delegates'];
  // Key contacts need key-contact access (docs/product/key-contacts.md).
  if (path === 'key-contacts' || path.startsWith('key-contacts/')) return ['email', 'keyContacts'];
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
 * The signed-in part of the route table (docs/product/shell.md#routes) and the design-system gallery, as
 * children of the root route. The router discovers them on the first address the entry's own routes do
 * not answer (`routes.tsx`), so the table is not in the script every signed-out visit downloads
 * (docs/decisions/018-critical-path-javascript.md). Every section is lazy-loaded and renders once the
 * query client (`queryClient`: the app's, or a test's) has loaded.
 */
export function signedInRoutes(queryClient: () => Promise<QueryClient>): RouteObject[] {
  return [
    ...routeTable.map((entry): RouteObject => ({
      path: entry.path,
      handle: { title: entry.title, parent: entry.parent } satisfies RouteHandle,
      ...(entry.session ? { loader: guardedLoader(guardsFor(entry.path), queryClient) } : {}),
      lazy: () => withQueryClient(entry.screen),
      // Inside the shell, which stays mounted when the page arrives (docs/decisions/076-prerendered-shell.md);
      // the page's own skeleton where it has one, as its prerendered address shows (082).
      HydrateFallback: entry.skeleton ?? PageFallback,
    })),
    // The design-system gallery (docs/product/features.md#design-system-gallery): sample data only, lazy so it adds nothing to other pages.
    {
      path: `${pages.designSystem.home.route}/*`,
      lazy: () => import('#features/design-system/routes.tsx'),
      HydrateFallback: PageFallback,
    },
  ];
}

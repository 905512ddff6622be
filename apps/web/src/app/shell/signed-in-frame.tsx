import { lazy, Suspense } from 'react';
import { useLocation, useMatches } from 'react-router';
import { SideNavigation } from '@pca/ui/navigation/side-navigation.tsx';
import type { Breadcrumb } from '@pca/ui/breadcrumbs/breadcrumbs.tsx';
import { layout } from '@pca/contracts/constants.ts';
import { pages } from '@pca/contracts/pages.ts';
import { useCapabilities } from '#lib/capabilities.ts';
import type { RouteHandle } from '../layout/route-handle.ts';
import { routeTable } from '../route-table.ts';
import { BreadcrumbsPlaceholder, routeShowsBreadcrumbs } from '../layout/breadcrumbs-slot.tsx';
import { sideNavHighlight, sideNavLinks } from './navigation-rules.ts';
import { useSideNavigationShown } from './use-wide-screen.ts';

// Loaded only for pages below the dashboard: the dashboard shows no breadcrumbs.
const Breadcrumbs = lazy(async () => ({
  default: (await import('@pca/ui/breadcrumbs/breadcrumbs.tsx')).Breadcrumbs,
}));

/** The side navigation (docs/product/shell.md#side-navigation): 120 px, items by permission, one active by route. */
export function ShellSideNavigation() {
  // Below md its column is hidden (root-layout.tsx): a phone's first screen does not show it, so nothing of it
  // is mounted there — no elements, no styles inserted (issue 37, docs/decisions/076-prerendered-shell.md).
  if (!useSideNavigationShown()) return null;
  return <SideNavigationOfRoute />;
}

function SideNavigationOfRoute() {
  const location = useLocation();
  const access = useCapabilities();
  const links =
    access.status === 'ready'
      ? sideNavLinks(access.user, access.capabilities)
      : [{ item: 'home' as const, label: 'Home', href: pages.welcome.dashboard.href() }];
  const active = sideNavHighlight(location.pathname, location.search);
  return (
    <SideNavigation
      title="Menu"
      items={links.map(({ label, href }) => ({ label, href }))}
      activePath={links.find((l) => l.item === active)?.href ?? location.pathname}
      width={layout.sideNavWidth}
    />
  );
}

const titleOf = new Map(routeTable.map((r) => [r.path, r]));

/** The trail from Home to a route, following each route table entry's `parent` (docs/product/shell.md#layout). */
export function breadcrumbTrail(handle: RouteHandle | undefined): Breadcrumb[] {
  if (!handle?.title) return [];
  const ancestors: Breadcrumb[] = [];
  const seen = new Set<string>();
  let parent = handle.parent;
  while (parent && parent !== 'welcome' && !seen.has(parent)) {
    seen.add(parent);
    const entry = titleOf.get(parent);
    if (!entry) break;
    // Breadcrumb parents take no parameters, so their pattern is their address.
    ancestors.unshift({ label: entry.title, href: entry.page.pattern });
    parent = entry.parent;
  }
  return [
    { label: 'Home', href: pages.welcome.dashboard.href() },
    ...ancestors,
    { label: handle.title },
  ];
}

/** Breadcrumbs of the current route (signed in only), derived from the route table. */
export function ShellBreadcrumbs() {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as RouteHandle | undefined;
  if (!routeShowsBreadcrumbs(matches)) return null;
  const trail = breadcrumbTrail(handle);
  return (
    <Suspense fallback={<BreadcrumbsPlaceholder />}>
      <Breadcrumbs links={trail} />
    </Suspense>
  );
}

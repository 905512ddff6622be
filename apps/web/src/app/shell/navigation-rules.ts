import { pages } from '@pca/contracts/pages.ts';
import type { Capabilities, CurrentUser } from '@pca/contracts';
import { hasRole } from '@pca/contracts/capabilities.ts';

/** The header's navigation items (docs/product/shell.md#layout). */
export type HeaderItem = 'home' | 'tasks' | 'sites' | 'publishing' | 'businesses';

/** The side navigation's items (docs/product/shell.md#side-navigation). */
export type SideNavItem = 'home' | 'businesses' | 'practitioners' | 'publishing';

const startsWithAny = (path: string, prefixes: string[]) =>
  prefixes.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`));

/** '/welcome/' and '/welcome' are the same route to the highlighting rules. */
const withoutTrailingSlash = (pathname: string) =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

/** bank-account routes count as the practitioner's own only when the query names a practitionerId. */
const isPractitionerBankAccount = (path: string, query: URLSearchParams) =>
  startsWithAny(path, ['/bank-account']) && query.has('practitionerId');

/** Routes on which the header highlights nothing instead of defaulting to Businesses. */
function isPersonalRoute(path: string, query: URLSearchParams): boolean {
  return (
    startsWithAny(path, [
      '/admin',
      '/audit-events',
      '/credential-document',
      '/credential-documents',
      '/manage-accounts',
      '/profile',
      '/practitioner-profile',
    ]) ||
    path.includes('delegat') ||
    isPractitionerBankAccount(path, query)
  );
}

/** Which header item is highlighted on a route (docs/product/shell.md#layout), or null for none. */
export function headerHighlight(pathname: string, search: string): HeaderItem | null {
  const query = new URLSearchParams(search);
  const path = withoutTrailingSlash(pathname);
  if (path === '/' || path === '/welcome' || path.startsWith('/welcome/')) return 'home';
  if (
    startsWithAny(path, ['/tasks-notifications']) &&
    !startsWithAny(path, ['/tasks-notifications/notifications'])
  )
    return 'tasks';
  if (startsWithAny(path, ['/my-workplaces']) || query.get('from') === 'Sites') return 'sites';
  if (startsWithAny(path, ['/practitioner/publish'])) return 'publishing';
  if (isPersonalRoute(path, query)) return null;
  return 'businesses';
}

/** Which side navigation item is active on a route (docs/product/shell.md#side-navigation), or null for none. */
export function sideNavHighlight(pathname: string, search: string): SideNavItem | null {
  const query = new URLSearchParams(search);
  const path = withoutTrailingSlash(pathname);
  if (path === '/welcome' || path.startsWith('/welcome/')) return 'home';
  if (startsWithAny(path, ['/practitioners', '/practitioner-role/add'])) return 'practitioners';
  if (startsWithAny(path, ['/publishing', '/publish-selector', '/practitioner/publish']))
    return 'publishing';
  if (
    startsWithAny(path, [
      '/organisation',
      '/healthcare-service',
      '/location',
      '/admin',
      '/audit-events',
      '/credential-document',
      '/credential-documents',
      '/manage-accounts',
      '/partner-service',
    ]) ||
    path.startsWith('/profile/') ||
    path.startsWith('/practitioner-profile/') ||
    path.includes('delegat') ||
    isPractitionerBankAccount(path, query)
  )
    return 'businesses';
  return null;
}

/** The side navigation's Publishing target (docs/product/shell.md#side-navigation). */
export function publishingLink(
  user: Pick<CurrentUser, 'isPractitioner' | 'roles' | 'managingPractitioner'>,
): string {
  if (user.isPractitioner && hasRole(user, 'OrganisationManager')) return '/publishing';
  if (user.isPractitioner || user.managingPractitioner) return '/practitioner/publish';
  return '/publish-selector';
}

/** One side navigation link. */
export type SideNavLink = { item: SideNavItem; label: string; href: string };

/** The side navigation's items and targets for a user (docs/product/shell.md#side-navigation). */
export function sideNavLinks(
  user: Pick<
    CurrentUser,
    'isProfileComplete' | 'isPractitioner' | 'roles' | 'managingPractitioner'
  >,
  caps: Pick<Capabilities, 'viewBusinesses' | 'accessPractitioners' | 'accessPublishing'>,
): SideNavLink[] {
  const links: SideNavLink[] = [
    { item: 'home', label: 'Home', href: pages.welcome.dashboard.href() },
  ];
  if (!user.isProfileComplete) return links;
  if (caps.viewBusinesses)
    links.push({ item: 'businesses', label: 'Businesses', href: pages.organisations.list.href() });
  if (caps.accessPractitioners)
    links.push({
      item: 'practitioners',
      label: 'Practitioners',
      href: pages.practitioners.list.href(),
    });
  if (caps.accessPublishing)
    links.push({ item: 'publishing', label: 'Publishing', href: publishingLink(user) });
  return links;
}

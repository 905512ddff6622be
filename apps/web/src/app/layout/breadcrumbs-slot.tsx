import type { UIMatch } from 'react-router';
import type { RouteHandle } from './route-handle.ts';

/**
 * Whether the current route shows breadcrumbs: signed-in pages with a title, except the dashboard,
 * which is Home itself (a single crumb would only repeat the heading). Eager and tiny, so the layout
 * can hold the breadcrumbs' row before their code arrives.
 */
export function routeShowsBreadcrumbs(matches: UIMatch[]): boolean {
  const last = matches.at(-1);
  const handle = last?.handle as RouteHandle | undefined;
  return Boolean(handle?.title) && last?.pathname.replace(/\/$/, '') !== '/welcome';
}

/**
 * The breadcrumbs' row (one line of small text, 1.5rem at every width) while their code loads: the
 * page below starts where it will stay instead of moving down when they appear (no layout shift).
 */
export function BreadcrumbsPlaceholder() {
  return <div aria-hidden="true" style={{ height: '1.5rem' }} />;
}

import { createElement, type AnchorHTMLAttributes, type ComponentType } from 'react';
import { useLinkComponent } from '@ag.ds-next/react/core';

/**
 * The href to mark as current for `activePath`: the one equal to it, else the longest that leads to it (a page below a
 * section marks the section: `/organisation` for `/organisation/12`), as AgDS's navigation components choose,
 * but only at a path boundary (`/organisation` is not marked for `/organisations`).
 */
export function bestMatch(
  hrefs: readonly string[],
  activePath: string | undefined,
): string | undefined {
  if (!activePath) return undefined;
  let best: string | undefined;
  for (const href of hrefs) {
    if (href === activePath) return href;
    const below = activePath.startsWith(href.endsWith('/') ? href : `${href}/`);
    if (below && href.length > (best?.length ?? 0)) best = href;
  }
  return best;
}

/**
 * An anchor through AgDS's link component (the router's, in the app), typed for every anchor attribute:
 * AgDS's `LinkProps` list only some, but the app's adapter (apps/web/src/app/link-adapter.tsx) hands them
 * all to its `<a>`, and the menus need `tabIndex` and `role` on theirs.
 */
export function NavAnchor(props: AnchorHTMLAttributes<HTMLAnchorElement>) {
  return createElement(
    useLinkComponent() as ComponentType<AnchorHTMLAttributes<HTMLAnchorElement>>,
    props,
  );
}

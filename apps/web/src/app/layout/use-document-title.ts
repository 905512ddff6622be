import { useEffect } from 'react';
import { useMatches } from 'react-router';
import type { RouteHandle } from './route-handle.ts';

/** The deepest matched route's title, from its `handle`. */
function useRouteTitle(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const title = (matches[i]?.handle as RouteHandle | undefined)?.title;
    if (title) return title;
  }
  return undefined;
}

/** Sets the tab title to `{route title} - {product name}` (docs/product/shell.md#layout). */
export function useDocumentTitle(productName: string): void {
  const title = useRouteTitle();
  useEffect(() => {
    document.title = title ? `${title} - ${productName}` : productName;
  }, [title, productName]);
}

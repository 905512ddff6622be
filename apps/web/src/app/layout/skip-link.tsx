import type { MouseEvent } from 'react';
import { SkipLinks } from '@pca/ui/primitives/skip-link.ts';

/** Props of SkipLink. */
export type SkipLinkProps = {
  /** The id of the main landmark; the link's fallback target when the page has no h1 yet. */
  mainId: string;
};

/** Moves focus to the first level-one heading of the main content instead of the landmark (docs/product/shell.md#layout). */
function focusFirstHeading(event: MouseEvent<HTMLElement>, mainId: string): void {
  if (!(event.target instanceof Element) || !event.target.closest('a')) return;
  const main = document.getElementById(mainId);
  const target = main?.querySelector<HTMLElement>('h1') ?? main;
  if (!target) return;
  event.preventDefault();
  // Headings are not focusable by default; -1 lets script focus them without adding a tab stop.
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
  target.scrollIntoView?.();
}

/** AgDS skip links with one "Skip to main content" link (visually hidden until focused). */
export function SkipLink({ mainId }: SkipLinkProps) {
  return (
    // The click is handled here because AgDS skip links take no click handler of their own.
    <div onClickCapture={(event) => focusFirstHeading(event, mainId)}>
      <SkipLinks links={[{ label: 'Skip to main content', href: `#${mainId}` }]} />
    </div>
  );
}

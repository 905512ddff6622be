import { useCallback, useEffect, useRef, type RefObject } from 'react';

// Where focus goes when an in-page change takes away the control that held it (a form opening in place of its
// Edit button, Cancel closing it, a save replacing it with a message): without a move, focus falls to <body>
// and keyboard and screen reader users lose their place (WCAG 2.4.3).

/** Something that gives the element to focus once the page has rendered, or nothing when it is gone. */
export type FocusTarget = () => HTMLElement | null | undefined;

/**
 * Focuses `element`. A heading is not focusable of itself: it gets tabindex -1 first, which lets script focus it
 * without adding a Tab stop.
 */
export function focusElement(element: HTMLElement | null | undefined): void {
  if (!element) return;
  if (/^H[1-6]$/.test(element.tagName) && !element.hasAttribute('tabindex'))
    element.setAttribute('tabindex', '-1');
  element.focus();
}

/** The first heading in `container`, else its first field: where focus goes when a form opens there. */
export function firstHeadingOrField(container: HTMLElement | null | undefined): HTMLElement | null {
  return (
    container?.querySelector<HTMLElement>('h1, h2, h3, h4, h5, h6') ??
    container?.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea') ??
    null
  );
}

/**
 * Moves focus after the change a handler makes: `focusAfterRender(target)` in the handler, before or after its
 * state updates, and `target` is focused once the component has rendered them (the new element is on the page).
 */
export function useFocusAfterRender(): (target: FocusTarget) => void {
  const pending = useRef<FocusTarget | null>(null);
  useEffect(() => {
    const target = pending.current;
    if (!target) return;
    pending.current = null;
    focusElement(target());
  });
  return useCallback((target: FocusTarget) => {
    pending.current = target;
  }, []);
}

/**
 * Focuses a message as it appears, so it is announced and Tab goes on from it: whenever `key` changes to a
 * truthy value, the first element made focusable for this inside the returned ref's element (a focusable Alert,
 * tabindex -1) takes focus, else the element itself. Give a new key for each outcome (the saved data, the time).
 */
export function useFocusWhenShown<T extends HTMLElement = HTMLDivElement>(
  key: unknown,
): RefObject<T | null> {
  const ref = useRef<T | null>(null);
  useEffect(() => {
    if (!key) return;
    const container = ref.current;
    focusElement(container?.querySelector<HTMLElement>('[tabindex="-1"]') ?? container);
  }, [key]);
  return ref;
}

import { useSyncExternalStore } from 'react';

/**
 * AgDS's `lg` breakpoint: from here the navigation bar shows its items; below it they live in the
 * menu drawer (and the side navigation disappears below `md`).
 */
export const WIDE_SCREEN_QUERY = '(min-width: 992px)';

function subscribe(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(WIDE_SCREEN_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

// Without matchMedia (jsdom, very old browsers) the desktop layout is the safe default.
const isWide = () =>
  typeof window.matchMedia !== 'function' || window.matchMedia(WIDE_SCREEN_QUERY).matches;

/** Whether the screen is wide enough for the desktop navigation bar; follows resizes. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, isWide, () => true);
}

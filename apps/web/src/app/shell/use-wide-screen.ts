import { useSyncExternalStore } from 'react';

/**
 * AgDS's `lg` breakpoint: from here the navigation bar shows its items; below it they live in the
 * menu drawer (and the side navigation disappears below `md`).
 */
export const WIDE_SCREEN_QUERY = '(min-width: 992px)';

/** AgDS's `md` breakpoint: from here the side navigation shows (root-layout.tsx hides its column below it). */
export const SIDE_NAVIGATION_QUERY = '(min-width: 768px)';

function subscribeTo(media: string) {
  return (onChange: () => void) => {
    if (typeof window.matchMedia !== 'function') return () => undefined;
    const query = window.matchMedia(media);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  };
}

const subscribers = new Map<string, (onChange: () => void) => () => void>();

/** Whether `media` matches; follows resizes. Without matchMedia (jsdom, very old browsers) the desktop layout is the safe default. */
function useMedia(media: string): boolean {
  let subscribe = subscribers.get(media);
  if (!subscribe) subscribers.set(media, (subscribe = subscribeTo(media)));
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia !== 'function' || window.matchMedia(media).matches,
    () => true,
  );
}

/** Whether the screen is wide enough for the desktop navigation bar; follows resizes. */
export function useWideScreen(): boolean {
  return useMedia(WIDE_SCREEN_QUERY);
}

/** Whether the screen is wide enough for the side navigation; follows resizes. */
export function useSideNavigationShown(): boolean {
  return useMedia(SIDE_NAVIGATION_QUERY);
}

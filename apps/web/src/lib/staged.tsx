import { useDeferredValue, type ReactNode } from 'react';

/**
 * Shows `placeholder` in the commit that mounts it and `children` from a background render committed on
 * its own afterwards (docs/decisions/018-critical-path-javascript.md, amendment of 26 November 2026).
 *
 * React can slice a background render but never a commit: everything a commit mounts — its DOM, Emotion's
 * style rules, its effects — runs in one task. A part that mounts together with the rest of the page makes
 * that task longer on a slow phone; staged, it becomes a task of its own. The placeholder must hold the
 * space of what replaces it, so nothing moves.
 */
export function Staged({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : placeholder;
}

/**
 * How many of `count` items to show: `first` in the commit that mounts the list, all of them from a
 * background render right after (see Staged). Later changes of `count` follow in a background render.
 */
export function useStagedCount(count: number, first: number): number {
  return useDeferredValue(count, Math.min(count, first));
}

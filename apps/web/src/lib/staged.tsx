import { startTransition, useDeferredValue, useEffect, useState, type ReactNode } from 'react';

/**
 * Shows `placeholder` in the commit that mounts it and `children` from a background render committed on
 * its own afterwards (docs/decisions/044-staged-commits-practitioners-without-zod.md).
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
 * How many of `count` items to show: `first` in the commit that mounts the list, then `first` more in each
 * following commit, each rendered in the background (a transition) and committed in a task of its own, until
 * all are shown. A commit of five practitioner rows stays under 50 ms at Lighthouse's 4× slowdown; fifteen did
 * not (docs/decisions/045-welcome-target-met-roles-table-on-reach.md). A list that grows
 * later goes on from what is shown, `first` more per commit; one that keeps its length (another page of
 * results) shows whole at once.
 */
export function useStagedCount(count: number, first: number): number {
  const [staged, setStaged] = useState(() => Math.min(count, first));
  useEffect(() => {
    if (staged >= count) return;
    startTransition(() => setStaged(Math.min(count, staged + first)));
  }, [staged, count, first]);
  return Math.min(staged, count);
}

import { useEffect, useState } from 'react';
import { tabIndexFor } from '#lib/business/tab-query.ts';

/** The `tab` query is applied a moment after the tabs appear (docs/product/features.md#profile). */
export const TAB_SELECT_DELAY_MS = 250;

/** The selected tab: the one the `tab` query names (by label), about 250 ms after `ready`. */
export function useTabFromQuery(labels: readonly string[], tab: string | null, ready: boolean) {
  const [active, setActive] = useState(0);
  useEffect(() => {
    if (!ready || !tab) return;
    const timer = setTimeout(() => setActive(tabIndexFor(labels, tab)), TAB_SELECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [labels, tab, ready]);
  return [active, setActive] as const;
}

import { Loading } from '@pca/ui/loading/loading.tsx';

/**
 * Shown in the main area while a page's code and data load on the first visit, inside the shell's frame,
 * which a prerendered page has painted before any script ran: the frame stays mounted when the page arrives
 * (docs/decisions/076-prerendered-shell.md).
 */
export function PageFallback() {
  return <Loading message="Loading.." />;
}

import { LoadingBlanket } from '@pca/ui/primitives/loading.ts';

/** Shown while the first route's code and data load. */
export function StartupFallback() {
  return <LoadingBlanket fullScreen label="Loading Provider Connect Australia.." />;
}

import { LoadingBlanket } from '@ag.ds-next/react/loading';

/** Shown while the first route's code and data load. */
export function StartupFallback() {
  return <LoadingBlanket fullScreen label="Loading Provider Connect Australia.." />;
}

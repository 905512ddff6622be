import { lazy, Suspense, useEffect } from 'react';
import { useRouteError } from 'react-router';

// Lazy so the alert (and the icon set it brings) is not part of every page's start-up JS.
const RouteErrorContent = lazy(async () => ({
  default: (await import('./route-error-content.tsx')).RouteErrorContent,
}));

/** Shown when a route fails to load or render (e.g. a lazy section could not be fetched). */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Route error', error);
  }, [error]);
  return (
    <Suspense fallback={<p role="status">Something went wrong. Loading details..</p>}>
      <RouteErrorContent error={error} />
    </Suspense>
  );
}

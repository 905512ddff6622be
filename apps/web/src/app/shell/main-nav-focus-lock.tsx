import { lazy, Suspense, type ComponentProps } from 'react';
import type ReactFocusLock from 'react-focus-lock';

// The real focus lock (react-focus-lock, focus-lock, use-sidecar: about 6 KB gzip) loads when first used.
const RealFocusLock = lazy(() => import('react-focus-lock'));

/**
 * Stands in for `react-focus-lock` inside AgDS MainNav (see vite.config.ts). MainNav renders its focus lock
 * only in the open mobile menu dialog, so the lock's code stays off every page load; the dialog appears
 * once it has loaded, with the same focus trapping and return focus.
 */
export default function MainNavFocusLock(props: ComponentProps<typeof ReactFocusLock>) {
  return (
    <Suspense fallback={null}>
      <RealFocusLock {...props} />
    </Suspense>
  );
}

import { lazy, Suspense } from 'react';
import { SkeletonText } from '@pca/ui/primitives/skeleton.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import type { PartnerPublicationsProps } from './partner-publications.tsx';

// The entity pages open on their Details tab: the choices' code (switch, dialog, card) loads only when the
// Partner services tab is shown, so the pages' first render does not wait for it
// (docs/decisions/018-critical-path-javascript.md).
const PartnerPublications = lazy(() =>
  import('./partner-publications.tsx').then((m) => ({ default: m.PartnerPublications })),
);

/** Three partners' worth of lines while the choices load, so the tab keeps its height. */
export function PartnerPublicationsSkeleton() {
  return (
    <Stack gap={1} aria-busy="true" aria-label="Loading partner services">
      {[1, 2, 3].map((n) => (
        <Stack key={n} gap={0.5}>
          <SkeletonText width="40%" />
          <SkeletonText width="70%" />
          <SkeletonText width="55%" />
        </Stack>
      ))}
    </Stack>
  );
}

/** The Partner services tab of an organisation, location or healthcare service. */
export function PartnerPublicationsTab(props: PartnerPublicationsProps) {
  return (
    <Suspense fallback={<PartnerPublicationsSkeleton />}>
      <PartnerPublications {...props} />
    </Suspense>
  );
}

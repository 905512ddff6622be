import { lazy, Suspense } from 'react';
import type { PublicationLevel } from '@pca/contracts';
import type { TabItem } from '@pca/ui';
import type { PartnerPublicationsProps } from './partner-publications.tsx';
import { PartnerPublicationsSkeleton } from './partner-publications-skeleton.tsx';

// The entity pages open on their Details tab: the choices' code (switch, dialog, card) loads only when the
// Partner services tab is shown, so the pages' first render does not wait for it
// (docs/decisions/018-critical-path-javascript.md).
const PartnerPublications = lazy(() =>
  import('./partner-publications.tsx').then((m) => ({ default: m.PartnerPublications })),
);

/** The Partner services tab of an organisation, location or healthcare service. */
export function PartnerPublicationsTab(props: PartnerPublicationsProps) {
  return (
    <Suspense fallback={<PartnerPublicationsSkeleton />}>
      <PartnerPublications {...props} />
    </Suspense>
  );
}

/** The Partner services tab (label and content) of an organisation, location or healthcare service, its last. */
export function partnerServicesTab(level: PublicationLevel, id: string): TabItem {
  return { label: 'Partner services', content: <PartnerPublicationsTab level={level} id={id} /> };
}

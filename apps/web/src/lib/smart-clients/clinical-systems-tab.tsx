import { lazy, Suspense } from 'react';
import type { TabItem } from '@pca/ui';
import { Loading } from '@pca/ui/loading/loading.tsx';

// The organisation page opens on its Details tab: the connections' code loads only when this tab is shown
// (docs/decisions/018-critical-path-javascript.md).
const ClinicalSystems = lazy(() =>
  import('./clinical-systems.tsx').then((m) => ({ default: m.ClinicalSystems })),
);

/** The label of the tab, which the launch pages select by name. */
export const CLINICAL_SYSTEMS_TAB = 'Clinical systems';

/**
 * The Clinical systems tab of an organisation, for its managers: its connections to clinical information
 * systems, the caller's sign-in to each, and the launch (docs/product/smart-clients.md).
 */
export function clinicalSystemsTab(organisationId: string): TabItem {
  return {
    label: CLINICAL_SYSTEMS_TAB,
    content: (
      <Suspense fallback={<Loading message="Loading clinical systems" />}>
        <ClinicalSystems organisationId={organisationId} />
      </Suspense>
    ),
  };
}

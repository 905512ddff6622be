import { lazy, Suspense } from 'react';
import type { TabItem } from '@pca/ui';
import { credentialDocumentMessages as messages } from '@pca/contracts/credential-documents-paths.ts';
import { Loading } from '@pca/ui/loading/loading.tsx';

// The organisation page opens on its Details tab: the shared documents' code loads only when this tab is shown
// (docs/decisions/018-critical-path-javascript.md).
const SharedDocuments = lazy(() =>
  import('./shared-documents.tsx').then((m) => ({ default: m.SharedDocuments })),
);

/**
 * The Credential documents tab of an organisation, for its OrganisationManagers: what its practitioners have
 * shared with it (docs/decisions/057-credential-documents.md).
 */
export function sharedDocumentsTab(organisationId: string): TabItem {
  return {
    label: messages.sharedTab,
    content: (
      <Suspense fallback={<Loading message={messages.loading} />}>
        <SharedDocuments organisationId={organisationId} />
      </Suspense>
    ),
  };
}

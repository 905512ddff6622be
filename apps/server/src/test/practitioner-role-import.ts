import { practitionerRoleImportPages, practitionerRoleImportRuns } from '#db/schema/index.ts';
import { demoId, demoIds } from '#db/seed/ids.ts';
import type { TestApp } from './test-app.ts';

/**
 * Practitioner role import runs the reliability suite's calls name (the demo world seeds none: a run is what a
 * manager read from a clinical system a moment ago): Alice's, on Harbour Medical Group, read to the end (an
 * empty page), one to read and preview, one to import and one to cancel.
 */
export const plantedImportRuns = {
  read: demoId('practitioner-role-import-run', 'alice-read'),
  import: demoId('practitioner-role-import-run', 'alice-import'),
  cancel: demoId('practitioner-role-import-run', 'alice-cancel'),
} as const;

/** Inserts the planted runs. */
export async function plantImportRuns(t: Pick<TestApp, 'db'>) {
  const ids = Object.values(plantedImportRuns);
  await t.db.insert(practitionerRoleImportRuns).values(
    ids.map((id) => ({
      id,
      connectionId: demoId('smart-connection', 'harbour'),
      connectionName: 'Harbour clinical software',
      organisationId: demoIds.organisation('harbour-group'),
      userId: demoIds.user('alice'),
      pagesRead: 1,
      done: true,
    })),
  );
  await t.db
    .insert(practitionerRoleImportPages)
    .values(ids.map((runId) => ({ runId, pageNumber: 1, resources: [] })));
}

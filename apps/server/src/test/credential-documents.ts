import { Readable } from 'node:stream';
import { credentialDocumentShares, credentialDocuments } from '#db/schema/index.ts';
import { demoId, demoIds } from '#db/seed/ids.ts';
import { newStorageKey } from '#platform/storage/document-storage.ts';
import { documentStorageOf } from '#platform/storage/storage-of.ts';
import type { TestApp } from './test-app.ts';
import { craftPdf } from './multipart.ts';

/**
 * Credential documents the reliability suite's calls name (the demo world seeds none: a document is a file
 * in storage as well as a row): Alice's, shared with Harbour Medical Group, and Farah's, shared with Harbour
 * too (planted as a row, past the rule that she may share only where she holds a current role), so that a
 * manager who is not the document's practitioner — Alice, Harbour's OrganisationManager — reads one.
 */
export const plantedDocuments = {
  alice: demoId('credential-document', 'alice-indemnity'),
  farah: demoId('credential-document', 'farah-registration'),
} as const;

/** Stores the planted documents' files and rows in a test app's storage and database. */
export async function plantCredentialDocuments(t: Pick<TestApp, 'db' | 'config'>) {
  const storage = documentStorageOf(t.config);
  const harbour = demoIds.organisation('harbour-group');
  for (const [who, id] of Object.entries(plantedDocuments)) {
    const pdf = craftPdf(`Credential document of ${who}`);
    const storageKey = newStorageKey('credential-documents');
    await storage.put(storageKey, Readable.from([pdf]));
    await t.db.insert(credentialDocuments).values({
      id,
      practitionerId: demoIds.practitioner(who),
      type: who === 'alice' ? 'ProfessionalIndemnityInsurance' : 'RegistrationCertificate',
      title: '',
      issueDate: '2026-07-01',
      expiryDate: '2027-06-30',
      fileName: `${who}.pdf`,
      mediaType: 'application/pdf',
      sizeBytes: pdf.length,
      storageKey,
      sha256: '0'.repeat(64),
    });
    await t.db.insert(credentialDocumentShares).values({ documentId: id, organisationId: harbour });
  }
}

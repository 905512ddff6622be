import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  CredentialDocument,
  CredentialDocumentDetails,
  CredentialDocuments,
} from '@pca/contracts';
import {
  credentialDocumentApiPath,
  credentialDocumentApiPaths as paths,
  credentialDocumentFileApiPath,
  credentialDocumentParts,
} from '@pca/contracts/credential-documents-paths.ts';
import { downloadFile, http } from '#lib/http.ts';
import { httpQuery } from '#lib/http-query.ts';
import { useRefreshingWrite } from '#lib/refreshing-write.ts';

/** Every query of these pages lives under this key; each change refetches it. */
const root = ['credential-documents'] as const;

/**
 * What else a change, a new file or a removal changes: the server completes the document's open expiry
 * reminders (docs/decisions/057-credential-documents.md), so the task lists and the tabs' counts
 * ('Open (n)') are read again — the tasks feature's keys, which this feature cannot import.
 */
const tasksKey = ['tasks'] as const;
const tasksNotificationsCountsKey = ['tasks-notifications', 'counts'] as const;

/** The practitioner's documents (own, or the managed practitioner's) and whom they may share with. */
export function useCredentialDocuments() {
  return useQuery(httpQuery<CredentialDocuments>([...root, 'list'], paths.list));
}

/** One of the practitioner's documents. */
export function useCredentialDocument(id: string) {
  return useQuery(
    httpQuery<CredentialDocument>([...root, 'item', id], credentialDocumentApiPath(id)),
  );
}

/** The upload's form: the details first, then the file, as the API reads them. */
function uploadForm(file: File, details?: CredentialDocumentDetails) {
  const form = new FormData();
  if (details) form.append(credentialDocumentParts.details, JSON.stringify(details));
  form.append(credentialDocumentParts.file, file, file.name);
  return form;
}

export const useAddCredentialDocument = () =>
  useRefreshingWrite(
    root,
    ({ details, file }: { details: CredentialDocumentDetails; file: File }) =>
      http<CredentialDocument>(paths.list, { method: 'POST', body: uploadForm(file, details) }),
  );

export const useUpdateCredentialDocument = () =>
  useRefreshingWrite(
    root,
    ({ id, details }: { id: string; details: CredentialDocumentDetails }) =>
      http<CredentialDocument>(credentialDocumentApiPath(id), { method: 'PUT', body: details }),
    tasksKey,
    tasksNotificationsCountsKey,
  );

export const useReplaceCredentialDocumentFile = () =>
  useRefreshingWrite(
    root,
    ({ id, file }: { id: string; file: File }) =>
      http<CredentialDocument>(credentialDocumentFileApiPath(id), {
        method: 'PUT',
        body: uploadForm(file),
      }),
    tasksKey,
    tasksNotificationsCountsKey,
  );

export const useRemoveCredentialDocument = () =>
  useRefreshingWrite(
    root,
    (id: string) => http<null>(credentialDocumentApiPath(id), { method: 'DELETE' }),
    tasksKey,
    tasksNotificationsCountsKey,
  );

/** Saves the document's file (the browser's download). */
export const useDownloadCredentialDocument = () =>
  useMutation({ mutationFn: (id: string) => downloadFile(credentialDocumentFileApiPath(id)) });

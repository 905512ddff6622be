import { useState } from 'react';
import { useParams } from 'react-router';
import { credentialDocumentMessages as messages } from '@pca/contracts/credential-documents-paths.ts';
import { Alert } from '@pca/ui/alert/alert.tsx';
import { Button } from '@pca/ui/button/button.tsx';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Loading } from '@pca/ui/loading/loading.tsx';
import { QueryView } from '#lib/query-view.tsx';
import {
  useCredentialDocument,
  useCredentialDocuments,
  useReplaceCredentialDocumentFile,
  useUpdateCredentialDocument,
} from '../api/credential-documents.ts';
import { DocumentForm } from '../components/document-form.tsx';
import { nameOf, useReturnToList } from '../components/outcome.ts';

/** Said when the new file was saved but the details were not: Save then sends only the details. */
const fileSavedTexts = {
  title: (fileName: string) => `The new file ${fileName} was saved`,
  text: 'Your other changes were not saved. Select Save to try again.',
} as const;

/**
 * Edit credential document: its details and sharing, and, optionally, a new file in place of the old one
 * (the file first: a refused file changes nothing). Once the new file is saved the picker is emptied, so when
 * the details then fail, trying again sends the details alone, not the file a second time.
 */
export function EditCredentialDocumentPage() {
  const { id = '' } = useParams();
  const document = useCredentialDocument(id);
  const list = useCredentialDocuments();
  const update = useUpdateCredentialDocument();
  const replace = useReplaceCredentialDocumentFile();
  const returnToList = useReturnToList();
  // The new file's name once it replaced the old one (until another file is sent).
  const [fileSaved, setFileSaved] = useState<string | null>(null);

  return (
    <Stack gap={2}>
      <H1>{messages.editTitle}</H1>
      <QueryView
        query={document}
        loading={<Loading message={messages.loading} />}
        thing="this credential document"
      >
        {(current) => (
          <QueryView
            query={list}
            loading={<Loading message={messages.loading} />}
            thing={messages.loadThing}
          >
            {({ organisations }) => (
              <DocumentForm
                document={current}
                organisations={organisations}
                submitLabel={messages.save}
                saving={update.isPending || replace.isPending}
                serverError={replace.error ?? update.error}
                notice={
                  fileSaved && update.isError ? (
                    <Alert tone="info" title={fileSavedTexts.title(fileSaved)}>
                      {fileSavedTexts.text}
                    </Alert>
                  ) : null
                }
                onSubmit={async ({ details, file }, clearFile) => {
                  if (file) {
                    setFileSaved(null);
                    const replaced = await replace.mutateAsync({ id, file }).catch(() => null);
                    if (!replaced) return;
                    clearFile();
                    setFileSaved(replaced.fileName);
                  }
                  update.mutate(
                    { id, details },
                    {
                      onSuccess: (saved) => returnToList({ outcome: 'saved', name: nameOf(saved) }),
                    },
                  );
                }}
                otherActions={
                  <Button variant="secondary" onClick={() => returnToList()}>
                    {messages.cancel}
                  </Button>
                }
              />
            )}
          </QueryView>
        )}
      </QueryView>
    </Stack>
  );
}

export { EditCredentialDocumentPage as Component };

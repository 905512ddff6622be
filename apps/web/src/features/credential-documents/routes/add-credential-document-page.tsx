import { credentialDocumentMessages as messages } from '@pca/contracts/credential-documents-paths.ts';
import { Button } from '@pca/ui/button/button.tsx';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Loading } from '@pca/ui/loading/loading.tsx';
import { QueryView } from '#lib/query-view.tsx';
import { useAddCredentialDocument, useCredentialDocuments } from '../api/credential-documents.ts';
import { DocumentForm } from '../components/document-form.tsx';
import { nameOf, useReturnToList } from '../components/outcome.ts';

/** Add credential document: the file and its details, uploaded together. */
export function AddCredentialDocumentPage() {
  const list = useCredentialDocuments();
  const add = useAddCredentialDocument();
  const returnToList = useReturnToList();

  return (
    <Stack gap={2}>
      <H1>{messages.addTitle}</H1>
      <QueryView
        query={list}
        loading={<Loading message={messages.loading} />}
        thing={messages.loadThing}
      >
        {({ organisations }) => (
          <DocumentForm
            organisations={organisations}
            submitLabel={messages.upload}
            saving={add.isPending}
            serverError={add.error}
            onSubmit={({ details, file }) =>
              add.mutate(
                { details, file: file! },
                {
                  onSuccess: (document) =>
                    returnToList({ outcome: 'added', name: nameOf(document) }),
                },
              )
            }
            otherActions={
              <Button variant="secondary" onClick={() => returnToList()}>
                {messages.cancel}
              </Button>
            }
          />
        )}
      </QueryView>
    </Stack>
  );
}

export { AddCredentialDocumentPage as Component };

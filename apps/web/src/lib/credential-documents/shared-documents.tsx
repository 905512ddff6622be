import { useQuery } from '@tanstack/react-query';
import type { SharedCredentialDocument, SharedCredentialDocuments } from '@pca/contracts';
import {
  credentialDocumentFileApiPath,
  credentialDocumentMessages as messages,
  organisationCredentialDocumentsApiPath,
} from '@pca/contracts/credential-documents-paths.ts';
import { useMutation } from '@tanstack/react-query';
import { Button, DataTable, type DataTableColumn } from '@pca/ui';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { Loading } from '@pca/ui/loading/loading.tsx';
import { QueryView } from '#lib/query-view.tsx';
import { downloadFile } from '#lib/http.ts';
import { httpQuery } from '#lib/http-query.ts';
import { formatDate } from '#lib/dates.ts';
import {
  documentTypeColumn,
  DownloadErrorAlert,
  ExpiryChip,
  formatSize,
} from './document-bits.tsx';

/** The credential documents shared with an organisation, each downloadable. */
export function SharedDocuments({ organisationId }: { organisationId: string }) {
  const query = useQuery(
    httpQuery<SharedCredentialDocuments>(
      ['credential-documents', 'organisation', organisationId],
      organisationCredentialDocumentsApiPath(organisationId),
    ),
  );
  const download = useMutation({
    mutationFn: (id: string) => downloadFile(credentialDocumentFileApiPath(id)),
  });

  const columns: DataTableColumn<SharedCredentialDocument>[] = [
    {
      key: 'practitioner',
      header: messages.practitioner,
      render: (d) => d.practitioner.name,
      sortValue: (d) => d.practitioner.name,
    },
    documentTypeColumn(),
    {
      key: 'file',
      header: messages.fileName,
      // A long file name wraps rather than widening the table past the page.
      render: (d) => (
        <span style={{ overflowWrap: 'anywhere' }}>
          {`${d.fileName} (${formatSize(d.sizeBytes)})`}
        </span>
      ),
    },
    {
      key: 'expires',
      header: messages.expires,
      render: (d) => (
        <Stack gap={0.25} alignItems="flex-start">
          <Text>{formatDate(d.expiryDate)}</Text>
          <ExpiryChip status={d.status} />
        </Stack>
      ),
      sortValue: (d) => d.expiryDate,
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (d) => (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => download.mutate(d.id)}
          aria-label={`${messages.download} ${d.fileName} of ${d.practitioner.name}`}
        >
          {messages.download}
        </Button>
      ),
    },
  ];

  return (
    <Stack gap={1}>
      <Text as="p">{messages.sharedIntro}</Text>
      <DownloadErrorAlert error={download.error} />
      <QueryView
        query={query}
        loading={<Loading message={messages.loading} />}
        thing={messages.loadThing}
      >
        {({ items }) =>
          items.length === 0 ? (
            <Text as="p">{messages.sharedEmpty}</Text>
          ) : (
            <DataTable
              caption={messages.sharedTab}
              columns={columns}
              rows={items}
              rowKey={(d) => d.id}
              cardsOnPhone
            />
          )
        }
      </QueryView>
    </Stack>
  );
}

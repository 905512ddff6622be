import { useState } from 'react';
import { pages } from '@pca/contracts/pages.ts';
import { credentialDocumentMessages as messages } from '@pca/contracts/credential-documents-paths.ts';
import type { CredentialDocument } from '@pca/contracts';
import { Alert, Button, ButtonGroup, DataTable, Modal, type DataTableColumn } from '@pca/ui';
import { ButtonLink } from '@pca/ui/button/button.tsx';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { QueryView } from '#lib/query-view.tsx';
import { useHistoryOutcome } from '#lib/history-outcome.tsx';
import { formatDate } from '#lib/dates.ts';
import { describeApiErrorText } from '#lib/errors/describe-api-error.ts';
import {
  documentTypeColumn,
  ExpiryChip,
  formatSize,
  DownloadErrorAlert,
} from '#lib/credential-documents/document-bits.tsx';
import {
  useCredentialDocuments,
  useDownloadCredentialDocument,
  useRemoveCredentialDocument,
} from '../api/credential-documents.ts';
import { nameOf, outcomeOf, outcomeText } from '../components/outcome.ts';
import { SectionLoading } from '#lib/section-loading.tsx';

/**
 * Credential documents (docs/product/credential-documents.md): the practitioner's documents — type, file,
 * dates with their expiry status, and who may view each — with Add, Download, Edit and Remove (confirmed in
 * a dialog); a success alert on return from Add or Edit.
 */
export function CredentialDocumentsPage() {
  const { alert, setOutcome: setAlert } = useHistoryOutcome(outcomeOf, outcomeText);
  const [removing, setRemoving] = useState<CredentialDocument | null>(null);
  const list = useCredentialDocuments();
  const remove = useRemoveCredentialDocument();
  const download = useDownloadCredentialDocument();

  const data = list.data;
  const intro = data?.managing
    ? messages.listIntroManaging(`${data.practitioner.givenName} ${data.practitioner.familyName}`)
    : messages.listIntro;

  const columns: DataTableColumn<CredentialDocument>[] = [
    documentTypeColumn(),
    {
      key: 'file',
      header: messages.fileName,
      render: (d) => (
        <Stack gap={0.25}>
          {/* A long file name wraps rather than widening the table past the page. */}
          <Text style={{ overflowWrap: 'anywhere' }}>{d.fileName}</Text>
          <Text fontSize="sm" color="muted">
            {formatSize(d.sizeBytes)}
          </Text>
        </Stack>
      ),
      sortValue: (d) => d.fileName,
    },
    {
      key: 'issued',
      header: messages.issued,
      render: (d) => formatDate(d.issueDate),
      sortValue: (d) => d.issueDate,
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
      key: 'shared',
      header: messages.sharedWith,
      render: (d) =>
        d.sharedWith.length
          ? d.sharedWith.map((o) => o.name).join(', ')
          : messages.sharedWithNobody,
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (d) => (
        <ButtonGroup>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => download.mutate(d.id)}
            aria-label={`${messages.download} ${nameOf(d)}`}
          >
            {messages.download}
          </Button>
          <ButtonLink
            size="sm"
            variant="secondary"
            href={pages.profile.editCredentialDocument.href({ id: d.id })}
            aria-label={`${messages.edit} ${nameOf(d)}`}
          >
            {messages.edit}
          </ButtonLink>
          <Button
            size="sm"
            variant="tertiary"
            onClick={() => {
              remove.reset();
              setRemoving(d);
            }}
            aria-label={`${messages.remove} ${nameOf(d)}`}
          >
            {messages.remove}
          </Button>
        </ButtonGroup>
      ),
    },
  ];

  return (
    <Stack gap={2}>
      <Stack gap={1}>
        <H1>{messages.listTitle}</H1>
        <Text as="p">{intro}</Text>
      </Stack>
      {alert}
      <DownloadErrorAlert error={download.error} />
      <QueryView
        query={list}
        loading={<SectionLoading message={messages.loading} />}
        thing={messages.loadThing}
        logMessage="Credential documents failed to load"
      >
        {({ items }) => (
          <Stack gap={1.5}>
            <div>
              <ButtonLink href={pages.profile.addCredentialDocument.href()}>
                {messages.add}
              </ButtonLink>
            </div>
            {items.length === 0 ? (
              <Text as="p">{messages.empty}</Text>
            ) : (
              <DataTable
                caption={messages.listTitle}
                columns={columns}
                rows={items}
                rowKey={(d) => d.id}
                // Six columns: cards at phone width (issue 30).
                cardsOnPhone
              />
            )}
          </Stack>
        )}
      </QueryView>
      <Modal
        isOpen={removing !== null}
        onClose={() => setRemoving(null)}
        title={messages.removeTitle}
        width={640}
        actions={
          <ButtonGroup>
            <Button
              loading={remove.isPending}
              onClick={() => {
                const document = removing!;
                remove.mutate(document.id, {
                  onSuccess: () => {
                    setRemoving(null);
                    setAlert({ outcome: 'removed', name: nameOf(document) });
                  },
                });
              }}
            >
              {messages.removeConfirm}
            </Button>
            <Button variant="secondary" onClick={() => setRemoving(null)}>
              {messages.cancel}
            </Button>
          </ButtonGroup>
        }
      >
        <Stack gap={1}>
          {remove.error ? (
            <Alert tone="error" title="There is a problem">
              <Text as="p">
                {describeApiErrorText(remove.error, { thing: 'this document', action: 'remove' })}
              </Text>
            </Alert>
          ) : null}
          <Text as="p">{removing ? messages.removeBody(nameOf(removing)) : null}</Text>
        </Stack>
      </Modal>
    </Stack>
  );
}

export { CredentialDocumentsPage as Component };

import type { CredentialDocumentStatus, CredentialDocumentType } from '@pca/contracts';
import {
  credentialDocumentMessages as messages,
  credentialDocumentTypeLabels as typeLabels,
} from '@pca/contracts/credential-documents-paths.ts';
import type { DataTableColumn } from '@pca/ui';
import { Chip } from '@pca/ui/chips/chip.tsx';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { Alert } from '@pca/ui/alert/alert.tsx';
import { describeApiErrorText } from '#lib/errors/describe-api-error.ts';

// What the credential document list and an organisation's shared documents show alike
// (docs/product/credential-documents.md).

/** A file's size as people read it: 240 KB, 1.4 MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The expiry's chip: expired, expires soon (within 30 days), or current. */
export function ExpiryChip({ status }: { status: CredentialDocumentStatus }) {
  if (status === 'expired') return <Chip tone="error">{messages.expired}</Chip>;
  if (status === 'expires-soon') return <Chip tone="warning">{messages.expiresSoon}</Chip>;
  return <Chip tone="success">{messages.current}</Chip>;
}

/** The Type column: the document's type, with its title beneath when it has one. */
export function documentTypeColumn<
  D extends { type: CredentialDocumentType; title: string },
>(): DataTableColumn<D> {
  return {
    key: 'type',
    header: messages.type,
    render: (d) => (
      <Stack gap={0.25}>
        <Text>{typeLabels[d.type]}</Text>
        {d.title ? (
          // A title of 120 characters without a space must not widen the table past the page.
          <Text fontSize="sm" color="muted" style={{ overflowWrap: 'anywhere' }}>
            {d.title}
          </Text>
        ) : null}
      </Stack>
    ),
    sortValue: (d) => typeLabels[d.type],
  };
}

/** Why a document's file could not be downloaded, once a download has failed. */
export function DownloadErrorAlert({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert tone="error" title="There is a problem">
      <Text as="p">{describeApiErrorText(error, { thing: 'this document', action: 'load' })}</Text>
    </Alert>
  );
}

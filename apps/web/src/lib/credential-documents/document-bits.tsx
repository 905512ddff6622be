import type { CredentialDocumentStatus } from '@pca/contracts';
import { credentialDocumentMessages as messages } from '@pca/contracts/credential-documents-paths.ts';
import { Chip } from '@pca/ui/chips/chip.tsx';

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

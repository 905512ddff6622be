import { Chip } from '@pca/ui';
import type { PublisherApprovalStatus } from '@pca/contracts';

const approvalText: Record<PublisherApprovalStatus, string> = {
  Approved: 'Approved',
  PendingApproval: 'Pending Approval',
  PendingSubmission: 'Pending Submission',
};

/** Props of StatusChips. */
export type StatusChipsProps = {
  /** Active, Cancelled or Terminated. */
  status: 'Active' | 'Cancelled' | 'Terminated';
  /** Publisher approval, when the organisation registered as a publisher. */
  publisherApprovalStatus: PublisherApprovalStatus | null;
};

/** The organisation's status and, for publishers, its registration status. */
export function StatusChips({ status, publisherApprovalStatus }: StatusChipsProps) {
  return (
    <span style={{ display: 'inline-flex', gap: '0.5rem', flexWrap: 'wrap' }}>
      <Chip tone={status === 'Active' ? 'success' : 'error'}>{status}</Chip>
      {publisherApprovalStatus && status === 'Active' ? (
        <Chip tone={publisherApprovalStatus === 'Approved' ? 'success' : 'warning'}>
          {approvalText[publisherApprovalStatus]}
        </Chip>
      ) : null}
    </span>
  );
}

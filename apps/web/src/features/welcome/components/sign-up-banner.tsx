import { registerBusinessHref } from '@pca/contracts/pages.ts';
import { useState } from 'react';
import { Alert } from '@pca/ui/alert/alert.tsx';
import { ButtonLink } from '@pca/ui/button/button.tsx';
import type { SignUpBanner as SignUpBannerData } from '@pca/contracts';

/** Props of SignUpBanner. */
export type SignUpBannerProps = {
  /** The most recently created publisher organisation, or null. */
  organisation: SignUpBannerData['organisation'];
  /** Whether the page was opened with msg=success (after a registration). */
  success: boolean;
};

/** The sign-up banner of docs/product/rules.md#states: registered, approval pending, or action required; Close hides it. */
export function SignUpBanner({ organisation, success }: SignUpBannerProps) {
  const [closed, setClosed] = useState(false);
  if (closed || !organisation) return null;
  const name = organisation.businessName ?? organisation.name;
  const close = () => setClosed(true);
  switch (organisation.publisherApprovalStatus) {
    case 'Approved':
      return success ? (
        <Alert tone="success" title={`You have registered ${name}`} onClose={close} />
      ) : null;
    case 'PendingApproval':
      return (
        <Alert
          tone="info"
          title="Approval pending: You will be notified of the outcome. This is estimated to take 24 to 48 hours to complete."
          onClose={close}
        />
      );
    case 'PendingSubmission':
      return (
        <Alert
          tone="warning"
          title={`Action required: Please finish your registration for ${name}`}
          onClose={close}
        >
          <div style={{ marginTop: '0.5rem' }}>
            <ButtonLink size="sm" href={registerBusinessHref(organisation.id)}>
              Complete
            </ButtonLink>
          </div>
        </Alert>
      );
    default:
      return null;
  }
}

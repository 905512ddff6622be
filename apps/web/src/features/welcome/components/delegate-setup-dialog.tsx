import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { Button, ButtonGroup } from '@pca/ui/button/button.tsx';
import { Alert } from '@pca/ui/alert/alert.tsx';
import { Loading } from '@pca/ui/loading/loading.tsx';
import {
  AcceptDelegateInvitationRequest,
  dialogWidths,
  type DelegateInvitation,
} from '@pca/contracts';
import { useAnswerDelegateInvitation } from '../api/answer-delegate-invitation.ts';
import { useDelegateInvitation } from '../api/get-delegate-invitation.ts';
import { ConsentForm, consents } from './consent-form.tsx';
import { delegationConsent, InvitationIntro } from './invitation-intro.tsx';
import { MandatoryModal } from './mandatory-modal.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';

/** Props of DelegateSetupDialog. */
export type DelegateSetupDialogProps = {
  /** The invitation, from the user or the emailed link. */
  invitationId: string;
  /**
   * Called after the invitation was accepted (the privacy notice with it) or declined, or turned out to be
   * unusable.
   */
  onAnswered: (result: { privacyNoticeAccepted: boolean }) => void;
  /** Called when the user leaves without answering. */
  onCancel: () => void;
};

/** Mandatory dialog 2 (docs/product/rules.md#states): shows who invited the user and what they consent to; accept or decline. */
export function DelegateSetupDialog({
  invitationId,
  onAnswered,
  onCancel,
}: DelegateSetupDialogProps) {
  const invitation = useDelegateInvitation(invitationId);
  return (
    <MandatoryModal
      title="Set up your delegate account"
      width={dialogWidths.delegateSetup}
      onCancel={onCancel}
    >
      {invitation.isPending ? (
        <Loading message="Loading your invitation" />
      ) : invitation.isError ? (
        <Stack gap={1.5}>
          <Alert tone="error" title="This invitation is no longer available">
            <Text as="p">
              It may have been answered, withdrawn, or sent to someone else. You can continue and
              register your own account.
            </Text>
          </Alert>
          <ButtonGroup>
            <Button onClick={() => onAnswered({ privacyNoticeAccepted: false })}>Continue</Button>
            <Button variant="tertiary" onClick={onCancel}>
              Cancel
            </Button>
          </ButtonGroup>
        </Stack>
      ) : (
        <DelegateSetupForm
          invitation={invitation.data}
          onAnswered={onAnswered}
          onCancel={onCancel}
        />
      )}
    </MandatoryModal>
  );
}

function DelegateSetupForm({
  invitation,
  onAnswered,
  onCancel,
}: {
  invitation: DelegateInvitation;
  onAnswered: (result: { privacyNoticeAccepted: boolean }) => void;
  onCancel: () => void;
}) {
  const answer = useAnswerDelegateInvitation();
  const form = useSchemaForm(AcceptDelegateInvitationRequest, {
    defaultValues: {
      email: invitation.invitedEmail,
      phone: '',
      acceptDelegation: false,
      acceptTermsOfUse: false,
      acceptPrivacyNotice: false,
    },
  });

  return (
    <ConsentForm
      form={form}
      onSubmit={(body) =>
        answer.mutate(
          { id: invitation.id, answer: 'accept', body },
          { onSuccess: () => onAnswered({ privacyNoticeAccepted: true }) },
        )
      }
      intro={<InvitationIntro invitation={invitation} />}
      failure={
        answer.isError
          ? { title: 'Error answering the invitation.', text: 'Please try again.' }
          : null
      }
      contact
      consents={[delegationConsent(invitation), consents.termsOfUse, consents.privacyNotice]}
      submitLabel="Accept"
      pending={answer.isPending}
      onDecline={() =>
        answer.mutate(
          { id: invitation.id, answer: 'decline' },
          { onSuccess: () => onAnswered({ privacyNoticeAccepted: false }) },
        )
      }
      onCancel={onCancel}
    />
  );
}

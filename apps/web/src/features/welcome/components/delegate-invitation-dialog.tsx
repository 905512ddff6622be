import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { Button, ButtonGroup } from '@pca/ui/button/button.tsx';
import { Alert } from '@pca/ui/alert/alert.tsx';
import { Loading } from '@pca/ui/loading/loading.tsx';
import { Modal } from '@pca/ui/modal/modal.tsx';
import {
  AcceptDelegateInvitationAsRegisteredUserRequest,
  dialogWidths,
  type DelegateInvitation,
} from '@pca/contracts';
import { useAnswerDelegateInvitation } from '../api/answer-delegate-invitation.ts';
import { useDelegateInvitation } from '../api/get-delegate-invitation.ts';
import { ConsentForm } from './consent-form.tsx';
import { delegationConsent, InvitationIntro } from './invitation-intro.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';

/** Props of DelegateInvitationDialog. */
export type DelegateInvitationDialogProps = {
  /** The invitation, from the user or the emailed link. */
  invitationId: string;
  /** Called after the invitation was accepted or declined, or turned out to be unusable. */
  onAnswered: () => void;
  /** Called when the user closes it without answering: it shows again on the next welcome load. */
  onClose: () => void;
};

/**
 * The delegate invitation of a user whose profile is complete (docs/decisions/092-invitation-for-a-complete-profile.md):
 * who invited them and what they consent to, as in the delegate account setup, with the delegation consent
 * only (the profile has its email and phone, and its terms of use and privacy notice were accepted). Not a
 * mandatory dialog: it has a close button, and closing it only closes it.
 */
export function DelegateInvitationDialog({
  invitationId,
  onAnswered,
  onClose,
}: DelegateInvitationDialogProps) {
  const invitation = useDelegateInvitation(invitationId);
  return (
    <Modal
      isOpen
      onClose={onClose}
      title="Delegate invitation"
      width={dialogWidths.delegateSetup}
      dismissOnClickOutside={false}
    >
      {invitation.isPending ? (
        <Loading message="Loading your invitation" />
      ) : invitation.isError ? (
        <Stack gap={1.5}>
          <Alert tone="error" title="This invitation is no longer available">
            <Text as="p">It may have been answered, withdrawn, or sent to someone else.</Text>
          </Alert>
          <ButtonGroup>
            <Button onClick={onAnswered}>Close</Button>
          </ButtonGroup>
        </Stack>
      ) : (
        <DelegateInvitationForm
          invitation={invitation.data}
          onAnswered={onAnswered}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function DelegateInvitationForm({
  invitation,
  onAnswered,
  onClose,
}: {
  invitation: DelegateInvitation;
  onAnswered: () => void;
  onClose: () => void;
}) {
  const answer = useAnswerDelegateInvitation();
  const form = useSchemaForm(AcceptDelegateInvitationAsRegisteredUserRequest, {
    defaultValues: { acceptDelegation: false },
  });

  return (
    <ConsentForm
      form={form}
      onSubmit={(body) =>
        answer.mutate(
          { id: invitation.id, answer: 'acceptAsRegisteredUser', body },
          { onSuccess: onAnswered },
        )
      }
      intro={
        <>
          <InvitationIntro invitation={invitation} />
          <Text as="p">
            Accepting adds this delegation to your account. Your email and phone stay as they are.
          </Text>
        </>
      }
      failure={
        answer.isError
          ? { title: 'Error answering the invitation.', text: 'Please try again.' }
          : null
      }
      consents={[delegationConsent(invitation)]}
      submitLabel="Accept"
      pending={answer.isPending}
      onDecline={() =>
        answer.mutate({ id: invitation.id, answer: 'decline' }, { onSuccess: onAnswered })
      }
      onCancel={onClose}
    />
  );
}

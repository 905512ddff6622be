import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Stack } from '@ag.ds-next/react/stack';
import { Text } from '@ag.ds-next/react/text';
import { H3 } from '@ag.ds-next/react/heading';
import { Button, ButtonGroup } from '@ag.ds-next/react/button';
import { Alert } from '@pca/ui/alert/alert.tsx';
import { Loading } from '@pca/ui/loading/loading.tsx';
import { Modal } from '@pca/ui/modal/modal.tsx';
import {
  AcceptDelegateInvitationRequest,
  dialogWidths,
  type DelegateInvitation,
} from '@pca/contracts';
import { useAnswerDelegateInvitation } from '../api/answer-delegate-invitation.ts';
import { useDelegateInvitation } from '../api/get-delegate-invitation.ts';
import { ErrorSummary } from './error-summary.tsx';
import { ConsentCheckbox, ContactFields, useFieldIds } from './form-fields.tsx';

/** Props of DelegateSetupDialog. */
export type DelegateSetupDialogProps = {
  /** The invitation, from the user or the emailed link. */
  invitationId: string;
  /** Called after the invitation was accepted or declined, or turned out to be unusable. */
  onAnswered: () => void;
  /** Called when the user leaves without answering. */
  onCancel: () => void;
};

type Input = z.input<typeof AcceptDelegateInvitationRequest>;
const fields = [
  'email',
  'phone',
  'acceptDelegation',
  'acceptTermsOfUse',
  'acceptPrivacyNotice',
] as const;

const inviterName = (i: DelegateInvitation) =>
  i.inviter.preferredName ?? `${i.inviter.givenName} ${i.inviter.familyName}`;

/** Mandatory dialog 2 (spec 1 §4): shows who invited the user and what they consent to; accept or decline. */
export function DelegateSetupDialog({
  invitationId,
  onAnswered,
  onCancel,
}: DelegateSetupDialogProps) {
  const invitation = useDelegateInvitation(invitationId);
  return (
    <Modal
      isOpen
      onClose={onCancel}
      title="Set up your delegate account"
      width={dialogWidths.delegateSetup}
      closable={false}
      dismissOnClickOutside={false}
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
            <Button onClick={onAnswered}>Continue</Button>
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
    </Modal>
  );
}

function DelegateSetupForm({
  invitation,
  onAnswered,
  onCancel,
}: {
  invitation: DelegateInvitation;
  onAnswered: () => void;
  onCancel: () => void;
}) {
  const ids = useFieldIds(fields);
  const answer = useAnswerDelegateInvitation();
  const form = useForm<Input, unknown, z.output<typeof AcceptDelegateInvitationRequest>>({
    resolver: zodResolver(AcceptDelegateInvitationRequest),
    defaultValues: {
      email: invitation.invitedEmail,
      phone: '',
      acceptDelegation: false,
      acceptTermsOfUse: false,
      acceptPrivacyNotice: false,
    },
  });
  const name = inviterName(invitation);
  const accept = form.handleSubmit((body) =>
    answer.mutate({ id: invitation.id, accept: true, body }, { onSuccess: onAnswered }),
  );
  const decline = () =>
    answer.mutate({ id: invitation.id, accept: false }, { onSuccess: onAnswered });

  return (
    <form noValidate onSubmit={accept}>
      <Stack gap={1.5}>
        <Text as="p" fontSize="md">
          <strong>{name}</strong> has invited you to be their delegate.
        </Text>
        <Stack gap={0.5}>
          <H3>As their delegate you will be able to</H3>
          <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
            {invitation.consents.map((c) => (
              <li key={c}>
                <Text>{c}</Text>
              </li>
            ))}
          </ul>
          <Text as="p" color="muted" fontSize="sm">
            Organisations must request personal contact details before it&apos;s shared by
            delegates.
          </Text>
        </Stack>
        <ErrorSummary
          errors={form.formState.errors}
          fieldIds={ids}
          submitCount={form.formState.submitCount}
        />
        {answer.isError ? (
          <Alert tone="error" title="Error answering the invitation.">
            <Text as="p">Please try again.</Text>
          </Alert>
        ) : null}
        <ContactFields control={form.control} ids={ids} />
        <ConsentCheckbox
          control={form.control}
          name="acceptDelegation"
          id={ids.acceptDelegation}
          legend="Delegation"
        >
          {`I agree to act as a delegate for ${name}`}
        </ConsentCheckbox>
        <ConsentCheckbox
          control={form.control}
          name="acceptTermsOfUse"
          id={ids.acceptTermsOfUse}
          legend="Terms of use"
        >
          I accept the terms of use
        </ConsentCheckbox>
        <ConsentCheckbox
          control={form.control}
          name="acceptPrivacyNotice"
          id={ids.acceptPrivacyNotice}
          legend="Privacy notice"
        >
          I have read and accept the privacy notice
        </ConsentCheckbox>
        <ButtonGroup>
          <Button type="submit" loading={answer.isPending} loadingLabel="Saving">
            Accept
          </Button>
          <Button type="button" variant="secondary" onClick={decline} disabled={answer.isPending}>
            Decline
          </Button>
          <Button type="button" variant="tertiary" onClick={onCancel}>
            Cancel
          </Button>
        </ButtonGroup>
      </Stack>
    </form>
  );
}

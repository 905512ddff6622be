import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Stack } from '@ag.ds-next/react/stack';
import { Text } from '@ag.ds-next/react/text';
import { Button, ButtonGroup } from '@ag.ds-next/react/button';
import { Alert } from '@pca/ui/alert/alert.tsx';
import { Modal } from '@pca/ui/modal/modal.tsx';
import { AcceptParticipationRequest, dialogWidths } from '@pca/contracts';
import { useAcceptParticipation } from '../api/accept-participation.ts';
import { ErrorSummary } from './error-summary.tsx';
import { ConsentCheckbox, useFieldIds } from './form-fields.tsx';

/** Props of AcceptParticipationDialog. */
export type AcceptParticipationDialogProps = {
  /** Called after participation is accepted. */
  onAccepted: () => void;
  /** Called when the user leaves without accepting. */
  onCancel: () => void;
};

type Input = z.input<typeof AcceptParticipationRequest>;
const fields = ['acceptParticipationAgreement', 'acceptPrivacyNotice'] as const;

/** Mandatory dialog 3 (spec 1 §4): the participation agreement and privacy acceptance. */
export function AcceptParticipationDialog({
  onAccepted,
  onCancel,
}: AcceptParticipationDialogProps) {
  const ids = useFieldIds(fields);
  const mutation = useAcceptParticipation();
  const form = useForm<Input, unknown, z.output<typeof AcceptParticipationRequest>>({
    resolver: zodResolver(AcceptParticipationRequest),
    defaultValues: { acceptParticipationAgreement: false, acceptPrivacyNotice: false },
  });
  const submit = form.handleSubmit((body) => mutation.mutate(body, { onSuccess: onAccepted }));

  return (
    <Modal
      isOpen
      onClose={onCancel}
      title="Terms and Conditions"
      width={dialogWidths.acceptParticipation}
      closable={false}
      dismissOnClickOutside={false}
    >
      <form noValidate onSubmit={submit}>
        <Stack gap={1.5}>
          <Text as="p">
            To share your provider information through the portal you need to accept the
            participation agreement and the privacy notice.
          </Text>
          <ErrorSummary
            errors={form.formState.errors}
            fieldIds={ids}
            submitCount={form.formState.submitCount}
          />
          {mutation.isError ? (
            <Alert tone="error" title="Error saving your acceptance.">
              <Text as="p">Please try again.</Text>
            </Alert>
          ) : null}
          <ConsentCheckbox
            control={form.control}
            name="acceptParticipationAgreement"
            id={ids.acceptParticipationAgreement}
            legend="Participation agreement"
          >
            I accept the participation agreement
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
            <Button type="submit" loading={mutation.isPending} loadingLabel="Saving">
              Agree and continue
            </Button>
            <Button type="button" variant="tertiary" onClick={onCancel}>
              Cancel
            </Button>
          </ButtonGroup>
        </Stack>
      </form>
    </Modal>
  );
}

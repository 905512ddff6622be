import { Text } from '@pca/ui/primitives/text.ts';
import { AcceptParticipationRequest, dialogWidths } from '@pca/contracts';
import { useAcceptParticipation } from '../api/accept-participation.ts';
import { ConsentForm, consents } from './consent-form.tsx';
import { MandatoryModal } from './mandatory-modal.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';

/** Props of AcceptParticipationDialog. */
export type AcceptParticipationDialogProps = {
  /** Called after participation is accepted. */
  onAccepted: () => void;
  /** Called when the user leaves without accepting. */
  onCancel: () => void;
};

/** Mandatory dialog 3 (docs/product/rules.md#states): the participation agreement and privacy acceptance. */
export function AcceptParticipationDialog({
  onAccepted,
  onCancel,
}: AcceptParticipationDialogProps) {
  const mutation = useAcceptParticipation();
  const form = useSchemaForm(AcceptParticipationRequest, {
    defaultValues: { acceptParticipationAgreement: false, acceptPrivacyNotice: false },
  });

  return (
    <MandatoryModal
      title="Terms and Conditions"
      width={dialogWidths.acceptParticipation}
      onCancel={onCancel}
    >
      <ConsentForm
        form={form}
        onSubmit={(body) => mutation.mutate(body, { onSuccess: onAccepted })}
        intro={
          <Text as="p">
            To share your provider information through the portal you need to accept the
            participation agreement and the privacy notice.
          </Text>
        }
        failure={
          mutation.isError
            ? { title: 'Error saving your acceptance.', text: 'Please try again.' }
            : null
        }
        consents={[
          {
            name: 'acceptParticipationAgreement',
            legend: 'Participation agreement',
            label: 'I accept the participation agreement',
          },
          consents.privacyNotice,
        ]}
        submitLabel="Agree and continue"
        pending={mutation.isPending}
        onCancel={onCancel}
      />
    </MandatoryModal>
  );
}

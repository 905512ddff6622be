import { Text } from '@pca/ui/primitives/text.ts';
import {
  AcceptParticipationRequest,
  AcceptParticipationWithPrivacyRequest,
  dialogWidths,
} from '@pca/contracts';
import { DocumentLink } from '#lib/documents.tsx';
import { useAcceptParticipation } from '../api/accept-participation.ts';
import { ConsentForm, consents } from './consent-form.tsx';
import { MandatoryModal } from './mandatory-modal.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';

/** Props of AcceptParticipationDialog. */
export type AcceptParticipationDialogProps = {
  /**
   * The privacy notice was accepted in the dialog just before (registering, or accepting a delegation):
   * it is not asked again (issue 30); the server finds that acceptance on record.
   */
  privacyNoticeAccepted?: boolean;
  /** Called after participation is accepted. */
  onAccepted: () => void;
  /** Called when the user leaves without accepting. */
  onCancel: () => void;
};

/** Mandatory dialog 3 (docs/product/rules.md#states): the participation agreement and privacy acceptance. */
export function AcceptParticipationDialog({
  privacyNoticeAccepted = false,
  onAccepted,
  onCancel,
}: AcceptParticipationDialogProps) {
  const mutation = useAcceptParticipation();
  // Asked for, the privacy notice must be ticked; already accepted, it is not part of the form.
  const form = useSchemaForm(
    privacyNoticeAccepted
      ? AcceptParticipationRequest
      : (AcceptParticipationWithPrivacyRequest as unknown as typeof AcceptParticipationRequest),
    {
      defaultValues: privacyNoticeAccepted
        ? { acceptParticipationAgreement: false }
        : { acceptParticipationAgreement: false, acceptPrivacyNotice: false },
    },
  );

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
          privacyNoticeAccepted ? (
            <>
              <Text as="p">
                To share your provider information through the portal you need to accept the
                participation agreement. You accepted the privacy notice a moment ago.
              </Text>
              <DocumentLink document="privacy" />
            </>
          ) : (
            <Text as="p">
              To share your provider information through the portal you need to accept the
              participation agreement and the privacy notice.
            </Text>
          )
        }
        failure={
          mutation.isError
            ? { title: 'Error saving your acceptance.', text: 'Please try again.' }
            : null
        }
        consents={
          privacyNoticeAccepted
            ? [consents.participationAgreement]
            : [consents.participationAgreement, consents.privacyNotice]
        }
        submitLabel="Agree and continue"
        pending={mutation.isPending}
        onCancel={onCancel}
      />
    </MandatoryModal>
  );
}

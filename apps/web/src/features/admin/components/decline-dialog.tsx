import { Button, ButtonGroup, Modal } from '@pca/ui';
import { DeclineRegistration } from '@pca/contracts';
import { describeApiErrorText } from '#lib/errors/describe-api-error.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { ErrorSummary, FormTextareaField } from '#lib/forms/form-kit.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';

/** Props of DeclineDialog. */
export type DeclineDialogProps = {
  /** The business being declined (shown in the title). */
  businessName: string;
  /** Whether the dialog is open. */
  isOpen: boolean;
  /** Closes without declining. */
  onClose: () => void;
  /** Declines with the reason given. */
  onDecline: (reason: string) => void;
  /** True while the decline is being saved. */
  saving: boolean;
  /** The server's answer when declining failed. */
  serverError: unknown;
};

const REASON_ID = 'decline-reason';
const fieldId = () => REASON_ID;

/** Asks the operator for the reason before declining a registration. */
export function DeclineDialog({
  businessName,
  isOpen,
  onClose,
  onDecline,
  saving,
  serverError,
}: DeclineDialogProps) {
  const form = useSchemaForm(DeclineRegistration, {
    defaultValues: { reason: '' },
  });
  const general = serverError
    ? describeApiErrorText(serverError, {
        thing: 'the decision',
        action: 'save',
        askWhom: 'a Provider Connect Australia operator',
      })
    : null;
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={`Decline ${businessName}`}
      width={640}
      dismissOnClickOutside={false}
      actions={
        <ButtonGroup>
          <Button type="submit" form="decline-form" loading={saving}>
            Decline registration
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </ButtonGroup>
      }
    >
      <form
        id="decline-form"
        noValidate
        onSubmit={(event) => void form.handleSubmit((v) => onDecline(v.reason))(event)}
      >
        <Stack gap={1.5}>
          <ErrorSummary
            form={form}
            fieldId={fieldId}

            message={general}
          />
          <FormTextareaField
            control={form.control}
            name="reason"
            fieldId={fieldId}
            label="Reason for declining"
            hint="The business’s managers are emailed this reason so they can correct and resubmit the registration"
            required
            maxLength={1000}
          />
        </Stack>
      </form>
    </Modal>
  );
}

import { Button, ButtonGroup, Modal } from '@pca/ui';
import { DeclineTransfer } from '@pca/contracts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { describeApiErrorText } from '#lib/errors/describe-api-error.ts';
import { ErrorSummary, FormTextareaField } from '#lib/forms/form-kit.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';

const fieldId = () => 'decline-transfer-reason';

/** Asks the receiving manager why before declining a transfer. */
export function DeclineTransferDialog({
  entityName,
  isOpen,
  onClose,
  onDecline,
  saving,
  serverError,
}: {
  entityName: string;
  isOpen: boolean;
  onClose: () => void;
  onDecline: (reason: string) => void;
  saving: boolean;
  serverError: unknown;
}) {
  const form = useSchemaForm(DeclineTransfer, { defaultValues: { reason: '' } });
  const general = serverError
    ? describeApiErrorText(serverError, {
        thing: 'your answer',
        action: 'save',
        askWhom: 'a Provider Connect Australia operator',
      })
    : null;
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={`Decline ${entityName}`}
      width={640}
      dismissOnClickOutside={false}
      actions={
        <ButtonGroup>
          <Button type="submit" form="decline-transfer-form" loading={saving}>
            Decline transfer
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </ButtonGroup>
      }
    >
      <form
        id="decline-transfer-form"
        noValidate
        onSubmit={(event) => void form.handleSubmit((v) => onDecline(v.reason))(event)}
      >
        <Stack gap={1.5}>
          <ErrorSummary form={form} fieldId={fieldId} message={general} />
          <FormTextareaField
            control={form.control}
            name="reason"
            fieldId={fieldId}
            label="Reason for declining"
            hint="The operator sees this reason and the giving organisation keeps it"
            required
            maxLength={1000}
          />
        </Stack>
      </form>
    </Modal>
  );
}

import { Controller } from 'react-hook-form';
import { Button, ButtonGroup, Modal, TextareaField } from '@pca/ui';
import { DeclineRegistration } from '@pca/contracts';
import { describeApiErrorText } from '#lib/errors/describe-api-error.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { ErrorSummary } from '#lib/forms/form-kit.tsx';
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
  const { errors, submitCount } = form.formState;
  const message = errors.reason?.message;
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
            errors={errors}
            fieldId={() => REASON_ID}
            submitCount={submitCount}
            message={general}
          />
          <Controller
            control={form.control}
            name="reason"
            render={({ field }) => (
              <TextareaField
                id={REASON_ID}
                label="Reason for declining"
                hint="The business’s managers are emailed this reason so they can correct and resubmit the registration"
                required
                name={field.name}
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                maxLength={1000}
                message={message}
              />
            )}
          />
        </Stack>
      </form>
    </Modal>
  );
}

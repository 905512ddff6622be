import { Button, ButtonGroup, Modal } from '@pca/ui';
import { UserStatusChange } from '@pca/contracts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { describeApiErrorText } from '#lib/errors/describe-api-error.ts';
import { ErrorSummary, FormTextareaField } from '#lib/forms/form-kit.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';

/** Props of StatusDialog. */
export type StatusDialogProps = {
  action: 'deactivate' | 'reactivate';
  /** The person's name (shown in the title). */
  name: string;
  isOpen: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
  saving: boolean;
  serverError: unknown;
};

const REASON_ID = 'status-reason';
const fieldId = () => REASON_ID;

const texts = {
  deactivate: {
    title: (name: string) => `Deactivate ${name}`,
    button: 'Deactivate user',
    explain:
      'They are signed out at once and cannot sign in until the account is reactivated. Delegations they act in stop: active ones are stopped, invitations cancelled.',
  },
  reactivate: {
    title: (name: string) => `Reactivate ${name}`,
    button: 'Reactivate user',
    explain:
      'They can sign in again. Delegations stopped when the account was deactivated stay stopped until the practitioner reassigns them.',
  },
} as const;

/** Asks the operator why before deactivating or reactivating a user; the reason is kept in the audit trail. */
export function StatusDialog({
  action,
  name,
  isOpen,
  onClose,
  onConfirm,
  saving,
  serverError,
}: StatusDialogProps) {
  const form = useSchemaForm(UserStatusChange, { defaultValues: { reason: '' } });
  const t = texts[action];
  const general = serverError
    ? describeApiErrorText(serverError, {
        thing: 'the change',
        action: 'save',
        askWhom: 'a Provider Connect Australia operator',
      })
    : null;
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={t.title(name)}
      width={640}
      dismissOnClickOutside={false}
      actions={
        <ButtonGroup>
          <Button type="submit" form="status-form" loading={saving}>
            {t.button}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </ButtonGroup>
      }
    >
      <form
        id="status-form"
        noValidate
        onSubmit={(event) => void form.handleSubmit((v) => onConfirm(v.reason))(event)}
      >
        <Stack gap={1.5}>
          <Text as="p">{t.explain}</Text>
          <ErrorSummary form={form} fieldId={fieldId} message={general} />
          <FormTextareaField
            control={form.control}
            name="reason"
            fieldId={fieldId}
            label="Reason"
            hint="Kept in the audit trail with your name"
            required
            maxLength={1000}
          />
        </Stack>
      </form>
    </Modal>
  );
}

import type { ReactNode } from 'react';
import type { z } from 'zod';
import { Button, ButtonGroup, Modal } from '@pca/ui';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { describeApiErrorText } from '#lib/errors/describe-api-error.ts';
import { ErrorSummary, FormTextareaField } from '#lib/forms/form-kit.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';

/** Props of ReasonDialog. */
export type ReasonDialogProps = {
  /** The shared schema of the answer: a required reason of at most 1000 characters. */
  schema: z.ZodType<{ reason: string }, { reason: string }>;
  /** Element id of the form (its submit button sits in the modal's actions, outside it). */
  formId: string;
  /** Element id of the reason field. */
  reasonId: string;
  /** The dialog's title. */
  title: string;
  /** The label of the button that confirms. */
  submitLabel: string;
  /** What the action does, shown above the reason (optional). */
  explain?: ReactNode;
  /** The reason field's label. */
  label: string;
  /** The reason field's hint: who sees the reason. */
  hint: string;
  /** What failed to save, for the error message ("the decision", "your answer"). */
  errorThing: string;
  /** Whether the dialog is open. */
  isOpen: boolean;
  /** Closes without acting. */
  onClose: () => void;
  /** Acts with the reason given. */
  onSubmit: (reason: string) => void;
  /** True while the action is being saved. */
  saving: boolean;
  /** The server's answer when the action failed. */
  serverError: unknown;
};

/** A modal that asks why before a decision (decline, deactivate…) and hands the reason on. */
export function ReasonDialog({
  schema,
  formId,
  reasonId,
  title,
  submitLabel,
  explain,
  label,
  hint,
  errorThing,
  isOpen,
  onClose,
  onSubmit,
  saving,
  serverError,
}: ReasonDialogProps) {
  const form = useSchemaForm(schema, { defaultValues: { reason: '' } });
  const fieldId = () => reasonId;
  const general = serverError
    ? describeApiErrorText(serverError, {
        thing: errorThing,
        action: 'save',
        askWhom: 'a Provider Connect Australia operator',
      })
    : null;
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={title}
      width={640}
      dismissOnClickOutside={false}
      actions={
        <ButtonGroup>
          <Button type="submit" form={formId} loading={saving}>
            {submitLabel}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </ButtonGroup>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => void form.handleSubmit((v) => onSubmit(v.reason))(event)}
      >
        <Stack gap={1.5}>
          {explain ? <Text as="p">{explain}</Text> : null}
          <ErrorSummary form={form} fieldId={fieldId} message={general} />
          <FormTextareaField
            control={form.control}
            name="reason"
            fieldId={fieldId}
            label={label}
            hint={hint}
            required
            maxLength={1000}
          />
        </Stack>
      </form>
    </Modal>
  );
}

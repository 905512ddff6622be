import type { ReactNode } from 'react';
import type { z } from 'zod';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { ActionDialog, type ActionDialogState } from '#lib/action-dialog.tsx';
import { describeApiErrorText } from '#lib/errors/describe-api-error.ts';
import { ErrorSummary, FormTextareaField } from '#lib/forms/form-kit.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';

/** What a dialog asking for a reason says, and the answer's shape: the part each use of it writes. */
export type ReasonDialogTexts = {
  /** The shared schema of the answer: a required reason of at most 1000 characters. */
  schema: z.ZodType<{ reason: string }, { reason: string }>;
  /** Names the dialog's elements: the form is `<id>-form` (its submit button sits in the modal's actions, outside it), the reason field `<id>-reason`. */
  id: string;
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
};

/** Props of ReasonDialog. */
export type ReasonDialogProps = ReasonDialogTexts &
  ActionDialogState & {
    /** Acts with the reason given. */
    onSubmit: (reason: string) => void;
  };

/** A modal that asks why before a decision (decline, deactivate…) and hands the reason on. */
export function ReasonDialog({
  schema,
  id,
  title,
  submitLabel,
  explain,
  label,
  hint,
  errorThing,
  onSubmit,
  serverError,
  ...dialog
}: ReasonDialogProps) {
  const form = useSchemaForm(schema, { defaultValues: { reason: '' } });
  const formId = `${id}-form`;
  const fieldId = () => `${id}-reason`;
  const general = serverError
    ? describeApiErrorText(serverError, {
        thing: errorThing,
        action: 'save',
        askWhom: 'a Provider Connect Australia operator',
      })
    : null;
  return (
    <ActionDialog
      {...dialog}
      title={title}
      actionLabel={submitLabel}
      actionButton={{ type: 'submit', form: formId }}
      dismissOnClickOutside={false}
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
    </ActionDialog>
  );
}

/** Props of DeclineDialog: what is declined, and the decline's state. */
export type DeclineDialogProps = ActionDialogState & {
  /** What is declined, as the title names it. */
  name: string;
  /** Declines with the reason given. */
  onDecline: (reason: string) => void;
};

/** A ReasonDialog that declines: titled "Decline <name>", its field "Reason for declining". */
export function DeclineDialog({
  name,
  onDecline,
  ...rest
}: DeclineDialogProps & Omit<ReasonDialogTexts, 'title' | 'label'>) {
  return (
    <ReasonDialog
      {...rest}
      title={`Decline ${name}`}
      label="Reason for declining"
      onSubmit={onDecline}
    />
  );
}

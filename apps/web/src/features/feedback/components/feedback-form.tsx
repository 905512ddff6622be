import { Controller } from 'react-hook-form';
import { RadioGroup } from '@pca/ui/radio/radio.tsx';
import { Text } from '@pca/ui/primitives/text.ts';
import {
  FEEDBACK_COMMENTS_MAX,
  FeedbackInput,
  feedbackMessages,
  feedbackRatings,
} from '@pca/contracts';
import { FormFrame, FormTextareaField, FormTextField, useFieldId } from '#lib/forms/form-kit.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';

/** Props of FeedbackForm. */
export type FeedbackFormProps = {
  onSubmit: (values: FeedbackInput) => void;
  saving: boolean;
  serverError: unknown;
};

const ratingOptions = [...feedbackRatings]
  .reverse()
  .map((r) => ({ value: String(r.value), label: `${r.value} – ${r.label}` }));

/**
 * The feedback form (docs/product/feedback.md): how easy the portal was to use (1–5), comments of up to
 * 1,000 characters with a live count, and an optional name and email to reply to.
 */
export function FeedbackForm({ onSubmit, saving, serverError }: FeedbackFormProps) {
  const fieldId = useFieldId();
  const form = useSchemaForm(FeedbackInput, {
    defaultValues: {
      rating: undefined as unknown as number,
      comments: '',
      contactName: '',
      contactEmail: '',
    },
  });
  return (
    <FormFrame
      form={form}
      fieldId={fieldId}
      onSubmit={onSubmit}
      serverError={serverError}
      submitLabel="Send feedback"
      saving={saving}
      gap={2}
    >
      <Controller
        control={form.control}
        name="rating"
        render={({ field, fieldState }) => (
          // The error summary's link moves focus here; the group then takes arrow keys.
          <div id={fieldId('rating')} tabIndex={-1}>
            <RadioGroup
              name={field.name}
              label={feedbackMessages.question}
              hint="1 is very difficult, 5 is very easy"
              required
              options={ratingOptions}
              value={field.value === undefined ? undefined : String(field.value)}
              onChange={(value) => field.onChange(Number(value))}
              message={fieldState.error ? feedbackMessages.ratingRequired : undefined}
            />
          </div>
        )}
      />
      <FormTextareaField
        control={form.control}
        name="comments"
        fieldId={fieldId}
        label="Comments"
        hint="What worked well, and what could be better? Please leave out health and payment details"
        maxLength={FEEDBACK_COMMENTS_MAX}
      />
      <Text as="p">
        If you would like us to reply, tell us your name and email. You do not have to.
      </Text>
      <FormTextField
        control={form.control}
        name="contactName"
        fieldId={fieldId}
        label="Your name"
        maxLength={100}
      />
      <FormTextField
        control={form.control}
        name="contactEmail"
        fieldId={fieldId}
        type="email"
        label="Your email"
        maxWidth="xl"
        maxLength={200}
      />
    </FormFrame>
  );
}

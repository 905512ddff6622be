import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Text } from '@pca/ui/primitives/text.ts';
import { Button } from '@pca/ui/button/button.tsx';
import { Alert } from '@pca/ui/alert/alert.tsx';
import { constants } from '@pca/contracts';
import { FormCheckbox, FormFrame, FormTextField, useFieldId } from '#lib/forms/form-kit.tsx';
import { DocumentLink, type AcceptedDocument } from '#lib/documents.tsx';

/**
 * One required acceptance tick: the boolean field, its group's legend and its label, and the document it
 * accepts, linked before the tick (issue 30).
 */
export type Consent<T extends FieldValues> = {
  name: Path<T>;
  legend: string;
  label: string;
  document?: AcceptedDocument;
};

/** The acceptance ticks more than one mandatory dialog asks for (docs/product/rules.md#states). */
export const consents = {
  termsOfUse: {
    name: 'acceptTermsOfUse',
    legend: 'Terms of use',
    label: 'I accept the terms of use',
    document: 'termsOfUse',
  },
  privacyNotice: {
    name: 'acceptPrivacyNotice',
    legend: 'Privacy notice',
    label: 'I have read and accept the privacy notice',
    document: 'privacy',
  },
  participationAgreement: {
    name: 'acceptParticipationAgreement',
    legend: 'Participation agreement',
    label: 'I accept the participation agreement',
    document: 'participationAgreement',
  },
} as const;

/** Email and phone of the profile (docs/product/features.md#feature-validation Profile). */
const contactFields = [
  { name: 'email', label: 'Email', type: 'email', maxLength: constants.emailMaxLength },
  {
    name: 'phone',
    label: 'Phone',
    type: 'tel',
    maxWidth: 'md',
    hint: 'A 6 or 10 digit number starting with 0 or 1',
    maxLength: constants.phoneMaxLength,
  },
] as const;

/** Props of ConsentForm. */
export type ConsentFormProps<T extends FieldValues, TOut extends FieldValues> = {
  /** The react-hook-form instance. */
  form: UseFormReturn<T, unknown, TOut>;
  /** Called with the valid values. */
  onSubmit: (values: TOut) => void;
  /** What the dialog asks for, above the error summary. */
  intro: ReactNode;
  /** The alert shown when saving failed, or null. */
  failure: { title: string; text: string } | null;
  /** Ask for the profile's email and phone (docs/product/features.md#feature-validation Profile); the form has `email` and `phone`. */
  contact?: boolean;
  /** The acceptance ticks, in order. */
  consents: ReadonlyArray<Consent<T>>;
  /** The submit button's label. */
  submitLabel: string;
  /** Saving is under way. */
  pending: boolean;
  /** If given, a Decline button calls it. */
  onDecline?: () => void;
  /** Leaves without answering. */
  onCancel: () => void;
};

/** The body of a mandatory dialog: intro, error summary, contact fields, acceptance ticks and actions. */
export function ConsentForm<T extends FieldValues, TOut extends FieldValues>({
  form,
  onSubmit,
  intro,
  failure,
  contact = false,
  consents: ticks,
  submitLabel,
  pending,
  onDecline,
  onCancel,
}: ConsentFormProps<T, TOut>) {
  const fieldId = useFieldId();
  return (
    <FormFrame
      form={form}
      fieldId={fieldId}
      onSubmit={onSubmit}
      intro={intro}
      serverError={null}
      submitLabel={submitLabel}
      saving={pending}
      otherActions={
        <>
          {onDecline ? (
            <Button type="button" variant="secondary" onClick={onDecline} disabled={pending}>
              Decline
            </Button>
          ) : null}
          <Button type="button" variant="tertiary" onClick={onCancel}>
            Cancel
          </Button>
        </>
      }
    >
      {failure ? (
        <Alert tone="error" title={failure.title}>
          <Text as="p">{failure.text}</Text>
        </Alert>
      ) : null}
      {contact
        ? contactFields.map(({ name, ...field }) => (
            <FormTextField
              key={name}
              control={form.control}
              name={name as Path<T>}
              fieldId={fieldId}
              required
              {...field}
            />
          ))
        : null}
      {ticks.map((tick) => (
        <FormCheckbox
          key={tick.name}
          control={form.control}
          name={tick.name}
          fieldId={fieldId}
          legend={tick.legend}
          before={tick.document ? <DocumentLink document={tick.document} /> : undefined}
        >
          {tick.label}
        </FormCheckbox>
      ))}
    </FormFrame>
  );
}

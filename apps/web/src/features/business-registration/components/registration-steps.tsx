import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { z } from 'zod';
import type { ReactNode } from 'react';
import { ControlGroup } from '@pca/ui/primitives/control-group.ts';
import { Prose } from '@pca/ui/primitives/prose.ts';
import { Button } from '@pca/ui/button/button.tsx';
import {
  RegistrationAgreement,
  RegistrationBusinessDetails,
  RegistrationContactDetails,
  StreetAddress,
  type Registration,
  type RegistrationStepUpdate,
} from '@pca/contracts';
import {
  FormCheckbox,
  FormFrame,
  FormTextField,
  useFieldId,
  type FormTextFieldProps,
} from '#lib/forms/form-kit.tsx';
import { AddressFields } from '#lib/business/address-fields.tsx';
import { DocumentLink } from '#lib/documents.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';

/** Props every step form receives. */
export type StepFormProps = {
  /** The registration so far (null before the first save). */
  registration: Registration | null;
  /** Saves the step; resolves when saved. */
  onSave: (body: RegistrationStepUpdate) => void;
  /** Goes back a step (absent on the first). */
  onBack?: () => void;
  /** A save is in flight. */
  saving: boolean;
  /** The last save's error. */
  serverError: unknown;
};

function StepForm<T extends FieldValues>({
  form,
  onSubmit,
  fieldId,
  children,
  onBack,
  saving,
  serverError,
  submitLabel = 'Save and continue',
}: {
  form: UseFormReturn<T, unknown, T>;
  onSubmit: (values: T) => void;
  fieldId: (name: string) => string;
  children: ReactNode;
  onBack?: () => void;
  saving: boolean;
  serverError: unknown;
  submitLabel?: string;
}) {
  return (
    <FormFrame
      form={form}
      fieldId={fieldId}
      onSubmit={onSubmit}
      serverError={serverError}
      submitLabel={submitLabel}
      saving={saving}
      otherActions={
        onBack ? (
          <Button variant="secondary" onClick={onBack}>
            Back
          </Button>
        ) : null
      }
    >
      {children}
    </FormFrame>
  );
}

function useStepForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
) {
  // Validated with the contract schema; submitted as typed (the server applies the same schema).
  return useSchemaForm(schema as unknown as z.ZodType<z.input<S>, z.input<S>>, { defaultValues });
}

/** The registration's text values that a step of text fields edits. */
type RegistrationText = 'legalName' | 'businessName' | 'abn' | 'phone' | 'email' | 'website';

/** FormTextField's own props of each text field of the registration (its name binds it to its step's form). */
const textFields: Record<
  RegistrationText,
  Omit<FormTextFieldProps<FieldValues>, 'control' | 'name' | 'fieldId'>
> = {
  legalName: {
    label: 'Legal name',
    maxWidth: 'xl',
    required: true,
    hint: 'As registered with the Australian Business Register',
  },
  businessName: {
    label: 'Business name',
    maxWidth: 'xl',
    required: true,
    hint: 'The name your patients know you by',
  },
  abn: {
    label: 'ABN',
    required: true,
    maxWidth: 'md',
    hint: '11 digits, for example 51 824 753 556',
  },
  phone: {
    label: 'Phone',
    type: 'tel',
    required: true,
    maxWidth: 'md',
    hint: 'For example 02 9123 4567',
  },
  email: { label: 'Email', type: 'email', required: true },
  website: { label: 'Website', hint: 'Starting with https://' },
};

/** A step made of text fields only: its schema, the update its values make, and its fields in order. */
type TextStep<S extends z.ZodType<FieldValues, FieldValues>> = {
  schema: S;
  update: (values: z.input<S>) => RegistrationStepUpdate;
  fields: (keyof z.input<S> & RegistrationText)[];
};

/** A text step, its types inferred from its schema. */
const textStep = <S extends z.ZodType<FieldValues, FieldValues>>(step: TextStep<S>) => step;

/** A step of text fields: each starts from the registration's value and is drawn as `textFields` says. */
function TextFieldsStep<S extends z.ZodType<FieldValues, FieldValues>>({
  step: { schema, update, fields },
  registration: r,
  onSave,
  ...rest
}: StepFormProps & { step: TextStep<S> }) {
  const fieldId = useFieldId();
  const form = useStepForm(
    schema,
    Object.fromEntries(fields.map((name) => [name, r?.[name] ?? ''])) as DefaultValues<z.input<S>>,
  );
  return (
    <StepForm form={form} fieldId={fieldId} onSubmit={(v) => onSave(update(v))} {...rest}>
      {fields.map((name) => (
        <FormTextField
          key={name}
          control={form.control}
          name={name as Path<z.input<S>>}
          fieldId={fieldId}
          {...textFields[name]}
        />
      ))}
    </StepForm>
  );
}

const businessDetails = textStep({
  schema: RegistrationBusinessDetails,
  update: (v) => ({ step: 'businessDetails', ...v }),
  fields: ['legalName', 'businessName', 'abn'],
});

const contactDetails = textStep({
  schema: RegistrationContactDetails,
  update: (v) => ({ step: 'contactDetails', ...v }),
  fields: ['phone', 'email', 'website'],
});

/** Step 1: legal name, business name and ABN (checked by its checksum). */
export function BusinessDetailsStep(props: StepFormProps) {
  return <TextFieldsStep {...props} step={businessDetails} />;
}

/** Step 2: the business's phone, email and website. */
export function ContactDetailsStep(props: StepFormProps) {
  return <TextFieldsStep {...props} step={contactDetails} />;
}

// The locality, postcode and state come together from the autocomplete, so one message covers them.
const LocationForm = z
  .object({
    addressLine: StreetAddress.shape.addressLine,
    locality: z.string(),
    postcode: z.string(),
    state: z.string(),
  })
  .superRefine((v, ctx) => {
    if (!v.locality || !v.postcode || !v.state)
      ctx.addIssue({ code: 'custom', path: ['locality'], message: 'Select a suburb or postcode' });
  });

/** Step 3: the primary location's street address and locality. */
export function PrimaryLocationStep({ registration: r, onSave, ...rest }: StepFormProps) {
  const fieldId = useFieldId();
  const a = r?.primaryLocation;
  const form = useStepForm(LocationForm, {
    addressLine: a?.addressLine ?? '',
    locality: a?.locality ?? '',
    postcode: a?.postcode ?? '',
    state: a?.state ?? '',
  });
  return (
    <StepForm
      form={form}
      fieldId={fieldId}
      onSubmit={(v) =>
        onSave({ step: 'primaryLocation', ...v, state: v.state as StreetAddress['state'] })
      }
      {...rest}
    >
      <AddressFields form={form} fieldId={fieldId} />
    </StepForm>
  );
}

/** Step 4: accept the participation agreement and submit. */
export function AgreementStep({ registration: r, onSave, ...rest }: StepFormProps) {
  const fieldId = useFieldId();
  const form = useStepForm(RegistrationAgreement, {
    agreementAccepted: (r?.agreementAccepted ?? false) as true,
  });
  const agreementError = form.formState.errors.agreementAccepted?.message;
  return (
    <StepForm
      form={form}
      fieldId={fieldId}
      submitLabel="Submit registration"
      onSubmit={() => onSave({ step: 'agreement', agreementAccepted: true })}
      {...rest}
    >
      <Prose>
        <p>
          By participating in Provider Connect Australia, {r?.businessName || 'your business'}{' '}
          agrees to keep its business, location, healthcare service and practitioner details
          accurate and up to date, to publish them only to partner services it chooses, and to
          manage who may act for it in the portal.
        </p>
        <p>
          The agency reviews every registration. You will be notified of the outcome; this is
          estimated to take 24 to 48 hours to complete.
        </p>
      </Prose>
      <ControlGroup
        label="Participation agreement"
        required
        block
        invalid={Boolean(agreementError)}
        message={agreementError}
      >
        {/* The agreement itself is a link away wherever it is ticked (issue 30). */}
        <DocumentLink document="participationAgreement" />
        <FormCheckbox control={form.control} name="agreementAccepted" fieldId={fieldId}>
          I have read and accept the participation agreement
        </FormCheckbox>
      </ControlGroup>
    </StepForm>
  );
}

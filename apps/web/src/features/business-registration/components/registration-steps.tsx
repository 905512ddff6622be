import { type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
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
import { FormCheckbox, FormFrame, FormTextField, useFieldId } from '#lib/forms/form-kit.tsx';
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

/** Step 1: legal name, business name and ABN (checked by its checksum). */
export function BusinessDetailsStep({ registration: r, onSave, ...rest }: StepFormProps) {
  const fieldId = useFieldId();
  const form = useStepForm(RegistrationBusinessDetails, {
    legalName: r?.legalName ?? '',
    businessName: r?.businessName ?? '',
    abn: r?.abn ?? '',
  });
  const c = form.control;
  return (
    <StepForm
      form={form}
      fieldId={fieldId}
      onSubmit={(v) => onSave({ step: 'businessDetails', ...v })}
      {...rest}
    >
      <FormTextField
        control={c}
        name="legalName"
        fieldId={fieldId}
        label="Legal name"
        maxWidth="xl"
        required
        hint="As registered with the Australian Business Register"
      />
      <FormTextField
        control={c}
        name="businessName"
        fieldId={fieldId}
        label="Business name"
        maxWidth="xl"
        required
        hint="The name your patients know you by"
      />
      <FormTextField
        control={c}
        name="abn"
        fieldId={fieldId}
        label="ABN"
        required
        maxWidth="md"
        hint="11 digits, for example 51 824 753 556"
      />
    </StepForm>
  );
}

/** Step 2: the business's phone, email and website. */
export function ContactDetailsStep({ registration: r, onSave, ...rest }: StepFormProps) {
  const fieldId = useFieldId();
  const form = useStepForm(RegistrationContactDetails, {
    phone: r?.phone ?? '',
    email: r?.email ?? '',
    website: r?.website ?? '',
  });
  const c = form.control;
  return (
    <StepForm
      form={form}
      fieldId={fieldId}
      onSubmit={(v) => onSave({ step: 'contactDetails', ...v })}
      {...rest}
    >
      <FormTextField
        control={c}
        name="phone"
        fieldId={fieldId}
        label="Phone"
        type="tel"
        required
        maxWidth="md"
        hint="For example 02 9123 4567"
      />
      <FormTextField
        control={c}
        name="email"
        fieldId={fieldId}
        label="Email"
        type="email"
        required
      />
      <FormTextField
        control={c}
        name="website"
        fieldId={fieldId}
        label="Website"
        hint="Starting with https://"
      />
    </StepForm>
  );
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

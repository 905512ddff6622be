import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Stack } from '@ag.ds-next/react/stack';
import { H2 } from '@ag.ds-next/react/heading';
import { Fieldset } from '@ag.ds-next/react/fieldset';
import { Button, ButtonGroup } from '@ag.ds-next/react/button';
import { RadioGroup } from '@pca/ui';
import { LocationInput, locationKindLabel, type LocationDetail } from '@pca/contracts';
import { ErrorSummary, FormCheckbox, FormTextField, useFieldId } from '#lib/forms/form-kit.tsx';
import { LocalityField } from './locality-field.tsx';

/** The form's values for a location. */
export function formValuesOf(l: LocationDetail | null): LocationInput {
  return {
    name: l?.name ?? '',
    kind: l?.kind ?? 'physical',
    addressLine: l?.addressLine ?? '',
    locality: l?.locality ?? '',
    postcode: l?.postcode ?? '',
    state: (l?.state ?? '') as LocationInput['state'],
    phone: l?.phone ?? '',
    afterHoursPhone: l?.afterHoursPhone ?? '',
    email: l?.email ?? '',
    fax: l?.fax ?? '',
    website: l?.website ?? '',
    suppressEmail: l?.suppressEmail ?? false,
    suppressPhone: l?.suppressPhone ?? false,
  };
}

/** Props of LocationForm. */
export type LocationFormProps = {
  /** The form's heading. */
  heading: string;
  /** Starting values. */
  defaultValues: LocationInput;
  /** Saves the values. */
  onSubmit: (values: LocationInput) => void;
  /** Leaves without saving. */
  onCancel: () => void;
  /** A save is in flight. */
  saving: boolean;
  /** The last save's error. */
  serverError: unknown;
};

/** Add or edit a location: its type, address (suburb/postcode autocomplete) and contact details. */
export function LocationForm({
  heading,
  defaultValues,
  onSubmit,
  onCancel,
  saving,
  serverError,
}: LocationFormProps) {
  const fieldId = useFieldId();
  const form = useForm<LocationInput>({
    resolver: zodResolver(LocationInput),
    defaultValues,
    // The error summary takes focus, not the first invalid field.
    shouldFocusError: false,
  });
  const c = form.control;
  const kind = useWatch({ control: form.control, name: 'kind' });
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} aria-labelledby={fieldId('heading')}>
      <Stack gap={2}>
        <H2 id={fieldId('heading')}>{heading}</H2>
        <ErrorSummary
          errors={form.formState.errors}
          fieldId={fieldId}
          submitCount={form.formState.submitCount}
          serverError={serverError}
        />
        <FormTextField
          control={c}
          name="name"
          fieldId={fieldId}
          label="Location name"
          required
          maxWidth="xl"
        />
        <Controller
          control={c}
          name="kind"
          render={({ field }) => (
            <RadioGroup
              label="Location type"
              name={field.name}
              required
              options={(['physical', 'MOBL', 'VI'] as const).map((k) => ({
                value: k,
                label: locationKindLabel[k],
              }))}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
        {kind === 'physical' ? (
          <Fieldset legend="Address">
            <Stack gap={1.5}>
              <FormTextField
                control={c}
                name="addressLine"
                fieldId={fieldId}
                label="Street address"
                required
              />
              <Controller
                control={c}
                name="locality"
                render={({ field, fieldState }) => {
                  const { locality, postcode, state } = form.getValues();
                  return (
                    <LocalityField
                      id={fieldId('locality')}
                      ref={field.ref}
                      message={fieldState.error?.message}
                      value={locality && postcode && state ? { locality, postcode, state } : null}
                      onChange={(v) => {
                        form.setValue('postcode', v?.postcode ?? '');
                        form.setValue('state', (v?.state ?? '') as LocationInput['state']);
                        field.onChange(v?.locality ?? '');
                      }}
                    />
                  );
                }}
              />
            </Stack>
          </Fieldset>
        ) : null}
        <Fieldset legend="Contact details">
          <Stack gap={1.5}>
            <FormTextField
              control={c}
              name="phone"
              fieldId={fieldId}
              label="Phone"
              type="tel"
              maxWidth="md"
            />
            <FormTextField
              control={c}
              name="afterHoursPhone"
              fieldId={fieldId}
              label="After-hours phone"
              type="tel"
              maxWidth="md"
            />
            <FormTextField
              control={c}
              name="email"
              fieldId={fieldId}
              label="Email"
              type="email"
              maxWidth="xl"
            />
            <FormTextField
              control={c}
              name="fax"
              fieldId={fieldId}
              label="Fax"
              type="tel"
              maxWidth="md"
            />
            <FormTextField
              control={c}
              name="website"
              fieldId={fieldId}
              label="Website"
              hint="Starting with https://"
              maxWidth="xl"
            />
            <FormCheckbox control={c} name="suppressPhone" fieldId={fieldId}>
              Do not publish the phone numbers
            </FormCheckbox>
            <FormCheckbox control={c} name="suppressEmail" fieldId={fieldId}>
              Do not publish the email address
            </FormCheckbox>
          </Stack>
        </Fieldset>
        <ButtonGroup>
          <Button type="submit" loading={saving} loadingLabel="Saving">
            Save
          </Button>
          <Button variant="tertiary" onClick={onCancel}>
            Cancel
          </Button>
        </ButtonGroup>
      </Stack>
    </form>
  );
}

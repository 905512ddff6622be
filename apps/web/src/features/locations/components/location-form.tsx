import { Controller, useWatch } from 'react-hook-form';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Fieldset } from '@pca/ui/primitives/fieldset.ts';
import { RadioGroup } from '@pca/ui';
import { LocationInput, locationKindLabel, type LocationDetail } from '@pca/contracts';
import { FormTextField, useFieldId } from '#lib/forms/form-kit.tsx';
import { EntityForm, type EntityFormProps } from '#lib/business/entity-form.tsx';
import { AddressFields } from '#lib/business/address-fields.tsx';
import { ContactFields } from '#lib/business/contact-fields.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';

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
export type LocationFormProps = EntityFormProps<LocationInput>;

/** Add or edit a location: its type, address (suburb/postcode autocomplete) and contact details. */
export function LocationForm({ defaultValues, ...frame }: LocationFormProps) {
  const fieldId = useFieldId();
  const form = useSchemaForm(LocationInput, {
    defaultValues,
  });
  const c = form.control;
  const kind = useWatch({ control: form.control, name: 'kind' });
  return (
    <EntityForm form={form} fieldId={fieldId} {...frame}>
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
            <AddressFields form={form} fieldId={fieldId} />
          </Stack>
        </Fieldset>
      ) : null}
      <ContactFields control={c} fieldId={fieldId} />
    </EntityForm>
  );
}

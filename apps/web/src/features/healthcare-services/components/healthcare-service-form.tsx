import { Controller } from 'react-hook-form';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Fieldset } from '@pca/ui/primitives/fieldset.ts';
import { billingOptions } from '@pca/contracts/value-lists.ts';
import {
  HealthcareServiceInput,
  locationKindLabel,
  weekDays,
  type HealthcareServiceDetail,
  type LocationSummary,
} from '@pca/contracts';
import {
  FormSelectField,
  FormTextareaField,
  FormTextField,
  useFieldId,
  FormCheckboxGroupField,
} from '#lib/forms/form-kit.tsx';
import { EntityForm, type EntityFormProps } from '#lib/business/entity-form.tsx';
import { ContactFields } from '#lib/business/contact-fields.tsx';
import { OpeningHoursEditor } from '#lib/forms/opening-hours-editor.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';
import { TerminologyComboboxField } from '#lib/forms/terminology-field.tsx';
import { LanguagesField } from '#lib/forms/languages-field.tsx';

/** The form's values for a service (every day listed so each has its row). */
export function formValuesOf(s: HealthcareServiceDetail | null): HealthcareServiceInput {
  return {
    name: s?.name ?? '',
    serviceType: s?.serviceType ?? '',
    specialty: s?.specialty ?? '',
    description: s?.description ?? '',
    locationId: s?.location?.id ?? '',
    startDate: s?.startDate ?? '',
    endDate: s?.endDate ?? '',
    phone: s?.phone ?? '',
    afterHoursPhone: s?.afterHoursPhone ?? '',
    email: s?.email ?? '',
    fax: s?.fax ?? '',
    website: s?.website ?? '',
    suppressEmail: s?.suppressEmail ?? false,
    suppressPhone: s?.suppressPhone ?? false,
    openingHours: weekDays.map(
      (day) => s?.openingHours.find((d) => d.day === day) ?? { day, allDay: false, ranges: [] },
    ),
    languages: s?.languages ?? [],
    billing: s?.billing ?? [],
  };
}

/** Props of HealthcareServiceForm. */
export type HealthcareServiceFormProps = EntityFormProps<HealthcareServiceInput> & {
  /** Locations the service may be at. */
  locationOptions: LocationSummary[];
};

/** Add or edit a healthcare service: details, contact details with suppress flags, and opening hours. */
export function HealthcareServiceForm({
  defaultValues,
  locationOptions,
  ...frame
}: HealthcareServiceFormProps) {
  const fieldId = useFieldId();
  const form = useSchemaForm(HealthcareServiceInput, {
    defaultValues,
  });
  const c = form.control;
  return (
    <EntityForm form={form} fieldId={fieldId} {...frame}>
      <Fieldset legend="Service details">
        <Stack gap={1.5}>
          <FormTextField
            control={c}
            name="name"
            fieldId={fieldId}
            label="Name"
            required
            maxWidth="xl"
          />
          <TerminologyComboboxField
            control={c}
            name="serviceType"
            fieldId={fieldId}
            label="Service type"
            required
            maxWidth="xl"
            hint="Type part of the name, then choose from the list, for example General practice service"
            valueSet="service-type"
          />
          <TerminologyComboboxField
            control={c}
            name="specialty"
            fieldId={fieldId}
            label="Specialty"
            maxWidth="xl"
            hint="Type part of the name, then choose from the list, for example Dermatology"
            valueSet="clinical-specialty"
          />
          <LanguagesField
            control={c}
            name="languages"
            fieldId={fieldId}
            hint="Languages other than English the service is offered in. Type part of the name, then choose from the list"
          />
          <FormCheckboxGroupField
            control={c}
            name="billing"
            label="Billing"
            hint="Choose each way the service bills patients"
            options={billingOptions.map((b) => ({ value: b.code, label: b.label }))}
          />
          <FormTextareaField
            control={c}
            name="description"
            fieldId={fieldId}
            label="Description"
            maxLength={2000}
          />
          <FormSelectField
            control={c}
            name="locationId"
            fieldId={fieldId}
            label="Location"
            required
            maxWidth="xl"
            options={locationOptions.map((l) => ({
              value: l.id,
              label: `${l.name} (${l.address || locationKindLabel[l.kind]})`,
            }))}
          />
          <FormTextField
            control={c}
            name="startDate"
            fieldId={fieldId}
            label="Start date"
            maxWidth="sm"
            hint="As yyyy-mm-dd, for example 2025-01-31"
          />
          <FormTextField
            control={c}
            name="endDate"
            fieldId={fieldId}
            label="End date"
            maxWidth="sm"
            hint="As yyyy-mm-dd; leave empty while the service continues"
          />
        </Stack>
      </Fieldset>
      <ContactFields control={c} fieldId={fieldId} />
      <Controller
        control={c}
        name="openingHours"
        render={({ field }) => (
          <OpeningHoursEditor
            name="openingHours"
            value={field.value}
            onChange={field.onChange}
            rangeError={(d, r, f) =>
              form.formState.errors.openingHours?.[d]?.ranges?.[r]?.[f]?.message
            }
            fieldId={fieldId}
          />
        )}
      />
    </EntityForm>
  );
}

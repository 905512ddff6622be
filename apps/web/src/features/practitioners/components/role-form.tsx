import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { TextInput } from '@pca/ui/primitives/text-input.ts';
import {
  PractitionerRoleFields,
  type RoleServiceOption,
  type UpdatePractitionerRole,
} from '@pca/contracts/practitioners.ts';
import { uuid } from '@pca/contracts/ids.ts';
import { closedWeek, hasHours, type OpeningDay, WeekDay } from '@pca/contracts/opening-hours.ts';
import { Button, ButtonGroup, SelectField, TextField } from '@pca/ui';
import { ApiError } from '#lib/http.ts';
import { describeApiErrorText } from '#lib/errors/describe-api-error.ts';
import { ErrorSummary } from '#lib/forms/form-kit.tsx';
import { TerminologyComboboxField } from '#lib/forms/terminology-field.tsx';
import { LanguagesField } from '#lib/forms/languages-field.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';
import { OpeningHoursEditor } from '#lib/forms/opening-hours-editor.tsx';

/** What the form's inputs hold: text, converted to the contract's shape on submit. */
export type RoleFormValues = {
  healthcareServiceId: string;
  primaryType: string;
  specialty: string;
  /** BCP 47 codes of the languages offered in the role (docs/decisions/078-languages-and-billing.md). */
  languages: string[];
  preferredName: string;
  numberOfDays: string;
  startDate: string;
  endDate: string;
  /** When the practitioner is available in the role: every day of the week, in order. */
  availableTime: OpeningDay[];
};

/** What a valid form submits. */
export type RoleFormResult = UpdatePractitionerRole & { healthcareServiceId: string };

const text = z.string();
const RoleTarget = z
  .object({ healthcareServiceId: uuid('Select a healthcare service') })
  .and(PractitionerRoleFields);
/** The editor's days, their shape only: their rules are the contract's, checked with every other field. */
const editedDay = z.object({
  day: WeekDay,
  allDay: z.boolean(),
  ranges: z.array(z.object({ opens: text, closes: text })),
});
/**
 * The form schema: the contract's PractitionerRoleFields after turning the inputs' text into values. The
 * first step only takes the inputs' shape and never refuses what a person can enter, so every field's
 * error comes from the contract in one pass: an hours error does not hide the start date's.
 */
const RoleFormSchema = z
  .object({
    healthcareServiceId: text,
    primaryType: text,
    specialty: text,
    languages: z.array(text),
    preferredName: text,
    numberOfDays: text,
    startDate: text,
    endDate: text,
    availableTime: z.array(editedDay),
  })
  .transform((v): z.input<typeof RoleTarget> => ({
    healthcareServiceId: v.healthcareServiceId,
    primaryType: v.primaryType,
    specialty: v.specialty,
    languages: v.languages,
    preferredName: v.preferredName,
    numberOfDays: v.numberOfDays.trim() === '' ? null : Number(v.numberOfDays),
    startDate: v.startDate,
    endDate: v.endDate === '' ? null : v.endDate,
    // Every day "Not available" is no hours of its own (docs/decisions/080-hours-all-day-and-rsg.md).
    availableTime: hasHours(v.availableTime) ? v.availableTime : [],
  }))
  .pipe(RoleTarget);

const ids = {
  healthcareServiceId: 'role-healthcare-service',
  primaryType: 'role-primary-type',
  specialty: 'role-specialty',
  languages: 'role-languages',
  preferredName: 'role-preferred-name',
  numberOfDays: 'role-number-of-days',
  startDate: 'role-start-date',
  endDate: 'role-end-date',
} as const;

const fieldIdOf = (name: string) => ids[name as keyof typeof ids] ?? name;

/** Props of RoleForm. */
export type RoleFormProps = {
  /** Services to choose from; when there is one fixed service, pass only it and set serviceFixed. */
  services: RoleServiceOption[];
  /** The service cannot change (editing a role). */
  serviceFixed?: boolean;
  /** Role types of the value set. */
  roleTypes: string[];
  /** Starting values (no available time: every day "Not available"). */
  defaultValues: Omit<RoleFormValues, 'availableTime'> & { availableTime?: OpeningDay[] };
  /** Saves; a thrown ApiError with field errors is shown on the fields. */
  onSubmit: (values: RoleFormResult) => Promise<void>;
  /** Leaves without saving. */
  onCancel: () => void;
  /** Label of the submit button. */
  submitLabel: string;
};

/** The practitioner role fields (service, role, preferred name, days, dates), validated with the contract. */
export function RoleForm({
  services,
  serviceFixed = false,
  roleTypes,
  defaultValues,
  onSubmit,
  onCancel,
  submitLabel,
}: RoleFormProps) {
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useSchemaForm(RoleFormSchema, {
    defaultValues: {
      ...defaultValues,
      availableTime: defaultValues.availableTime?.length
        ? defaultValues.availableTime
        : closedWeek(),
    },
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await onSubmit(values);
    } catch (error) {
      if (error instanceof ApiError && error.problem?.errors?.length) {
        for (const e of error.problem.errors)
          if (e.field in ids || e.field.startsWith('availableTime.'))
            setError(e.field as Parameters<typeof setError>[0], { message: e.message });
          else setServerError(e.message);
      } else {
        setServerError(
          error instanceof ApiError && error.status === 403
            ? 'You cannot manage practitioner roles of this healthcare service.'
            : describeApiErrorText(error, { thing: 'the practitioner role', action: 'save' }),
        );
      }
    }
  });

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-label="Practitioner role">
      <Stack gap={1.5}>
        <ErrorSummary
          form={form}
          fieldId={fieldIdOf}

          message={serverError}
        />
        <SelectField
          id={ids.healthcareServiceId}
          label="Healthcare service"
          required
          disabled={serviceFixed}
          options={services.map((s) => ({
            value: s.id,
            label: `${s.name} (${s.organisationName})`,
          }))}
          message={errors.healthcareServiceId?.message}
          maxWidth="xl"
          {...register('healthcareServiceId')}
        />
        <SelectField
          id={ids.primaryType}
          label="Role"
          required
          options={roleTypes.map((t) => ({ value: t, label: t }))}
          message={errors.primaryType?.message}
          {...register('primaryType')}
        />
        <TerminologyComboboxField
          control={form.control}
          name="specialty"
          fieldId={fieldIdOf}
          label="Specialty"
          hint="Type part of the name, then choose from the list, for example General practice"
          maxWidth="xl"
          valueSet="clinical-specialty"
        />
        <LanguagesField
          control={form.control}
          name="languages"
          fieldId={fieldIdOf}
          hint="Languages other than English this practitioner offers patients in this role. Type part of the name, then choose from the list"
        />
        <TextField
          id={ids.preferredName}
          label="Preferred name"
          maxLength={200}
          message={errors.preferredName?.message}
          {...register('preferredName')}
        />
        <TextField
          id={ids.numberOfDays}
          label="Number of days"
          hint="Days a week at this service, from 1 to 7"
          maxWidth="xs"
          message={errors.numberOfDays?.message}
          {...register('numberOfDays')}
        />
        <TextInput
          id={ids.startDate}
          type="date"
          label="Start date"
          required
          maxWidth="md"
          invalid={Boolean(errors.startDate)}
          message={errors.startDate?.message}
          {...register('startDate')}
        />
        <TextInput
          id={ids.endDate}
          type="date"
          label="End date"
          hint="Leave empty while the role continues"
          maxWidth="md"
          invalid={Boolean(errors.endDate)}
          message={errors.endDate?.message}
          {...register('endDate')}
        />
        {/* The role's own hours (docs/decisions/080-hours-all-day-and-rsg.md). */}
        <Controller
          control={form.control}
          name="availableTime"
          render={({ field }) => (
            <OpeningHoursEditor
              name="availableTime"
              value={field.value}
              onChange={field.onChange}
              rangeError={(d, r, f) => errors.availableTime?.[d]?.ranges?.[r]?.[f]?.message}
              fieldId={fieldIdOf}
              legend="When this practitioner is available in this role (optional)"
              hint="Leave every day as Not available if the role has no set hours. Times are 24-hour, for example 08:30 or 17:00."
              closedLabel="Not available"
              allDayLabel="Available 24 hours"
              hoursLabel="Available at set times"
            />
          )}
        />
        <ButtonGroup>
          <Button type="submit" loading={isSubmitting} loadingLabel="Saving">
            {submitLabel}
          </Button>
          <Button variant="tertiary" onClick={onCancel}>
            Cancel
          </Button>
        </ButtonGroup>
      </Stack>
    </form>
  );
}

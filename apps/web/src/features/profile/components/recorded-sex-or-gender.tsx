import {
  RecordedSexOrGenderUpdate,
  profileMessages,
  recordedSexOrGenderCodes,
  recordedSexOrGenderDisplay,
  type Profile,
} from '@pca/contracts';
import { FormFrame, FormSelectField, useFieldId } from '#lib/forms/form-kit.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';
import { profileChanges, useProfileChange } from '../api/change-profile.ts';

/** Props of RecordedSexOrGender. */
export type RecordedSexOrGenderProps = {
  profile: Profile;
  /** Shows (or, with null, clears) the page's status banner. */
  onStatus: (message: string | null) => void;
};

const options = recordedSexOrGenderCodes.map((code) => ({
  value: code,
  label: recordedSexOrGenderDisplay[code],
}));

/**
 * The practitioner's own recorded sex or gender (docs/decisions/080-hours-all-day-and-rsg.md): optional,
 * published to partners on their practitioner record; "Prefer not to say" keeps and publishes nothing.
 */
export function RecordedSexOrGender({ profile, onStatus }: RecordedSexOrGenderProps) {
  const fieldId = useFieldId();
  const save = useProfileChange(profileChanges.recordedSexOrGender);
  const form = useSchemaForm(RecordedSexOrGenderUpdate, {
    defaultValues: { recordedSexOrGender: profile.recordedSexOrGender ?? '' },
  });
  return (
    <FormFrame
      form={form}
      fieldId={fieldId}
      heading="Recorded sex or gender"
      serverError={save.error}
      // Its own words: the tab's personal contact details have a Save of their own.
      submitLabel="Save recorded sex or gender"
      saving={save.isPending}
      onSubmit={(body) => {
        onStatus(null);
        save.mutate(
          { userId: profile.id, body },
          {
            onSuccess: (saved) => {
              form.reset({ recordedSexOrGender: saved.recordedSexOrGender ?? '' });
              onStatus(profileMessages.detailsSaved);
            },
          },
        );
      }}
    >
      <FormSelectField
        control={form.control}
        name="recordedSexOrGender"
        fieldId={fieldId}
        label="Recorded sex or gender"
        hint="Partners’ directories may let patients search for a practitioner by it."
        placeholder="Prefer not to say"
        maxWidth="md"
        options={options}
      />
    </FormFrame>
  );
}

import { useNavigate } from 'react-router';
import {
  PersonalContactDetailsUpdate,
  constants,
  profileMessages,
  type Profile,
} from '@pca/contracts';
import { pages } from '@pca/contracts/pages.ts';
import { Button } from '@pca/ui/button/button.tsx';
import { Text } from '@pca/ui/primitives/text.ts';
import { FormFrame, FormTextField, useFieldId } from '#lib/forms/form-kit.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';
import { profileChanges, useProfileChange } from '../api/change-profile.ts';

/** Props of PersonalContactDetails. */
export type PersonalContactDetailsProps = {
  profile: Profile;
  /** Shows (or, with null, clears) the page's status banner. */
  onStatus: (message: string | null) => void;
  /** Where to go once saved (the page's `previousPath`, a portal path); null stays and shows the banner. */
  previousPath: string | null;
};

/**
 * The practitioner record's personal email and phone (docs/product/features.md#profile): both optional,
 * shared only with organisations the practitioner or their delegate chooses.
 */
export function PersonalContactDetails({
  profile,
  onStatus,
  previousPath,
}: PersonalContactDetailsProps) {
  const navigate = useNavigate();
  const fieldId = useFieldId();
  const save = useProfileChange(profileChanges.personalContactDetails);
  const form = useSchemaForm(PersonalContactDetailsUpdate, {
    defaultValues: {
      personalEmail: profile.personalEmail ?? '',
      personalPhone: profile.personalPhone ?? '',
    },
  });
  return (
    <FormFrame
      form={form}
      fieldId={fieldId}
      heading="Personal contact details"
      intro={<Text as="p">{profileMessages.personalContactDetailsText}</Text>}
      serverError={save.error}
      submitLabel="Save"
      saving={save.isPending}
      onSubmit={(body) => {
        onStatus(null);
        save.mutate(
          { userId: profile.id, body },
          {
            onSuccess: (saved) => {
              form.reset({
                personalEmail: saved.personalEmail ?? '',
                personalPhone: saved.personalPhone ?? '',
              });
              if (previousPath) void navigate(previousPath);
              else onStatus(profileMessages.detailsSaved);
            },
          },
        );
      }}
      otherActions={
        <Button variant="secondary" onClick={() => void navigate(pages.welcome.dashboard.href())}>
          Cancel
        </Button>
      }
    >
      <FormTextField
        control={form.control}
        name="personalEmail"
        fieldId={fieldId}
        label="Personal email"
        type="email"
        maxLength={constants.emailMaxLength}
        maxWidth="xl"
      />
      <FormTextField
        control={form.control}
        name="personalPhone"
        fieldId={fieldId}
        label="Personal phone"
        type="tel"
        maxLength={constants.phoneMaxLength}
        maxWidth="md"
      />
    </FormFrame>
  );
}

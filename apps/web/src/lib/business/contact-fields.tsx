import type { Control, FieldValues } from 'react-hook-form';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Fieldset } from '@pca/ui/primitives/fieldset.ts';
import type { EntityContactDetails } from '@pca/contracts';
import { FormCheckbox, FormTextField } from '#lib/forms/form-kit.tsx';

/** The contact fields of a location or healthcare service, with their publish flags. */
export type ContactValues = EntityContactDetails & {
  suppressEmail: boolean;
  suppressPhone: boolean;
};

/** Props of ContactFields. */
export type ContactFieldsProps<T extends FieldValues> = {
  /** The form's control; its values hold the contact fields. */
  control: Control<T>;
  /** Element id of a field by name. */
  fieldId: (name: string) => string;
};

/** The "Contact details" fieldset: phones, email, fax, website and the do-not-publish flags. */
export function ContactFields<T extends ContactValues>({
  control,
  fieldId,
}: ContactFieldsProps<T>) {
  // Generic paths cannot be named on T, so the fields are bound through the contact shape they share.
  const c = control as unknown as Control<ContactValues>;
  return (
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
        <FaxAndWebsiteFields control={c} fieldId={fieldId} websiteWidth="xl" />
        <FormCheckbox control={c} name="suppressPhone" fieldId={fieldId}>
          Do not publish the phone numbers
        </FormCheckbox>
        <FormCheckbox control={c} name="suppressEmail" fieldId={fieldId}>
          Do not publish the email address
        </FormCheckbox>
      </Stack>
    </Fieldset>
  );
}

/** Props of FaxAndWebsiteFields. */
export type FaxAndWebsiteFieldsProps<T extends FieldValues> = ContactFieldsProps<T> & {
  /** The website field's width (the field's default when not given). */
  websiteWidth?: 'xl';
};

/** Fax and website, as every business entity's form asks for them. */
export function FaxAndWebsiteFields<T extends { fax: string; website: string }>({
  control,
  fieldId,
  websiteWidth,
}: FaxAndWebsiteFieldsProps<T>) {
  // Bound through the two fields every entity shares, as ContactFields does.
  const c = control as unknown as Control<{ fax: string; website: string }>;
  return (
    <>
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
        {...(websiteWidth ? { maxWidth: websiteWidth } : {})}
      />
    </>
  );
}

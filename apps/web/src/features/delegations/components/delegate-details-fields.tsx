import type { Control } from 'react-hook-form';
import { FormTextField } from '#lib/forms/form-kit.tsx';

/** The details of a person being invited: the names and email the invitation goes out with. */
export type DelegateDetails = { givenName: string; familyName: string; email: string };

/** Props of DelegateDetailsFields. */
export type DelegateDetailsFieldsProps = {
  /** The form's control. */
  control: Control<DelegateDetails>;
  /** Element id of a field by name. */
  fieldId: (name: string) => string;
  /** Hint under the email (the resend page says the mail goes on the practitioner's behalf). */
  emailHint?: string;
};

/** First name, last name and email of a delegate (docs/product/features.md#delegation details form, 2.3 confirm delegate). */
export function DelegateDetailsFields({ control, fieldId, emailHint }: DelegateDetailsFieldsProps) {
  return (
    <>
      <FormTextField
        control={control}
        name="givenName"
        fieldId={fieldId}
        label="First name"
        required
        maxLength={100}
        maxWidth="lg"
      />
      <FormTextField
        control={control}
        name="familyName"
        fieldId={fieldId}
        label="Last name"
        required
        maxLength={100}
        maxWidth="lg"
      />
      <FormTextField
        control={control}
        name="email"
        fieldId={fieldId}
        label="Email"
        {...(emailHint ? { hint: emailHint } : {})}
        type="email"
        required
        maxLength={100}
        maxWidth="xl"
      />
    </>
  );
}

import { Text } from '@pca/ui/primitives/text.ts';
import { dialogWidths, RegisterUserRequest, type CurrentUser } from '@pca/contracts';
import { useRegisterUser } from '../api/register-user.ts';
import { ConsentForm, consents } from './consent-form.tsx';
import { MandatoryModal } from './mandatory-modal.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';

/** Props of RegisterUserDialog. */
export type RegisterUserDialogProps = {
  /** The signed-in user (for the greeting and any email already known). */
  user: Pick<CurrentUser, 'givenName' | 'email' | 'phone'>;
  /** Called after the profile is saved. */
  onRegistered: () => void;
  /** Called when the user leaves without registering. */
  onCancel: () => void;
};

/** Mandatory dialog 1 (docs/product/rules.md#states): collects email and phone and the terms and privacy acceptance. */
export function RegisterUserDialog({ user, onRegistered, onCancel }: RegisterUserDialogProps) {
  const mutation = useRegisterUser();
  const form = useSchemaForm(RegisterUserRequest, {
    defaultValues: {
      email: user.email ?? '',
      phone: user.phone ?? '',
      acceptTermsOfUse: false,
      acceptPrivacyNotice: false,
    },
  });

  return (
    <MandatoryModal
      title="Register your account"
      width={dialogWidths.registerUser}
      onCancel={onCancel}
    >
      <ConsentForm
        form={form}
        onSubmit={(body) => mutation.mutate(body, { onSuccess: onRegistered })}
        intro={
          <Text as="p">
            Welcome {user.givenName}. Before you continue, tell us how to contact you and accept the
            terms of use and privacy notice.
          </Text>
        }
        failure={
          mutation.isError
            ? {
                title: 'Error saving basic information.',
                text: 'Please check your details and try again.',
              }
            : null
        }
        contact
        consents={[consents.termsOfUse, consents.privacyNotice]}
        submitLabel="Save and continue"
        pending={mutation.isPending}
        onCancel={onCancel}
      />
    </MandatoryModal>
  );
}

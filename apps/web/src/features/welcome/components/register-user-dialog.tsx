import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Stack } from '@ag.ds-next/react/stack';
import { Text } from '@ag.ds-next/react/text';
import { Button, ButtonGroup } from '@ag.ds-next/react/button';
import { Alert } from '@pca/ui/alert/alert.tsx';
import { Modal } from '@pca/ui/modal/modal.tsx';
import { dialogWidths, RegisterUserRequest, type CurrentUser } from '@pca/contracts';
import { useRegisterUser } from '../api/register-user.ts';
import { ErrorSummary } from './error-summary.tsx';
import { ConsentCheckbox, ContactFields, useFieldIds } from './form-fields.tsx';

/** Props of RegisterUserDialog. */
export type RegisterUserDialogProps = {
  /** The signed-in user (for the greeting and any email already known). */
  user: Pick<CurrentUser, 'givenName' | 'email' | 'phone'>;
  /** Called after the profile is saved. */
  onRegistered: () => void;
  /** Called when the user leaves without registering. */
  onCancel: () => void;
};

type Input = z.input<typeof RegisterUserRequest>;
const fields = ['email', 'phone', 'acceptTermsOfUse', 'acceptPrivacyNotice'] as const;

/** Mandatory dialog 1 (spec 1 §4): collects email and phone and the terms and privacy acceptance. */
export function RegisterUserDialog({ user, onRegistered, onCancel }: RegisterUserDialogProps) {
  const ids = useFieldIds(fields);
  const mutation = useRegisterUser();
  const form = useForm<Input, unknown, z.output<typeof RegisterUserRequest>>({
    resolver: zodResolver(RegisterUserRequest),
    defaultValues: {
      email: user.email ?? '',
      phone: user.phone ?? '',
      acceptTermsOfUse: false,
      acceptPrivacyNotice: false,
    },
  });
  const submit = form.handleSubmit((body) => mutation.mutate(body, { onSuccess: onRegistered }));

  return (
    <Modal
      isOpen
      onClose={onCancel}
      title="Register your account"
      width={dialogWidths.registerUser}
      closable={false}
      dismissOnClickOutside={false}
    >
      <form noValidate onSubmit={submit}>
        <Stack gap={1.5}>
          <Text as="p">
            Welcome {user.givenName}. Before you continue, tell us how to contact you and accept the
            terms of use and privacy notice.
          </Text>
          <ErrorSummary
            errors={form.formState.errors}
            fieldIds={ids}
            submitCount={form.formState.submitCount}
          />
          {mutation.isError ? (
            <Alert tone="error" title="Error saving basic information.">
              <Text as="p">Please check your details and try again.</Text>
            </Alert>
          ) : null}
          <ContactFields control={form.control} ids={ids} />
          <ConsentCheckbox
            control={form.control}
            name="acceptTermsOfUse"
            id={ids.acceptTermsOfUse}
            legend="Terms of use"
          >
            I accept the terms of use
          </ConsentCheckbox>
          <ConsentCheckbox
            control={form.control}
            name="acceptPrivacyNotice"
            id={ids.acceptPrivacyNotice}
            legend="Privacy notice"
          >
            I have read and accept the privacy notice
          </ConsentCheckbox>
          <ButtonGroup>
            <Button type="submit" loading={mutation.isPending} loadingLabel="Saving">
              Save and continue
            </Button>
            <Button type="button" variant="tertiary" onClick={onCancel}>
              Cancel
            </Button>
          </ButtonGroup>
        </Stack>
      </form>
    </Modal>
  );
}

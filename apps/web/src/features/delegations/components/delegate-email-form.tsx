import { InviteDelegateRequest, delegateSearchMessages } from '@pca/contracts';
import type { UseFormReturn } from 'react-hook-form';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { FormTextField, useFieldId } from '#lib/forms/form-kit.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';

const EmailOnly = InviteDelegateRequest.pick({ email: true });

/** The email form's values. */
export type DelegateEmail = { email: string };

/** The email form of a person found without an email (the page validates it when Assign is pressed). */
export function useDelegateEmailForm(): UseFormReturn<DelegateEmail> {
  return useSchemaForm(EmailOnly, { defaultValues: { email: '' } });
}

/**
 * Step 1 by invitation, a person found with no email on record (docs/product/features.md#delegation): the email the
 * invitation goes to.
 */
export function DelegateEmailForm({ form }: { form: UseFormReturn<DelegateEmail> }) {
  const fieldId = useFieldId();
  return (
    <form noValidate aria-label="Their email" onSubmit={(e) => e.preventDefault()}>
      <Stack gap={1}>
        <Text as="p">{delegateSearchMessages.noEmailMatch}</Text>
        <FormTextField
          control={form.control}
          name="email"
          fieldId={fieldId}
          label="Email"
          type="email"
          required
          maxLength={100}
          maxWidth="xl"
        />
      </Stack>
    </form>
  );
}

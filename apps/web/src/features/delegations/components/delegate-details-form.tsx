import { InviteDelegateRequest } from '@pca/contracts';
import type { UseFormReturn } from 'react-hook-form';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { ErrorSummary, useFieldId } from '#lib/forms/form-kit.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';
import { DelegateDetailsFields, type DelegateDetails } from './delegate-details-fields.tsx';

const DetailsForm = InviteDelegateRequest.pick({ givenName: true, familyName: true, email: true });

/** The details form of a person not yet a user (the page validates it when Assign is pressed). */
export function useDelegateDetailsForm(): UseFormReturn<DelegateDetails> {
  return useSchemaForm(DetailsForm, {
    defaultValues: { givenName: '', familyName: '', email: '' },
  });
}

/** The details are all entered (Assign may be pressed; validation happens then). */
export function detailsEntered(values: DelegateDetails): boolean {
  return (
    values.givenName.trim() !== '' && values.familyName.trim() !== '' && values.email.trim() !== ''
  );
}

/**
 * Step 1 by invitation, no user with that RA number (docs/product/features.md#delegation details form): the names
 * and email the invitation goes out with.
 */
export function DelegateDetailsForm({ form }: { form: UseFormReturn<DelegateDetails> }) {
  const fieldId = useFieldId();
  return (
    <form noValidate aria-label="Their details" onSubmit={(e) => e.preventDefault()}>
      <Stack gap={1}>
        <Text as="p">
          There is no Provider Connect Australia user with that RA number yet. Enter their details
          and we will email the invitation on your behalf.
        </Text>
        <ErrorSummary form={form} fieldId={fieldId} />
        <DelegateDetailsFields control={form.control} fieldId={fieldId} />
      </Stack>
    </form>
  );
}

import { BankAccountInput, type BankAccountValues } from '@pca/contracts/bank-account.ts';
import { bankAccountMessages as messages } from '@pca/contracts/bank-account-paths.ts';
import { Button } from '@pca/ui/button/button.tsx';
import { Text } from '@pca/ui/primitives/text.ts';
import { FormFrame, FormTextField, useFieldId } from '#lib/forms/form-kit.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';

/** Props of BankAccountForm. */
export type BankAccountFormProps = {
  /** Replacing a saved account (Cancel goes back to it), rather than adding the first. */
  replacing: boolean;
  saving: boolean;
  serverError: unknown;
  onSave: (values: BankAccountValues) => void;
  onCancel: () => void;
};

/**
 * The whole account, checked by the contracts' schema the server applies too (docs/product/bank-account.md):
 * the saved numbers are never sent back to the browser, so replacing means entering the account again.
 */
export function BankAccountForm({
  replacing,
  saving,
  serverError,
  onSave,
  onCancel,
}: BankAccountFormProps) {
  const fieldId = useFieldId();
  const form = useSchemaForm(BankAccountInput, {
    defaultValues: { accountName: '', bsb: '', accountNumber: '' },
  });
  return (
    <FormFrame
      form={form}
      fieldId={fieldId}
      heading={replacing ? messages.editTitle : messages.add}
      intro={<Text as="p">{replacing ? messages.editHint : messages.none}</Text>}
      serverError={serverError}
      submitLabel={messages.save}
      saving={saving}
      onSubmit={onSave}
      otherActions={
        replacing ? (
          <Button variant="secondary" onClick={onCancel}>
            {messages.cancel}
          </Button>
        ) : undefined
      }
    >
      <FormTextField
        control={form.control}
        name="accountName"
        fieldId={fieldId}
        label={messages.accountNameLabel}
        required
        maxLength={100}
        maxWidth="xl"
      />
      <FormTextField
        control={form.control}
        name="bsb"
        fieldId={fieldId}
        label={messages.bsbLabel}
        hint={messages.bsbHint}
        required
        maxLength={7}
        maxWidth="sm"
      />
      <FormTextField
        control={form.control}
        name="accountNumber"
        fieldId={fieldId}
        label={messages.accountNumberLabel}
        hint={messages.accountNumberHint}
        required
        maxLength={12}
        maxWidth="md"
      />
    </FormFrame>
  );
}

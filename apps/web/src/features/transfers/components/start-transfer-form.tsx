import { Button } from '@pca/ui';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { StartTransfer, transferMessages, uuid, type TransferOptions } from '@pca/contracts';
import { ErrorSummary, FormSelectField, FormTextareaField } from '#lib/forms/form-kit.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';

// Where it is now only narrows the lists; the server reads the owner from the entity itself.
const StartTransferForm = StartTransfer.extend({
  fromOrganisationId: uuid('Choose the organisation it belongs to now'),
});

const fieldIds: Record<string, string> = {
  fromOrganisationId: 'transfer-from',
  entityType: 'transfer-entity-type',
  entityId: 'transfer-entity',
  toOrganisationId: 'transfer-to',
  reason: 'transfer-reason',
};
const fieldId = (name: string) => fieldIds[name] ?? name;

/** Props of StartTransferFormView. */
export type StartTransferFormProps = {
  options: TransferOptions;
  onStart: (values: StartTransfer) => Promise<unknown>;
  saving: boolean;
  serverError: unknown;
};

/** The operator's form: what moves (a location or a service of one organisation), to whom, and why. */
export function StartTransferFormView({
  options,
  onStart,
  saving,
  serverError,
}: StartTransferFormProps) {
  const form = useSchemaForm(StartTransferForm, {
    defaultValues: {
      fromOrganisationId: '',
      entityType: 'Location',
      entityId: '',
      toOrganisationId: '',
      reason: '',
    },
  });
  const from = form.watch('fromOrganisationId');
  const type = form.watch('entityType');
  const source = options.organisations.find((o) => o.id === from);
  const entities =
    (type === 'Location' ? source?.locations : source?.services)?.map((e) => ({
      value: e.id,
      label: e.name,
    })) ?? [];
  // An organisation with nothing of the chosen kind would leave the list with only "Please select": say why,
  // and whether switching the kind helps.
  const entityHint = !source
    ? transferMessages.chooseOrganisationFirst
    : entities.length > 0
      ? undefined
      : transferMessages.nothingToTransfer(
          source.name,
          source.locations.length === 0 && source.services.length === 0 ? 'either' : type,
        );
  return (
    <form
      noValidate
      aria-labelledby="start-transfer"
      onSubmit={(event) =>
        void form.handleSubmit(async ({ fromOrganisationId: _from, ...values }) => {
          try {
            await onStart(values);
          } catch {
            // The refusal is the server error the summary shows (serverError); the form keeps what was typed.
            return;
          }
          form.reset();
        })(event)
      }
    >
      <Stack gap={1.5}>
        <h2 id="start-transfer" style={{ margin: 0 }}>
          Start a transfer
        </h2>
        <ErrorSummary form={form} fieldId={fieldId} serverError={serverError} />
        <FormSelectField
          control={form.control}
          name="fromOrganisationId"
          fieldId={fieldId}
          label="Organisation it belongs to now"
          required
          maxWidth="xl"
          options={options.organisations.map((o) => ({ value: o.id, label: o.name }))}
          onValueChange={(value) => {
            form.setValue('entityId', '');
            // The receiving organisation is never the current one, which it no longer offers: a receiver
            // chosen before must not be sent unseen (docs/product/transfers.md).
            if (form.getValues('toOrganisationId') === value) form.setValue('toOrganisationId', '');
          }}
        />
        <FormSelectField
          control={form.control}
          name="entityType"
          fieldId={fieldId}
          label="What to transfer"
          required
          maxWidth="xl"
          options={[
            { value: 'Location', label: 'A location (its services move with it)' },
            { value: 'HealthcareService', label: 'A healthcare service' },
          ]}
          onValueChange={() => form.setValue('entityId', '')}
        />
        <FormSelectField
          control={form.control}
          name="entityId"
          fieldId={fieldId}
          label={type === 'Location' ? 'Location' : 'Healthcare service'}
          hint={entityHint}
          required
          maxWidth="xl"
          options={entities}
        />
        <FormSelectField
          control={form.control}
          name="toOrganisationId"
          fieldId={fieldId}
          label="Receiving organisation"
          hint="Its managers are emailed and accept or decline the transfer"
          required
          maxWidth="xl"
          options={options.organisations
            .filter((o) => o.id !== from)
            .map((o) => ({ value: o.id, label: o.name }))}
        />
        <FormTextareaField
          control={form.control}
          name="reason"
          fieldId={fieldId}
          label="Reason for the transfer"
          hint="Both organisations’ managers see it"
          required
          maxLength={1000}
        />
        <div>
          <Button type="submit" loading={saving}>
            Start transfer
          </Button>
        </div>
      </Stack>
    </form>
  );
}

import { Button } from '@pca/ui';
import { Stack } from '@pca/ui/primitives/stack.ts';
import {
  partnerServiceConstants as c,
  partnerServiceRoles,
  RegisterPartnerService,
} from '@pca/contracts';
import {
  ErrorSummary,
  FormCheckbox,
  FormSelectField,
  FormTextField,
} from '#lib/forms/form-kit.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';

const fieldId = (name: string) => `partner-service-${name}`;

const roleLabels: Record<(typeof partnerServiceRoles)[number], string> = {
  directory: 'Directory',
  payer: 'Payer',
  referral: 'Referral network',
};

/** Values of the form: the details, and the code when registering. */
export type PartnerServiceValues = RegisterPartnerService;

/** A new partner service's form: its role starts unchosen, so the operator picks one ("Select a role"). */
export const emptyPartnerService: PartnerServiceStart = {
  code: '',
  name: '',
  shownToProviders: true,
  contactName: '',
  contactEmail: '',
  contactPhone: '',
};

/** What the form starts from: a stored partner service, or a new one with no role chosen yet. */
export type PartnerServiceStart = Omit<PartnerServiceValues, 'role'> & {
  role?: PartnerServiceValues['role'];
};

/** Props of PartnerServiceForm. */
export type PartnerServiceFormProps = {
  /** Registering asks for the code too; editing keeps it. */
  mode: 'register' | 'edit';
  defaultValues: PartnerServiceStart;
  onSave: (values: PartnerServiceValues) => Promise<unknown>;
  saving: boolean;
  serverError: unknown;
};

/**
 * A partner service's details: name, role, whether providers see it, its contact, and its code — entered once,
 * when registering; editing carries the stored code along unseen and the page leaves it out of the request.
 */
export function PartnerServiceForm({
  mode,
  defaultValues,
  onSave,
  saving,
  serverError,
}: PartnerServiceFormProps) {
  const form = useSchemaForm(RegisterPartnerService, {
    defaultValues,
  });
  return (
    <form
      noValidate
      aria-label={mode === 'register' ? 'Register a partner service' : 'Partner service details'}
      onSubmit={(event) =>
        void form.handleSubmit(async (values) => {
          await onSave({ ...defaultValues, ...values });
        })(event)
      }
    >
      <Stack gap={1.5}>
        <ErrorSummary form={form} fieldId={fieldId} serverError={serverError} />
        {mode === 'register' ? (
          <FormTextField
            control={form.control}
            name="code"
            fieldId={fieldId}
            label="Code"
            hint="A short, stable name for configuration, in lower-case letters, digits and hyphens, e.g. medifund"
            required
            maxLength={c.codeMaxLength}
            maxWidth="md"
          />
        ) : null}
        <FormTextField
          control={form.control}
          name="name"
          fieldId={fieldId}
          label="Name"
          required
          maxLength={c.nameMaxLength}
        />
        <FormSelectField
          control={form.control}
          name="role"
          fieldId={fieldId}
          label="Role"
          required
          options={partnerServiceRoles.map((r) => ({ value: r, label: roleLabels[r] }))}
        />
        <FormCheckbox control={form.control} name="shownToProviders" fieldId={fieldId}>
          Show this partner service to providers
        </FormCheckbox>
        <FormTextField
          control={form.control}
          name="contactName"
          fieldId={fieldId}
          label="Contact name"
          maxLength={c.contactNameMaxLength}
        />
        <FormTextField
          control={form.control}
          name="contactEmail"
          fieldId={fieldId}
          label="Contact email"
          type="email"
        />
        <FormTextField
          control={form.control}
          name="contactPhone"
          fieldId={fieldId}
          label="Contact phone"
          type="tel"
          maxWidth="md"
        />
        <div>
          <Button type="submit" loading={saving}>
            {mode === 'register' ? 'Register partner service' : 'Save details'}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

export { roleLabels };

import { Button } from '@pca/ui';
import { Stack } from '@pca/ui/primitives/stack.ts';
import {
  clientSystemConstants,
  RegisterClientSystem,
  type ClientSystemPartner,
} from '@pca/contracts';
import { ErrorSummary, FormTextField } from '#lib/forms/form-kit.tsx';
import { FormPartnerServiceField } from '#lib/forms/partner-service-field.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';

const fieldIds: Record<string, string> = {
  partnerServiceId: 'client-system-partner',
  name: 'client-system-name',
};
const fieldId = (name: string) => fieldIds[name] ?? name;

/** Props of RegisterForm. */
export type RegisterFormProps = {
  partners: ClientSystemPartner[];
  /** Resolves true once registered; false when refused or failed (the form then keeps what was typed). */
  onRegister: (values: RegisterClientSystem) => Promise<boolean>;
  saving: boolean;
  serverError: unknown;
};

/** Registers a partner's client system: the partner service and a name. */
export function RegisterForm({ partners, onRegister, saving, serverError }: RegisterFormProps) {
  const form = useSchemaForm(RegisterClientSystem, {
    defaultValues: { partnerServiceId: '', name: '' },
  });
  return (
    <form
      noValidate
      aria-labelledby="register-client-system"
      onSubmit={(event) =>
        void form.handleSubmit(async (values) => {
          if (await onRegister(values)) form.reset();
        })(event)
      }
    >
      <Stack gap={1.5}>
        <h2 id="register-client-system" style={{ margin: 0 }}>
          Register a client system
        </h2>
        <ErrorSummary
          form={form}
          fieldId={fieldId}

          serverError={serverError}
        />
        <FormPartnerServiceField control={form.control} fieldId={fieldId} partners={partners} />
        <FormTextField
          control={form.control}
          name="name"
          fieldId={fieldId}
          label="Client system name"
          hint="How operators and the partner tell this system apart, e.g. MediFund claims gateway"
          required
          maxLength={clientSystemConstants.nameMaxLength}
        />
        <div>
          <Button type="submit" loading={saving}>
            Register client system
          </Button>
        </div>
      </Stack>
    </form>
  );
}

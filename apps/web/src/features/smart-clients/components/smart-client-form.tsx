import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import {
  SmartClientInput,
  smartClientAuthMethodLabels,
  smartClientAuthMethods,
  smartScopeLabels,
  smartScopes,
  type SmartClientAuthMethod,
  type SmartConfigurationSummary,
} from '@pca/contracts';
import { Button } from '@pca/ui/button/button.tsx';
import { RadioGroup } from '@pca/ui/radio/radio.tsx';
import { Text } from '@pca/ui/primitives/text.ts';
import {
  FormFrame,
  FormTextField,
  useFieldId,
  FormCheckboxGroupField,
} from '#lib/forms/form-kit.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';

/** The scopes a new connection starts with: what the practitioner-role import reads, and who signed in. */
const defaultScopes: SmartClientInput['scopes'] = [
  'openid',
  'fhirUser',
  'launch',
  'user/Practitioner.read',
  'user/PractitionerRole.read',
  'user/Location.read',
  'user/HealthcareService.read',
];

/** Props of SmartClientForm. */
export type SmartClientFormProps = {
  organisationName: string;
  /** The current values (edit), or none (add). */
  initial?: SmartClientInput;
  /** What the CIS said it supports when last saved (edit): offline_access is offered only when it does. */
  configuration?: SmartConfigurationSummary;
  submitLabel: string;
  onSubmit: (values: SmartClientInput) => void;
  onCancel: () => void;
  saving: boolean;
  serverError: unknown;
  /** The user changed a value: the last save's server errors are about other values, so the page drops them. */
  onEdit?: () => void;
};

/** The add and edit form of a connection to a clinical information system (docs/product/smart-clients.md). */
export function SmartClientForm({
  organisationName,
  initial,
  configuration,
  submitLabel,
  onSubmit,
  onCancel,
  saving,
  serverError,
  onEdit,
}: SmartClientFormProps) {
  const fieldId = useFieldId();
  const form = useSchemaForm(SmartClientInput, {
    defaultValues: initial ?? {
      name: '',
      iss: '',
      clientId: '',
      authMethod: 'public',
      scopes: defaultScopes,
    },
  });
  useEffect(() => {
    if (!onEdit) return;
    const subscription = form.watch(() => onEdit());
    return () => subscription.unsubscribe();
  }, [form, onEdit]);
  const offlineOffered =
    !configuration ||
    configuration.scopesSupported.length === 0 ||
    configuration.scopesSupported.includes('offline_access');
  return (
    <FormFrame
      form={form}
      fieldId={fieldId}
      onSubmit={onSubmit}
      intro={
        <Text as="p">
          For {organisationName}. When you save, the portal reads the clinical system&apos;s SMART
          configuration to check the address and shows what it supports.
        </Text>
      }
      serverError={serverError}
      submitLabel={submitLabel}
      saving={saving}
      otherActions={
        <Button variant="tertiary" onClick={onCancel}>
          Cancel
        </Button>
      }
    >
      <FormTextField
        control={form.control}
        name="name"
        fieldId={fieldId}
        label="Clinical system name"
        hint="As your practice knows it, for example Best Practice or MedicalDirector"
        required
        maxLength={100}
      />
      <FormTextField
        control={form.control}
        name="iss"
        fieldId={fieldId}
        label="FHIR base URL"
        hint="The address your clinical system gives for its FHIR API (its iss), starting with https://"
        required
        maxWidth="xl"
        maxLength={500}
      />
      <FormTextField
        control={form.control}
        name="clientId"
        fieldId={fieldId}
        label="Client id"
        hint="The id your clinical system gave the portal when you registered it there"
        required
        maxWidth="lg"
        maxLength={200}
      />
      <Controller
        control={form.control}
        name="authMethod"
        render={({ field, fieldState }) => (
          <RadioGroup
            label="How the portal signs in to the clinical system"
            hint="Neither asks you for a secret: a public client proves itself with PKCE; the portal's key is published for the clinical system to check."
            name={field.name}
            required
            value={field.value}
            onChange={(v) => field.onChange(v as SmartClientAuthMethod)}
            message={fieldState.error?.message}
            options={smartClientAuthMethods.map((m) => ({
              value: m,
              label: smartClientAuthMethodLabels[m],
            }))}
          />
        )}
      />
      <FormCheckboxGroupField
        control={form.control}
        name="scopes"
        label="What the portal may do"
        hint={
          offlineOffered
            ? 'Scopes asked for at sign-in. Staying connected lets the portal renew the sign-in.'
            : 'Scopes asked for at sign-in. This clinical system does not offer staying connected.'
        }
        required
        options={smartScopes.map((s) => ({
          value: s,
          label: smartScopeLabels[s],
          disabled: s === 'offline_access' && !offlineOffered,
        }))}
      />
    </FormFrame>
  );
}

import { useNavigate } from 'react-router';
import { Button } from '@pca/ui/button/button.tsx';
import { Text } from '@pca/ui/primitives/text.ts';
import {
  KeyContactInput,
  keyContactRoleLabels,
  keyContactRoles,
  type KeyContactRole,
} from '@pca/contracts';
import { pages } from '@pca/contracts/pages.ts';
import {
  FormCheckbox,
  FormFrame,
  FormSelectField,
  FormTextField,
  useFieldId,
} from '#lib/forms/form-kit.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';

/** Props of KeyContactForm. */
export type KeyContactFormProps = {
  /** The organisation the contact belongs to (named in the heading's intro). */
  organisationName: string;
  /** The organisation's id, for Cancel's way back to its list. */
  organisationId: string;
  /** The contact's current values (update), or none (add). */
  initial?: KeyContactInput;
  /**
   * How the primary choice reads: 'first' — the organisation has no contact yet, so this one is primary;
   * 'current' — this is the primary already (moving it happens by making another primary); 'choose'.
   */
  primary: 'first' | 'current' | 'choose';
  submitLabel: string;
  onSubmit: (values: KeyContactInput) => void;
  saving: boolean;
  serverError: unknown;
};

const roleOptions = keyContactRoles.map((role) => ({
  value: role,
  label: keyContactRoleLabels[role],
}));

/** The add and update form of a key contact: name, role, email, phone and the primary choice. */
export function KeyContactForm({
  organisationName,
  organisationId,
  initial,
  primary,
  submitLabel,
  onSubmit,
  saving,
  serverError,
}: KeyContactFormProps) {
  const navigate = useNavigate();
  const fieldId = useFieldId();
  const form = useSchemaForm(KeyContactInput, {
    defaultValues: initial ?? {
      name: '',
      role: '' as KeyContactRole,
      email: '',
      phone: '',
      isPrimary: primary === 'first',
    },
  });
  return (
    <FormFrame
      form={form}
      fieldId={fieldId}
      onSubmit={({ isPrimary, ...values }) =>
        onSubmit({
          ...values,
          // The current primary's form offers no choice: it sends none, so it keeps what the server has.
          ...(primary === 'current'
            ? {}
            : { isPrimary: primary === 'first' || isPrimary === true }),
        })
      }
      intro={<Text as="p">For {organisationName}. Every field is required.</Text>}
      serverError={serverError}
      submitLabel={submitLabel}
      saving={saving}
      otherActions={
        <Button
          variant="tertiary"
          onClick={() => void navigate(pages.organisations.keyContacts.href({ organisationId }))}
        >
          Cancel
        </Button>
      }
    >
      <FormTextField
        control={form.control}
        name="name"
        fieldId={fieldId}
        label="Full name"
        required
        maxLength={100}
      />
      <FormSelectField
        control={form.control}
        name="role"
        fieldId={fieldId}
        label="Role"
        hint="What they do for the business"
        required
        options={roleOptions}
        maxWidth="md"
      />
      <FormTextField
        control={form.control}
        name="email"
        fieldId={fieldId}
        type="email"
        label="Email"
        required
        maxWidth="xl"
        maxLength={200}
      />
      <FormTextField
        control={form.control}
        name="phone"
        fieldId={fieldId}
        type="tel"
        label="Phone"
        hint="An Australian number, for example 02 9123 4567 or 0412 345 678"
        required
        maxWidth="md"
        maxLength={30}
      />
      {primary === 'choose' ? (
        <FormCheckbox control={form.control} name="isPrimary" fieldId={fieldId}>
          Make this the primary contact
        </FormCheckbox>
      ) : (
        <Text as="p">
          {primary === 'first'
            ? 'The first key contact of a business is its primary contact.'
            : 'This is the primary contact. To change that, make another contact primary from the list.'}
        </Text>
      )}
    </FormFrame>
  );
}

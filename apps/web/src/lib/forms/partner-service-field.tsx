import type { FieldValues, Path } from 'react-hook-form';
import { FormSelectField } from '#lib/forms/form-kit.tsx';
import type { Control } from 'react-hook-form';

/** Props of FormPartnerServiceField. */
export type FormPartnerServiceFieldProps<T extends FieldValues, TOut extends FieldValues> = {
  /** The form's control; the form has a partnerServiceId field. */
  control: Control<T, unknown, TOut>;
  /** Element id of a field by name. */
  fieldId: (name: string) => string;
  /** The partner services to choose from. */
  partners: ReadonlyArray<{ id: string; name: string }>;
};

/** The required choice of partner service of an operator's form (client systems, identifier systems). */
export function FormPartnerServiceField<
  T extends FieldValues & { partnerServiceId: string },
  TOut extends FieldValues = T,
>({ control, fieldId, partners }: FormPartnerServiceFieldProps<T, TOut>) {
  return (
    <FormSelectField
      control={control}
      name={'partnerServiceId' as Path<T>}
      fieldId={fieldId}
      label="Partner service"
      required
      options={partners.map((p) => ({ value: p.id, label: p.name }))}
    />
  );
}

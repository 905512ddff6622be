import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { languageOptions } from '@pca/contracts/value-lists.ts';
import { MultiCombobox } from '@pca/ui/input-fields/multi-combobox.tsx';

const options = languageOptions.map((l) => ({ value: l.code, label: l.display }));

/** Props of LanguagesField. */
export type LanguagesFieldProps<T extends FieldValues, TOut extends FieldValues = T> = {
  /** The form's control (TOut: the values after the resolver). */
  control: Control<T, unknown, TOut>;
  /** The field holding the chosen BCP 47 codes. */
  name: Path<T>;
  /** Element id of a field by name. */
  fieldId: (name: string) => string;
  /** Hint under the label: whose languages they are. */
  hint: string;
};

/**
 * "Languages spoken": the languages besides English a healthcare service or a practitioner in a role offers,
 * picked from the contracts' list (docs/decisions/078-languages-and-billing.md). Optional; the healthcare
 * service form and the practitioner role form share it.
 */
export function LanguagesField<T extends FieldValues, TOut extends FieldValues = T>({
  control,
  name,
  fieldId,
  hint,
}: LanguagesFieldProps<T, TOut>) {
  const { field, fieldState } = useController<T, Path<T>, TOut>({ control, name });
  const value = (field.value as string[] | undefined) ?? [];
  const { ref, onChange, onBlur } = field;
  return (
    <MultiCombobox
      id={fieldId(name)}
      name={field.name}
      ref={ref}
      label="Languages spoken"
      hint={hint}
      maxWidth="xl"
      options={options}
      value={value}
      onChange={(v) => onChange(v)}
      onBlur={() => onBlur()}
      message={fieldState.error?.message}
    />
  );
}

import type { FieldValues } from 'react-hook-form';
import type { TerminologyValueSet } from '@pca/contracts';
import { useTerminologyConcepts } from '../terminology-concepts.ts';
import { FormComboboxField, type FormComboboxFieldProps } from './form-kit.tsx';

/** Props of TerminologyComboboxField. */
export type TerminologyComboboxFieldProps<
  T extends FieldValues,
  TOut extends FieldValues = T,
> = Omit<FormComboboxFieldProps<T, TOut>, 'options' | 'loading'> & {
  /** The value set whose concepts the list offers. */
  valueSet: TerminologyValueSet;
};

/**
 * A text picked from one value set of the terminology: the service type, a specialty (decisions 071 and 077).
 * The field holds the concept's display, which the server matches to the concept again.
 */
export function TerminologyComboboxField<T extends FieldValues, TOut extends FieldValues = T>({
  valueSet,
  ...props
}: TerminologyComboboxFieldProps<T, TOut>) {
  const concepts = useTerminologyConcepts(valueSet);
  return (
    <FormComboboxField
      {...props}
      options={(concepts.data?.concepts ?? []).map((t) => ({ value: t.code, label: t.display }))}
      loading={concepts.isPending}
    />
  );
}

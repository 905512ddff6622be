import { useQuery } from '@tanstack/react-query';
import type { FieldValues } from 'react-hook-form';
import {
  terminologyApiPaths,
  type TerminologyConcepts,
  type TerminologyValueSet,
} from '@pca/contracts';
import { httpQuery } from '#lib/http-query.ts';
import { FormComboboxField, type FormComboboxFieldProps } from './form-kit.tsx';

/** One value set's concepts, for a picker (docs/decisions/071-terminology-and-codes.md). */
export const useTerminologyConcepts = (valueSet: TerminologyValueSet) =>
  useQuery({
    ...httpQuery<TerminologyConcepts>(
      ['terminology', 'concepts', valueSet],
      `${terminologyApiPaths.concepts}?valueSet=${valueSet}`,
    ),
    staleTime: 5 * 60_000,
  });

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

import type { Ref } from 'react';
import { Controller, type Control, type UseFormReturn } from 'react-hook-form';
import { AutocompleteField, type ComboboxOption } from '@pca/ui';
import {
  LOCALITY_MIN_CHARS,
  localityApiPaths,
  constants,
  type LocalitySearchResult,
} from '@pca/contracts';
import { http } from '#lib/http.ts';
import { FormTextField } from '#lib/forms/form-kit.tsx';

/** Suburb/postcode completions for the typed text (the API answers none under 3 characters). */
export async function searchLocalities(q: string, signal?: AbortSignal) {
  const url = `${localityApiPaths.search}?q=${encodeURIComponent(q)}`;
  return (await http<LocalitySearchResult>(url, { signal })).localities;
}

/** A chosen locality. */
export type LocalityValue = { locality: string; postcode: string; state: string };

const toOption = (v: LocalityValue): ComboboxOption => ({
  value: JSON.stringify(v),
  label: `${v.locality} ${v.state} ${v.postcode}`,
});

/** Props of LocalityField. */
export type LocalityFieldProps = {
  /** Element id of the input. */
  id: string;
  /** The chosen locality, or null. */
  value: LocalityValue | null;
  /** Called with the chosen locality, or null when the text no longer matches one. */
  onChange: (value: LocalityValue | null) => void;
  /** Error message. */
  message?: string;
  /** Input ref. */
  ref?: Ref<HTMLInputElement>;
};

/** Suburb or postcode autocomplete over the localities data (at least 3 characters, 500 ms debounce). */
export function LocalityField({ id, value, onChange, message, ref }: LocalityFieldProps) {
  return (
    <AutocompleteField
      id={id}
      ref={ref}
      label="Suburb or postcode"
      required
      message={message}
      minChars={LOCALITY_MIN_CHARS}
      debounceMs={constants.nhsdAutocompleteDebounceMs}
      value={value ? toOption(value) : null}
      onChange={(option) => onChange(option ? (JSON.parse(option.value) as LocalityValue) : null)}
      loadOptions={async (q, signal) =>
        (await searchLocalities(q, signal)).map((l) =>
          toOption({ locality: l.locality, postcode: l.postcode, state: l.state }),
        )
      }
    />
  );
}

/** The address fields a form holds: the locality, postcode and state are set together. */
export type AddressValues = { addressLine: string } & LocalityValue;

/** Props of AddressFields. */
export type AddressFieldsProps<T extends AddressValues> = {
  /** The form holding the address fields. */
  form: UseFormReturn<T, unknown, T>;
  /** Element id of a field by name. */
  fieldId: (name: string) => string;
};

/** Street address and suburb/postcode autocomplete, bound to a form's address fields. */
export function AddressFields<T extends AddressValues>({ form, fieldId }: AddressFieldsProps<T>) {
  // Generic paths cannot be named on T, so the fields are bound through the address shape they share.
  const f = form as unknown as UseFormReturn<AddressValues>;
  const c: Control<AddressValues> = f.control;
  return (
    <>
      <FormTextField
        control={c}
        name="addressLine"
        fieldId={fieldId}
        label="Street address"
        required
      />
      <Controller
        control={c}
        name="locality"
        render={({ field, fieldState }) => {
          const { locality, postcode, state } = f.getValues();
          return (
            <LocalityField
              id={fieldId('locality')}
              ref={field.ref}
              message={fieldState.error?.message}
              value={locality && postcode && state ? { locality, postcode, state } : null}
              onChange={(v) => {
                f.setValue('postcode', v?.postcode ?? '');
                f.setValue('state', v?.state ?? '');
                field.onChange(v?.locality ?? '');
              }}
            />
          );
        }}
      />
    </>
  );
}

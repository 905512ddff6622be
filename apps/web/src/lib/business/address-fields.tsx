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
  /** Required marker (default true). */
  required?: boolean;
};

/** Suburb or postcode autocomplete over the localities data (at least 3 characters, 500 ms debounce). */
export function LocalityField({
  id,
  value,
  onChange,
  message,
  ref,
  required = true,
}: LocalityFieldProps) {
  return (
    <AutocompleteField
      id={id}
      ref={ref}
      label="Suburb or postcode"
      required={required}
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

/** The names of a form's four address fields (a second address, such as a postal one, has its own). */
export type AddressFieldNames = Record<keyof AddressValues, string>;
const ADDRESS_NAMES: AddressFieldNames = {
  addressLine: 'addressLine',
  locality: 'locality',
  postcode: 'postcode',
  state: 'state',
};

/** Props of AddressFields. */
export type AddressFieldsProps<T extends AddressValues> = {
  /** The form holding the address fields. */
  form: UseFormReturn<T, unknown, T>;
  /** Element id of a field by name. */
  fieldId: (name: string) => string;
  /** Other field names than addressLine, locality, postcode and state (a postal address). */
  names?: AddressFieldNames;
  /** The street field's label (default "Street address"). */
  lineLabel?: string;
  /** The street field's hint. */
  lineHint?: string;
  /** Required markers (default true). */
  required?: boolean;
};

/** Street address and suburb/postcode autocomplete, bound to a form's address fields. */
export function AddressFields<T extends AddressValues>({
  form,
  fieldId,
  names = ADDRESS_NAMES,
  lineLabel = 'Street address',
  lineHint,
  required = true,
}: AddressFieldsProps<T>) {
  // Generic paths cannot be named on T, so the fields are bound by the names given.
  const f = form as unknown as UseFormReturn<Record<string, string>>;
  const c: Control<Record<string, string>> = f.control;
  return (
    <>
      <FormTextField
        control={c}
        name={names.addressLine}
        fieldId={fieldId}
        label={lineLabel}
        {...(lineHint ? { hint: lineHint } : {})}
        required={required}
      />
      <Controller
        control={c}
        name={names.locality}
        render={({ field, fieldState }) => {
          const locality = f.getValues(names.locality);
          const postcode = f.getValues(names.postcode);
          const state = f.getValues(names.state);
          return (
            <LocalityField
              id={fieldId(names.locality)}
              ref={field.ref}
              required={required}
              message={fieldState.error?.message}
              value={locality && postcode && state ? { locality, postcode, state } : null}
              onChange={(v) => {
                f.setValue(names.postcode, v?.postcode ?? '');
                f.setValue(names.state, v?.state ?? '');
                field.onChange(v?.locality ?? '');
              }}
            />
          );
        }}
      />
    </>
  );
}

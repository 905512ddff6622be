import type { Ref } from 'react';
import { AutocompleteField, type ComboboxOption } from '@pca/ui';
import { LOCALITY_MIN_CHARS, constants } from '@pca/contracts';
import { searchLocalities } from '../api/search-localities.ts';

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

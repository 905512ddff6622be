import { useEffect, useRef, useState, type Ref } from 'react';
import { Combobox, type ComboboxOption } from './combobox.tsx';
import type { FieldBaseProps } from './text-field.tsx';

/** Props of AutocompleteField. */
export type AutocompleteFieldProps = Pick<
  FieldBaseProps,
  'label' | 'message' | 'required' | 'name' | 'id'
> & {
  /** Hint under the label; a "type at least n characters" hint is added. */
  hint?: string;
  /** Fetches options for the typed text (called after the debounce, only at or above minChars). */
  loadOptions: (query: string, signal: AbortSignal) => Promise<ComboboxOption[]>;
  /** The chosen option, or null. */
  value: ComboboxOption | null;
  /** Called when an option is chosen, or with null when the text is edited away from it. */
  onChange: (option: ComboboxOption | null) => void;
  /** Minimum characters before searching (spec: 3 for location and name, 1 for organisation). */
  minChars?: number;
  /** Debounce in ms (spec: 500). */
  debounceMs?: number;
  /** Blur handler. */
  onBlur?: () => void;
  /** Input ref. */
  ref?: Ref<HTMLInputElement>;
};

/** A search-as-you-type field: waits for minChars and a quiet debounce, cancels stale requests, then lists results. */
export function AutocompleteField({
  label,
  hint,
  message,
  required,
  name,
  id,
  loadOptions,
  value,
  onChange,
  minChars = 3,
  debounceMs = 500,
  onBlur,
  ref,
}: AutocompleteFieldProps) {
  const [text, setText] = useState(value?.label ?? '');
  // Results are kept with the query they answer, so stale ones are never shown for newer text.
  const [results, setResults] = useState<{
    query: string;
    options: ComboboxOption[];
    failed: boolean;
  } | null>(null);
  const loader = useRef(loadOptions);
  useEffect(() => {
    loader.current = loadOptions;
  }, [loadOptions]);

  const query = text.trim();
  const searching = query.length >= minChars && query !== value?.label;
  const current = results?.query === query ? results : null;

  useEffect(() => {
    if (!searching) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      loader
        .current(query, controller.signal)
        .then((options) => {
          if (!controller.signal.aborted) setResults({ query, options, failed: false });
        })
        .catch(() => {
          if (!controller.signal.aborted) setResults({ query, options: [], failed: true });
        });
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, searching, debounceMs]);

  const minHint = `Type at least ${minChars} character${minChars === 1 ? '' : 's'} to search`;
  return (
    <Combobox
      label={label}
      hint={[hint, minHint].filter(Boolean).join('. ')}
      message={message}
      required={required}
      name={name}
      id={id}
      ref={ref}
      inputValue={text}
      onInputChange={(next) => {
        setText(next);
        if (value && next !== value.label) onChange(null);
      }}
      onSelect={(option) => {
        setText(option.label);
        onChange(option);
      }}
      options={current?.options ?? []}
      loading={searching && !current}
      canOpen={searching}
      emptyText={current?.failed ? 'Search is unavailable, please try again' : 'No results found'}
      onBlur={onBlur}
    />
  );
}

import { useEffect, useRef, useState, type Ref } from 'react';
import { Stack } from '@ag.ds-next/react/stack';
import { Chip, ChipList } from '../chips/chip.tsx';
import { Combobox, type ComboboxOption } from './combobox.tsx';

/** Props of MultiCombobox. */
export type MultiComboboxProps = {
  /** Visible label. */
  label: string;
  /** Hint under the label. */
  hint?: string;
  /** Error message. */
  message?: string;
  /** Required marker. */
  required?: boolean;
  /** Element id of the input. */
  id?: string;
  /** Name of the input. */
  name?: string;
  /** Every option; the list shows those not chosen whose label contains what is typed. */
  options: ComboboxOption[];
  /** The chosen options' values, in the order chosen. */
  value: string[];
  /** Called with the new chosen values. */
  onChange: (value: string[]) => void;
  /** Blur handler of the input. */
  onBlur?: () => void;
  /** Field width. */
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  /** Input ref. */
  ref?: Ref<HTMLInputElement>;
  /** Most options the list shows at once (typing narrows it). */
  limit?: number;
};

/**
 * Several options picked from a list: the combobox adds the option chosen (type to filter, ArrowDown/ArrowUp,
 * Enter), and each chosen option is a chip below it with a "Remove …" button — every step works from the
 * keyboard. The combobox and chips are the ui package's own (Combobox, Chip).
 */
export function MultiCombobox({
  value,
  onChange,
  options,
  limit = 50,
  ...field
}: MultiComboboxProps) {
  const [typed, setTyped] = useState('');
  const query = typed.trim().toLowerCase();
  const shown = options
    .filter((o) => !value.includes(o.value) && o.label.toLowerCase().includes(query))
    .slice(0, limit);
  const labelOf = (v: string) => options.find((o) => o.value === v)?.label ?? v;
  // A chip's Remove button leaves with its chip, and focus would fall to <body>: it goes to the chip that
  // takes its place, else the one before it, else the input, once the chips left are rendered.
  const rootRef = useRef<HTMLDivElement>(null);
  const focusAfterRemove = useRef<number | null>(null);
  useEffect(() => {
    const index = focusAfterRemove.current;
    if (index === null) return;
    focusAfterRemove.current = null;
    const root = rootRef.current;
    const removes = root?.querySelectorAll<HTMLElement>('li button[aria-label^="Remove "]') ?? [];
    const next = removes[Math.min(index, removes.length - 1)];
    (next ?? root?.querySelector<HTMLElement>('input'))?.focus();
  });
  return (
    <div ref={rootRef}>
      <Stack gap={0.75}>
        <Combobox
          {...field}
          inputValue={typed}
          onInputChange={setTyped}
          onSelect={(o) => {
            onChange([...value, o.value]);
            setTyped('');
          }}
          options={shown}
          emptyText={query ? 'No match: choose one from the list' : 'Every option is chosen'}
        />
        {value.length ? (
          <ChipList label={`${field.label}: chosen`}>
            {value.map((v) => (
              <Chip
                key={v}
                label={labelOf(v)}
                onRemove={() => {
                  focusAfterRemove.current = value.indexOf(v);
                  onChange(value.filter((other) => other !== v));
                }}
              >
                {labelOf(v)}
              </Chip>
            ))}
          </ChipList>
        ) : null}
      </Stack>
    </div>
  );
}

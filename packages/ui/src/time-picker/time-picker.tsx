import { useMemo, useState, type Ref } from 'react';
import { Combobox } from '../input-fields/combobox.tsx';
import {
  DEFAULT_TIME_INTERVAL_SECONDS,
  parseTime,
  timeOptions,
  toTimeLabel,
  toTimeValue,
  validateTime,
} from './time-validation.ts';

/** Props of TimePicker. */
export type TimePickerProps = {
  /** Visible label. */
  label: string;
  /** Hint under the label. */
  hint?: string;
  /** The time as "HH:mm", or '' for none. */
  value: string;
  /** Called with "HH:mm" when a valid time is chosen or typed, '' when cleared, null when the text is not a valid time. */
  onChange: (value: string | null) => void;
  /** Option interval in seconds (default 1800). */
  intervalSeconds?: number;
  /** Earliest allowed "HH:mm" (default 00:00). */
  min?: string;
  /** Latest allowed "HH:mm" (default 23:59). */
  max?: string;
  /** Adds the required validator. */
  required?: boolean;
  /** An error from the form; shown instead of the built-in validation. */
  message?: string;
  /** Input name. */
  name?: string;
  /** Element id. */
  id?: string;
  /** Input ref. */
  ref?: Ref<HTMLInputElement>;
};

function labelFor(value: string): string {
  const minutes = parseTime(value);
  return minutes === null ? value : toTimeLabel(minutes);
}

/** A time field: type a time or choose from a list at the interval; validated on blur (required, format, min, max). */
export function TimePicker({
  label,
  hint = 'For example 9:30 am',
  value,
  onChange,
  intervalSeconds = DEFAULT_TIME_INTERVAL_SECONDS,
  min,
  max,
  required,
  message,
  name,
  id,
  ref,
}: TimePickerProps) {
  const [text, setText] = useState(() => (value ? labelFor(value) : ''));
  const [touched, setTouched] = useState(false);
  const all = useMemo(
    () => timeOptions({ intervalSeconds, min, max }).map((v) => ({ value: v, label: labelFor(v) })),
    [intervalSeconds, min, max],
  );
  const query = text.trim().toLowerCase().replace(/\s+/g, '');
  const filtered =
    query === '' || all.some((o) => o.label === text)
      ? all
      : all.filter(
          (o) => o.label.replace(/\s+/g, '').startsWith(query) || o.value.startsWith(query),
        );
  const error =
    message ?? (touched ? validateTime(text, { required, min, max }) : null) ?? undefined;

  const commit = (next: string) => {
    const minutes = parseTime(next);
    if (!next.trim()) onChange('');
    else if (minutes === null || validateTime(next, { min, max })) onChange(null);
    else {
      setText(toTimeLabel(minutes));
      onChange(toTimeValue(minutes));
    }
  };

  return (
    <Combobox
      label={label}
      hint={hint}
      message={error}
      required={required}
      name={name}
      id={id}
      ref={ref}
      maxWidth="sm"
      inputValue={text}
      onInputChange={setText}
      onSelect={(option) => {
        setText(option.label);
        setTouched(true);
        onChange(option.value);
      }}
      options={filtered}
      emptyText="No matching times"
      onBlur={() => {
        setTouched(true);
        commit(text);
      }}
    />
  );
}

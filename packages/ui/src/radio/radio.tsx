import type { ChangeEvent } from 'react';
import { Radio } from '@ag.ds-next/react/radio';
import { ControlGroup } from '@ag.ds-next/react/control-group';

/** An option of a radio group. */
export type RadioOption = { value: string; label: string; disabled?: boolean };

/** Props of RadioGroup. */
export type RadioGroupProps = {
  /** Legend of the group. */
  label: string;
  /** Radio name (one per group). */
  name: string;
  /** Hint under the legend. */
  hint?: string;
  /** Error message; makes the group invalid. */
  message?: string;
  /** Required marker. */
  required?: boolean;
  /** Options. */
  options: RadioOption[];
  /** Selected value, or undefined for none. */
  value: string | undefined;
  /** Called with the chosen value. */
  onChange: (value: string) => void;
  /** Stack vertically (default) or inline. */
  block?: boolean;
};

/** A fieldset of radio buttons (AgDS ControlGroup and Radio); arrow keys move the choice. */
export function RadioGroup({
  label,
  name,
  hint,
  message,
  required,
  options,
  value,
  onChange,
  block = true,
}: RadioGroupProps) {
  return (
    <ControlGroup
      label={label}
      name={name}
      hint={hint}
      message={message}
      invalid={Boolean(message)}
      required={required}
      block={block}
    >
      {options.map((option) => (
        <Radio
          key={option.value}
          value={option.value}
          disabled={option.disabled}
          checked={value === option.value}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        >
          {option.label}
        </Radio>
      ))}
    </ControlGroup>
  );
}

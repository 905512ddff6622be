import type { ChangeEvent, ReactNode } from 'react';
import { Checkbox as AgCheckbox } from '@ag.ds-next/react/checkbox';
import { ControlGroup } from '@ag.ds-next/react/control-group';

/** Props of Checkbox. */
export type CheckboxProps = {
  /** Visible label. */
  children: ReactNode;
  /** Checked state (controlled). */
  checked?: boolean;
  /** Called with the new checked state. */
  onCheckedChange?: (checked: boolean) => void;
  /** Disabled state. */
  disabled?: boolean;
  /** Invalid state (red border). */
  invalid?: boolean;
  /** Mixed state. */
  indeterminate?: boolean;
  /** Form field name. */
  name?: string;
  /** Form value. */
  value?: string;
  /** Element id. */
  id?: string;
  /** sm or md. */
  size?: 'sm' | 'md';
};

/** A single checkbox (AgDS Checkbox). */
export function Checkbox({ children, onCheckedChange, ...props }: CheckboxProps) {
  return (
    <AgCheckbox
      {...props}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onCheckedChange?.(event.target.checked)}
    >
      {children}
    </AgCheckbox>
  );
}

/** An option of a checkbox group. */
export type CheckboxOption = { value: string; label: string; disabled?: boolean };

/** Props of CheckboxGroup. */
export type CheckboxGroupProps = {
  /** Legend of the group. */
  label: string;
  /** Hint under the legend. */
  hint?: string;
  /** Error message; makes the group invalid. */
  message?: string;
  /** Required marker. */
  required?: boolean;
  /** Options. */
  options: CheckboxOption[];
  /** Selected values. */
  value: string[];
  /** Called with the new selected values. */
  onChange: (value: string[]) => void;
  /** Stack vertically (default) or inline. */
  block?: boolean;
};

/** A fieldset of checkboxes with a legend, hint and error message (AgDS ControlGroup). */
export function CheckboxGroup({
  label,
  hint,
  message,
  required,
  options,
  value,
  onChange,
  block = true,
}: CheckboxGroupProps) {
  return (
    <ControlGroup
      label={label}
      hint={hint}
      message={message}
      invalid={Boolean(message)}
      required={required}
      block={block}
    >
      {options.map((option) => (
        <AgCheckbox
          key={option.value}
          value={option.value}
          disabled={option.disabled}
          checked={value.includes(option.value)}
          onChange={(event: ChangeEvent<HTMLInputElement>) =>
            onChange(
              event.target.checked
                ? [...value, option.value]
                : value.filter((v) => v !== option.value),
            )
          }
        >
          {option.label}
        </AgCheckbox>
      ))}
    </ControlGroup>
  );
}

import type { ChangeEvent, ComponentType, ReactNode } from 'react';
import { ControlGroup } from '@ag.ds-next/react/control-group';

/** An option of a checkbox or radio group. */
export type ChoiceOption = { value: string; label: string; disabled?: boolean };

/** What a checkbox group and a radio group share: the fieldset's legend, hint, error and options. */
export type ChoiceGroupBaseProps = {
  /** Legend of the group. */
  label: string;
  /** Hint under the legend. */
  hint?: string;
  /** Error message; makes the group invalid. */
  message?: string;
  /** Required marker. */
  required?: boolean;
  /** Options. */
  options: ChoiceOption[];
  /** Stack vertically (default) or inline. */
  block?: boolean;
};

/** The props AgDS Checkbox and Radio both take. */
type ChoiceControlProps = {
  value: string;
  disabled?: boolean | undefined;
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  children: ReactNode;
};

/** Props of ChoiceGroup. */
export type ChoiceGroupProps = ChoiceGroupBaseProps & {
  /** Shared input name (radios need one per group). */
  name?: string;
  /** The AgDS control each option renders as (Checkbox or Radio). */
  control: ComponentType<ChoiceControlProps>;
  /** Whether an option is currently chosen. */
  isChecked: (value: string) => boolean;
  /** Called when an option's input changes, with its value and new checked state. */
  onToggle: (value: string, checked: boolean) => void;
};

/** A fieldset of checkboxes or radios with a legend, hint and error message (AgDS ControlGroup). */
export function ChoiceGroup({
  label,
  name,
  hint,
  message,
  required,
  options,
  block = true,
  control: Control,
  isChecked,
  onToggle,
}: ChoiceGroupProps) {
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
        <Control
          key={option.value}
          value={option.value}
          disabled={option.disabled}
          checked={isChecked(option.value)}
          onChange={(event) => onToggle(option.value, event.target.checked)}
        >
          {option.label}
        </Control>
      ))}
    </ControlGroup>
  );
}

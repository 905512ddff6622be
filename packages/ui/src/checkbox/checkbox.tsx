import type { ChangeEvent, ReactNode } from 'react';
import { Checkbox as AgCheckbox } from '@ag.ds-next/react/checkbox';
import {
  ChoiceGroup,
  type ChoiceGroupBaseProps,
  type ChoiceOption,
} from '../choice-group/choice-group.tsx';

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
export type CheckboxOption = ChoiceOption;

/** Props of CheckboxGroup. */
export type CheckboxGroupProps = ChoiceGroupBaseProps & {
  /** Selected values. */
  value: string[];
  /** Called with the new selected values. */
  onChange: (value: string[]) => void;
};

/** A fieldset of checkboxes with a legend, hint and error message (AgDS ControlGroup). */
export function CheckboxGroup({ value, onChange, ...group }: CheckboxGroupProps) {
  return (
    <ChoiceGroup
      {...group}
      control={AgCheckbox}
      isChecked={(option) => value.includes(option)}
      onToggle={(option, checked) =>
        onChange(checked ? [...value, option] : value.filter((v) => v !== option))
      }
    />
  );
}

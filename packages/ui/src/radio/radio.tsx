import { Radio } from '@ag.ds-next/react/radio';
import {
  ChoiceGroup,
  type ChoiceGroupBaseProps,
  type ChoiceOption,
} from '../choice-group/choice-group.tsx';

/** An option of a radio group. */
export type RadioOption = ChoiceOption;

/** Props of RadioGroup. */
export type RadioGroupProps = ChoiceGroupBaseProps & {
  /** Radio name (one per group). */
  name: string;
  /** Selected value, or undefined for none. */
  value: string | undefined;
  /** Called with the chosen value. */
  onChange: (value: string) => void;
};

/** A fieldset of radio buttons (AgDS ControlGroup and Radio); arrow keys move the choice. */
export function RadioGroup({ value, onChange, ...group }: RadioGroupProps) {
  return (
    <ChoiceGroup
      {...group}
      control={Radio}
      isChecked={(option) => value === option}
      onToggle={(option) => onChange(option)}
    />
  );
}

import { ControlGroup } from '@pca/ui/primitives/control-group.ts';
import { Checkbox } from '@pca/ui/checkbox/checkbox.tsx';

/** Props of ConsentTick. */
export type ConsentTickProps = {
  /** The tick's label (assign, resend or stop wording). */
  label: string;
  /** The message when it is missing. */
  message: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Whether to show the missing tick as an error (after a try). */
  showError: boolean;
  /** Element id of the checkbox, for an error summary's link. */
  id?: string;
};

/** The consent checkbox of the delegation pages and the re-assign dialog: required, its message below when missing. */
export function ConsentTick({
  label,
  message,
  checked,
  onChange,
  showError,
  id,
}: ConsentTickProps) {
  const invalid = showError && !checked;
  return (
    <ControlGroup
      label="Consent"
      required
      invalid={invalid}
      message={invalid ? message : undefined}
    >
      <Checkbox
        {...(id ? { id } : {})}
        checked={checked}
        onCheckedChange={onChange}
        invalid={invalid}
      >
        {label}
      </Checkbox>
    </ControlGroup>
  );
}

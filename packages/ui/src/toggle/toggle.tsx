import { Switch } from '@ag.ds-next/react/switch';

/** Props of Toggle. */
export type ToggleProps = {
  /** Visible label (the switch's accessible name). */
  label: string;
  /** On or off. */
  checked: boolean;
  /** Called with the new state. */
  onChange: (checked: boolean) => void;
  /** sm or md. */
  size?: 'sm' | 'md';
};

/** An on/off switch (AgDS Switch, role "switch"); Space toggles it. */
export function Toggle({ label, checked, onChange, size = 'md' }: ToggleProps) {
  return <Switch label={label} checked={checked} onChange={onChange} size={size} />;
}

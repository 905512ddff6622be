import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithCore } from '../test-utils/render.tsx';
import { Checkbox, CheckboxGroup } from './checkbox.tsx';

describe('Checkbox', () => {
  it('toggles with Space and reports the new state', async () => {
    const user = userEvent.setup();
    const onCheckedChange = vi.fn();
    renderWithCore(<Checkbox onCheckedChange={onCheckedChange}>I agree</Checkbox>);
    const box = screen.getByRole('checkbox', { name: 'I agree' });
    await user.tab();
    expect(box).toHaveFocus();
    await user.keyboard(' ');
    expect(onCheckedChange).toHaveBeenLastCalledWith(true);
  });

  it('renders disabled and invalid states', () => {
    renderWithCore(
      <>
        <Checkbox disabled>Disabled</Checkbox>
        <Checkbox invalid>Invalid</Checkbox>
      </>,
    );
    expect(screen.getByRole('checkbox', { name: 'Disabled' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Invalid' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });
});

describe('CheckboxGroup', () => {
  function Harness() {
    const [value, setValue] = useState<string[]>(['email']);
    return (
      <CheckboxGroup
        label="Contact methods"
        options={[
          { value: 'email', label: 'Email' },
          { value: 'phone', label: 'Phone' },
        ]}
        value={value}
        onChange={setValue}
      />
    );
  }

  it('is a named group whose boxes reflect and change the value', async () => {
    const user = userEvent.setup();
    renderWithCore(<Harness />);
    expect(screen.getByRole('group', { name: /Contact methods/ })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Email' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Phone' }));
    expect(screen.getByRole('checkbox', { name: 'Phone' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Email' }));
    expect(screen.getByRole('checkbox', { name: 'Email' })).not.toBeChecked();
  });
});

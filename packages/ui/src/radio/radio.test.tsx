import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithCore } from '../test-utils/render.tsx';
import { RadioGroup } from './radio.tsx';

function Harness({ message }: { message?: string }) {
  const [value, setValue] = useState<string | undefined>(undefined);
  return (
    <RadioGroup
      label="Business type"
      name="businessType"
      message={message}
      options={[
        { value: 'si', label: 'Site' },
        { value: 'home', label: 'Home visits' },
        { value: 'virtual', label: 'Virtual' },
      ]}
      value={value}
      onChange={setValue}
    />
  );
}

describe('RadioGroup', () => {
  it('is a named group; clicking and arrow keys change the choice', async () => {
    const user = userEvent.setup();
    renderWithCore(<Harness />);
    expect(screen.getByRole('group', { name: /Business type/ })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Site' }));
    expect(screen.getByRole('radio', { name: 'Site' })).toBeChecked();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Home visits' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Site' })).not.toBeChecked();
  });

  it('shows an error message and marks the radios invalid', () => {
    renderWithCore(<Harness message="Choose a business type" />);
    expect(screen.getByText('Choose a business type')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Site' })).toHaveAttribute('aria-invalid', 'true');
  });
});

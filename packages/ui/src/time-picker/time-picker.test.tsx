import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithCore } from '../test-utils/render.tsx';
import { TimePicker } from './time-picker.tsx';

function Harness(props: { required?: boolean; min?: string; max?: string }) {
  const [value, setValue] = useState<string | null>('');
  return (
    <>
      <TimePicker label="Opening time" value={value ?? ''} onChange={setValue} {...props} />
      <output>{value === null ? 'invalid' : value || 'empty'}</output>
      <button type="button">Elsewhere</button>
    </>
  );
}

describe('TimePicker', () => {
  it('is a named combobox listing times every 30 minutes', async () => {
    const user = userEvent.setup();
    renderWithCore(<Harness />);
    const input = screen.getByRole('combobox', { name: /Opening time/ });
    await user.click(input);
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options).toHaveLength(48);
    expect(options[1]).toHaveTextContent('12:30 am');
  });

  it('chooses a time with the arrow keys and Enter', async () => {
    const user = userEvent.setup();
    renderWithCore(<Harness />);
    const input = screen.getByRole('combobox', { name: /Opening time/ });
    await user.type(input, '9');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: '9:30 am' }).id,
    );
    await user.keyboard('{Enter}');
    expect(input).toHaveValue('9:30 am');
    expect(screen.getByText('09:30')).toBeInTheDocument();
  });

  it('accepts a typed time and normalises it on blur', async () => {
    const user = userEvent.setup();
    renderWithCore(<Harness />);
    const input = screen.getByRole('combobox', { name: /Opening time/ });
    await user.type(input, '1415');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(input).toHaveValue('2:15 pm');
    expect(screen.getByText('14:15')).toBeInTheDocument();
  });

  it('closes the list with Escape', async () => {
    const user = userEvent.setup();
    renderWithCore(<Harness />);
    const input = screen.getByRole('combobox', { name: /Opening time/ });
    await user.type(input, '1');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the required, parse, minimum and maximum errors after blur', async () => {
    const user = userEvent.setup();
    renderWithCore(<Harness required min="08:00" max="17:00" />);
    const input = screen.getByRole('combobox', { name: /Opening time/ });
    await user.click(input);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.getByText('Enter a time')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await user.type(input, 'later');
    await user.tab();
    expect(screen.getByText('Enter a valid time, for example 9:30 am')).toBeInTheDocument();
    expect(screen.getByText('invalid')).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, '7am');
    await user.tab();
    expect(screen.getByText('Enter a time at or after 8:00 am')).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, '6pm');
    await user.tab();
    expect(screen.getByText('Enter a time at or before 5:00 pm')).toBeInTheDocument();
  });
});

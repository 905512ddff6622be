import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithCore } from '../test-utils/render.tsx';
import { NumberField, SelectField, TextField, TextareaField, digitsOnly } from './text-field.tsx';

describe('TextField', () => {
  it('renders text, email and phone fields with their labels and types', () => {
    renderWithCore(
      <>
        <TextField label="Given name" required />
        <TextField label="Email" type="email" />
        <TextField label="Phone" type="tel" />
      </>,
    );
    expect(screen.getByRole('textbox', { name: /Given name/ })).toHaveAttribute(
      'aria-required',
      'true',
    );
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveAttribute('type', 'email');
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByRole('textbox', { name: /Phone/ })).toHaveAttribute('type', 'tel');
  });

  it('shows an error message linked to the field', () => {
    renderWithCore(<TextField label="Email" type="email" message="Enter a valid email address" />);
    const input = screen.getByRole('textbox', { name: /Email/ });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/Enter a valid email address/);
  });

  it('reports typed values', async () => {
    const user = userEvent.setup();
    function Harness() {
      const [v, setV] = useState('');
      return (
        <>
          <TextField label="Name" value={v} onValueChange={setV} maxLength={100} />
          <p>Value: {v}</p>
        </>
      );
    }
    renderWithCore(<Harness />);
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Ada');
    expect(screen.getByText('Value: Ada')).toBeInTheDocument();
  });
});

describe('NumberField', () => {
  it('keeps only digits up to the maximum length', async () => {
    const user = userEvent.setup();
    function Harness() {
      const [v, setV] = useState('');
      return <NumberField label="RA number" value={v} onValueChange={setV} maxLength={10} />;
    }
    renderWithCore(<Harness />);
    const input = screen.getByRole('textbox', { name: /RA number/ });
    expect(input).toHaveAttribute('inputmode', 'numeric');
    await user.type(input, '12a34-5678901234');
    expect(input).toHaveValue('1234567890');
  });

  it('digitsOnly strips and cuts', () => {
    expect(digitsOnly('8003 6100 0000 0000 99', 16)).toBe('8003610000000000');
    expect(digitsOnly('0012')).toBe('0012');
  });
});

describe('SelectField', () => {
  it('is a named select whose choice is reported', async () => {
    const user = userEvent.setup();
    function Harness() {
      const [v, setV] = useState('');
      return (
        <>
          <SelectField
            label="State"
            value={v}
            onValueChange={setV}
            options={[
              { value: 'NSW', label: 'New South Wales' },
              { value: 'VIC', label: 'Victoria' },
            ]}
          />
          <p>Chosen: {v}</p>
        </>
      );
    }
    renderWithCore(<Harness />);
    await user.selectOptions(screen.getByRole('combobox', { name: /State/ }), 'VIC');
    expect(screen.getByText('Chosen: VIC')).toBeInTheDocument();
  });
});

describe('TextareaField', () => {
  it('counts remaining characters and stops at the maximum', async () => {
    const user = userEvent.setup();
    function Harness() {
      const [v, setV] = useState('');
      return <TextareaField label="Notes" value={v} onValueChange={setV} maxLength={5} />;
    }
    renderWithCore(<Harness />);
    const area = screen.getByRole('textbox', { name: /Notes/ });
    expect(area).toHaveAccessibleDescription(/5 characters remaining/);
    await user.type(area, 'abcdefgh');
    expect(area).toHaveValue('abcde');
    expect(area).toHaveAccessibleDescription(/0 characters remaining/);
  });
});

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

  it('drops the spaces around a pasted value, so they cannot push its end past the maximum length', async () => {
    const user = userEvent.setup();
    function Harness() {
      const [v, setV] = useState('');
      return <TextField label="BSB" value={v} onValueChange={setV} maxLength={7} />;
    }
    renderWithCore(<Harness />);
    const input = screen.getByRole('textbox', { name: /BSB/ });
    expect(input).toHaveAttribute('maxlength', '7');
    await user.click(input);
    await user.paste(' 062 000 ');
    expect(input).toHaveValue('062 000');
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

  it('keeps every digit of an identifier pasted in groups or with a space before it', async () => {
    const user = userEvent.setup();
    function Harness() {
      const [hpii, setHpii] = useState('');
      const [ra, setRa] = useState('');
      return (
        <>
          <NumberField label="HPI-I" value={hpii} onValueChange={setHpii} maxLength={16} />
          <NumberField label="RA number" value={ra} onValueChange={setRa} maxLength={10} />
        </>
      );
    }
    renderWithCore(<Harness />);
    const hpii = screen.getByRole('textbox', { name: /HPI-I/ });
    await user.click(hpii);
    await user.paste('8003 6118 6091 3908');
    expect(hpii).toHaveValue('8003611860913908');
    const ra = screen.getByRole('textbox', { name: /RA number/ });
    expect(ra).toHaveAttribute('maxlength', '10');
    await user.click(ra);
    await user.paste(' 2000000033');
    expect(ra).toHaveValue('2000000033');
    // Still no more digits than the field takes.
    await user.clear(ra);
    await user.paste('2000-0000-3399');
    expect(ra).toHaveValue('2000000033');
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

import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithCore } from '../test-utils/render.tsx';
import { AutocompleteField } from './autocomplete-field.tsx';
import type { ComboboxOption } from './combobox.tsx';

const suburbs: ComboboxOption[] = [
  { value: '2000', label: 'Sydney NSW 2000' },
  { value: '2010', label: 'Surry Hills NSW 2010' },
  { value: '3000', label: 'Melbourne VIC 3000' },
];

function Harness({ load }: { load: (q: string, s: AbortSignal) => Promise<ComboboxOption[]> }) {
  const [value, setValue] = useState<ComboboxOption | null>(null);
  return (
    <>
      <AutocompleteField
        label="Suburb"
        loadOptions={load}
        value={value}
        onChange={setValue}
        minChars={3}
        debounceMs={200}
      />
      <p>Selected: {value?.value ?? 'none'}</p>
    </>
  );
}

describe('AutocompleteField', () => {
  const search = (q: string) =>
    Promise.resolve(suburbs.filter((s) => s.label.toLowerCase().includes(q.toLowerCase())));

  it('does not search below the minimum characters and hints at it', async () => {
    const user = userEvent.setup({ delay: null });
    const load = vi.fn(search);
    renderWithCore(<Harness load={load} />);
    const input = screen.getByRole('combobox', { name: /Suburb/ });
    expect(input).toHaveAccessibleDescription(/Type at least 3 characters to search/);
    await user.type(input, 'Su');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(load).not.toHaveBeenCalled();
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('debounces typing into one search and lists the results', async () => {
    const user = userEvent.setup({ delay: null });
    const load = vi.fn(search);
    renderWithCore(<Harness load={load} />);
    await user.type(screen.getByRole('combobox', { name: /Suburb/ }), 'Sur');
    // Typing is instant, so within the debounce nothing has been requested yet.
    expect(load).not.toHaveBeenCalled();
    await waitFor(() => expect(load).toHaveBeenCalled());
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('Sur', expect.any(AbortSignal));
    expect(await screen.findByRole('option', { name: 'Surry Hills NSW 2010' })).toBeInTheDocument();
  });

  it('chooses with the keyboard and closes with Escape', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithCore(<Harness load={search} />);
    const input = screen.getByRole('combobox', { name: /Suburb/ });
    await user.type(input, 'syd');
    expect(await screen.findByRole('option', { name: 'Sydney NSW 2000' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Enter}');
    expect(input).toHaveValue('Sydney NSW 2000');
    expect(screen.getByText('Selected: 2000')).toBeInTheDocument();
  });

  it('says when nothing matches in a status, never in a listbox without options', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithCore(<Harness load={search} />);
    const input = screen.getByRole('combobox', { name: /Suburb/ });
    await user.type(input, 'zzz');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No results found'));
    expect(screen.getByText('No results found')).toBeVisible();
    // A listbox must own options (axe: aria-required-children): with none, none is shown.
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    // Text that matches again brings the listbox back, holding only options.
    await user.clear(input);
    await user.type(input, 'syd');
    const listbox = await screen.findByRole('listbox');
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(listbox.children).toHaveLength(1);
    expect(within(listbox).getByRole('option', { name: 'Sydney NSW 2000' })).toBeVisible();
  });

  it('says it is loading in the status too, not in an empty listbox', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithCore(<Harness load={() => new Promise<ComboboxOption[]>(() => undefined)} />);
    const input = screen.getByRole('combobox', { name: /Suburb/ });
    await user.type(input, 'Sur');
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });
});

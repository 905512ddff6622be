import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithCore } from '../test-utils/render.tsx';
import { MultiCombobox } from './multi-combobox.tsx';

const languages = [
  { value: 'ar', label: 'Arabic' },
  { value: 'el', label: 'Greek' },
  { value: 'vi', label: 'Vietnamese' },
];

function Harness({ initial = [] }: { initial?: string[] }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <>
      <MultiCombobox
        label="Languages spoken"
        options={languages}
        value={value}
        onChange={setValue}
      />
      <p>{`Chosen: ${value.join(',') || 'none'}`}</p>
    </>
  );
}

describe('MultiCombobox', () => {
  it('adds options with the keyboard and lists them as chips', async () => {
    const user = userEvent.setup();
    renderWithCore(<Harness />);
    const input = screen.getByRole('combobox', { name: /Languages spoken/ });
    await user.type(input, 'viet');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByText('Chosen: vi')).toBeInTheDocument();
    expect(input).toHaveValue('');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByText('Chosen: vi,ar')).toBeInTheDocument();
    const chips = screen.getByRole('list', { name: 'Languages spoken: chosen' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Vietnamese×', 'Arabic×']);
  });

  it('does not offer what is chosen, and removes a chip by its button', async () => {
    const user = userEvent.setup();
    renderWithCore(<Harness initial={['el']} />);
    await user.click(screen.getByRole('combobox', { name: /Languages spoken/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Arabic',
      'Vietnamese',
    ]);
    await user.click(screen.getByRole('button', { name: 'Remove Greek' }));
    expect(screen.getByText('Chosen: none')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Languages spoken: chosen' })).toBeNull();
  });
});

describe('MultiCombobox: focus after a chip is removed', () => {
  it('goes to the next chip, else the one before, else the input', async () => {
    const user = userEvent.setup();
    renderWithCore(<Harness initial={['ar', 'el', 'vi']} />);
    await user.click(screen.getByRole('button', { name: 'Remove Greek' }));
    expect(screen.getByText('Chosen: ar,vi')).toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove Vietnamese' }));
    await user.keyboard('{Enter}');
    expect(screen.getByText('Chosen: ar')).toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove Arabic' }));
    await user.keyboard('{Enter}');
    expect(screen.getByText('Chosen: none')).toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: /Languages spoken/ }));
  });
});

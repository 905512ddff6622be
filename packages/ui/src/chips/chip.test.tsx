import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithCore } from '../test-utils/render.tsx';
import { Chip, ChipList } from './chip.tsx';
import { colourSets } from '../tone/tone.ts';

describe('Chip', () => {
  it('renders every colour set in a named list', () => {
    renderWithCore(
      <ChipList label="Statuses">
        {colourSets.map((tone) => (
          <Chip key={tone} tone={tone}>
            {tone}
          </Chip>
        ))}
      </ChipList>,
    );
    const list = screen.getByRole('list', { name: 'Statuses' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(6);
    for (const tone of colourSets)
      expect(screen.getByText(tone)).toHaveAttribute('data-tone', tone);
  });

  it('has a named remove button operable by keyboard', async () => {
    const user = userEvent.setup();
    const onRemove = vi.fn();
    renderWithCore(<Chip onRemove={onRemove}>Cardiology</Chip>);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Remove Cardiology' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onRemove).toHaveBeenCalledOnce();
  });
});

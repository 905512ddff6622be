import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithCore } from '../test-utils/render.tsx';
import { Tooltip } from './tooltip.tsx';

describe('Tooltip', () => {
  it('describes its trigger even while hidden', () => {
    renderWithCore(
      <Tooltip content="Healthcare Provider Identifier – Individual">
        <button type="button">HPI-I</button>
      </Tooltip>,
    );
    expect(screen.getByRole('button', { name: 'HPI-I' })).toHaveAccessibleDescription(
      'Healthcare Provider Identifier – Individual',
    );
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('shows on keyboard focus and hides with Escape', async () => {
    const user = userEvent.setup();
    renderWithCore(
      <Tooltip content="More about HPI-I">
        <button type="button">HPI-I</button>
      </Tooltip>,
    );
    await user.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('More about HPI-I');
    const trigger = screen.getByRole('button', { name: 'HPI-I' });
    expect(trigger).toHaveAttribute('aria-describedby', screen.getByRole('tooltip').id);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('shows on hover and hides when the pointer leaves', async () => {
    const user = userEvent.setup();
    renderWithCore(
      <Tooltip content="Hover help">
        <button type="button">Info</button>
      </Tooltip>,
    );
    await user.hover(screen.getByRole('button', { name: 'Info' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Hover help');
    await user.unhover(screen.getByRole('button', { name: 'Info' }));
    await user.hover(document.body);
    await expect.poll(() => screen.queryByRole('tooltip')).toBeNull();
  });
});

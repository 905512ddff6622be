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

  it('inside a button, makes the button its trigger: described by it, shown on keyboard focus, Escape hides', async () => {
    const user = userEvent.setup();
    renderWithCore(
      <button type="button" aria-describedby="other">
        Subject{' '}
        <Tooltip content="When it was created" trigger="enclosing-control">
          <span>24 November</span>
        </Tooltip>
      </button>,
    );
    const button = screen.getByRole('button', { name: 'Subject 24 November' });
    // Nothing focusable inside the button (axe: nested-interactive); the button carries the description.
    expect(button.querySelector('[tabindex], [aria-describedby]')).toBeNull();
    expect(button.getAttribute('aria-describedby')?.split(' ')).toContain('other');
    expect(button).toHaveAccessibleDescription('When it was created');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    await user.tab();
    expect(button).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('When it was created');
    expect(button.getAttribute('aria-describedby')?.split(' ')).toContain(
      screen.getByRole('tooltip').id,
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.tab();
    await user.tab({ shift: true });
    expect(await screen.findByRole('tooltip')).toBeVisible();
    await user.tab();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    // The pointer on the text shows it; the focus a click gives does not keep it.
    await user.hover(screen.getByText('24 November'));
    expect(await screen.findByRole('tooltip')).toBeVisible();
    await user.unhover(screen.getByText('24 November'));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.pointer({ keys: '[MouseLeft]', target: button });
    expect(button).toHaveFocus();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithCore } from '../test-utils/render.tsx';
import { Alert } from './alert.tsx';
import { colourSets } from '../tone/tone.ts';

describe('Alert', () => {
  it.each([...colourSets, 'info' as const])('renders the %s tone with its title', (tone) => {
    renderWithCore(<Alert tone={tone} title={`A ${tone} alert`} />);
    const role = tone === 'error' || tone === 'warning' ? 'alert' : 'status';
    const alert = screen.getByRole(role);
    expect(alert).toHaveAttribute('data-tone', tone);
    expect(alert).toHaveTextContent(`A ${tone} alert`);
  });

  it('announces the tone to screen readers', () => {
    renderWithCore(<Alert tone="error" title="Something went wrong" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Error: Something went wrong');
  });

  it('is dismissible with a Close button, reachable by keyboard', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithCore(<Alert tone="success" title="Saved" onClose={onClose} />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("names its close button as the caller says (the specification's Dismiss)", async () => {
    const onClose = vi.fn();
    renderWithCore(<Alert tone="warning" title="Wait" onClose={onClose} closeLabel="Dismiss" />);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });

  it('has no Close button when not dismissible', () => {
    renderWithCore(<Alert tone="info" title="FYI" />);
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });
});

describe('Alert with long unbroken text', () => {
  it('lets its title and body wrap anywhere, so a long file name keeps the Close button in view', () => {
    const name = `${'a'.repeat(120)}.pdf`;
    renderWithCore(
      <Alert tone="success" title={`${name} was added.`} onClose={vi.fn()}>
        <p>{name}</p>
      </Alert>,
    );
    const text = screen.getByText(`${name} was added.`).closest<HTMLElement>('[data-alert-text]')!;
    expect(text).toContainElement(screen.getByText(name));
    expect(text.style.overflowWrap).toBe('anywhere');
    expect(text.style.minWidth).toBe('0px');
    // The flex item holding the icon and the text may shrink below the text's longest word too.
    expect(text.parentElement!.style.minWidth).toBe('0px');
  });
});

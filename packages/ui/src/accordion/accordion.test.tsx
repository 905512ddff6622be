import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithCore } from '../test-utils/render.tsx';
import { Accordion } from './accordion.tsx';

describe('Accordion', () => {
  const sections = [
    { title: 'What is PCA?', content: 'Provider Connect Australia.' },
    { title: 'Who can join?', content: 'Healthcare providers.', initiallyOpen: true },
  ];

  it('renders a button per section inside a heading, with its open state', () => {
    renderWithCore(<Accordion sections={sections} />);
    const first = screen.getByRole('button', { name: 'What is PCA?' });
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Who can join?' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('heading', { level: 3, name: 'What is PCA?' })).toBeInTheDocument();
  });

  it('opens and closes with the keyboard', async () => {
    const user = userEvent.setup();
    renderWithCore(<Accordion sections={sections} />);
    const first = screen.getByRole('button', { name: 'What is PCA?' });
    first.focus();
    await user.keyboard('{Enter}');
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Provider Connect Australia.')).toBeVisible();
    await user.keyboard(' ');
    expect(first).toHaveAttribute('aria-expanded', 'false');
  });
});

import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithCore } from '../test-utils/render.tsx';
import { Card } from './card.tsx';

describe('Card', () => {
  it('renders a titled card whose title links when it has an href', () => {
    renderWithCore(
      <Card title="Practitioners" href="/practitioners" footer={<span>Footer text</span>}>
        Manage practitioners.
      </Card>,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Practitioners' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Practitioners' })).toHaveAttribute(
      'href',
      '/practitioners',
    );
    expect(screen.getByText('Footer text')).toBeInTheDocument();
  });

  it('marks the selected variant for screen readers and with a thicker border than outlined', () => {
    renderWithCore(
      <>
        <Card title="Outlined" variant="outlined" />
        <Card title="Chosen" variant="selected" />
      </>,
    );
    const chosen = screen.getAllByRole('heading', { level: 3 })[1]!;
    expect(chosen).toHaveTextContent('Chosen (selected)');
    const selectedCard = chosen.closest('[data-variant]')!.parentElement!;
    const outlinedCard = screen
      .getByRole('heading', { name: 'Outlined' })
      .closest('[data-variant]')!.parentElement!;
    const width = (el: Element) => parseFloat(getComputedStyle(el).borderTopWidth);
    expect(width(selectedCard)).toBeGreaterThan(width(outlinedCard));
  });
});

import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithCore } from '../test-utils/render.tsx';
import { Logo } from './logo.tsx';

describe('Logo', () => {
  it('is an image named Provider Connect Australia', () => {
    renderWithCore(<Logo height={64} />);
    expect(screen.getByRole('img', { name: 'Provider Connect Australia' })).toHaveAttribute(
      'height',
      '64',
    );
  });

  it('is hidden when decorative', () => {
    renderWithCore(<Logo decorative />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});

import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithCore } from '../test-utils/render.tsx';
import { Header } from './header.tsx';

describe('Header', () => {
  it('is a banner with the product name linking home and right content', () => {
    renderWithCore(
      <Header rightContent={<button type="button">Sign out</button>} badgeLabel="Beta" />,
    );
    const banner = screen.getByRole('banner');
    expect(
      within(banner).getByRole('link', { name: /Provider Connect Australia/ }),
    ).toHaveAttribute('href', '/');
    expect(within(banner).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(within(banner).getByText('Beta')).toBeInTheDocument();
  });
});

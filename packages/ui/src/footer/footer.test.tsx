import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithCore } from '../test-utils/render.tsx';
import { Footer } from './footer.tsx';

describe('Footer', () => {
  it('is a contentinfo landmark with a named link navigation and copyright', () => {
    renderWithCore(
      <Footer
        year={2026}
        links={[
          { label: 'Privacy', href: '/privacy' },
          { label: 'Accessibility', href: '/accessibility' },
        ]}
      />,
    );
    const footer = screen.getByRole('contentinfo');
    const nav = within(footer).getByRole('navigation', { name: 'Footer' });
    expect(within(nav).getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
    expect(within(footer).getByText('© 2026 Commonwealth of Australia')).toBeInTheDocument();
  });
});

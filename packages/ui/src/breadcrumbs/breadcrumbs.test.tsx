import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithCore } from '../test-utils/render.tsx';
import { Breadcrumbs } from './breadcrumbs.tsx';

describe('Breadcrumbs', () => {
  it('renders a named navigation with links and the current page as text', () => {
    renderWithCore(
      <Breadcrumbs
        links={[
          { label: 'Home', href: '/' },
          { label: 'Delegates', href: '/delegates' },
          { label: 'Assign a delegate' },
        ]}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Delegates' })).toHaveAttribute(
      'href',
      '/delegates',
    );
    expect(within(nav).queryByRole('link', { name: 'Assign a delegate' })).not.toBeInTheDocument();
    expect(within(nav).getByText('Assign a delegate')).toBeInTheDocument();
  });
});

import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithCore } from '../test-utils/render.tsx';
import { SideNavigation } from './side-navigation.tsx';

describe('SideNavigation', () => {
  it('renders a named navigation, marks the current page and applies the width', () => {
    const { container } = renderWithCore(
      <SideNavigation
        title="Design system"
        width={240}
        activePath="/design-system/alerts"
        items={[
          { label: 'Home', href: '/design-system/home' },
          { label: 'Alerts', href: '/design-system/alerts' },
        ]}
      />,
    );
    const nav = screen.getByRole('navigation', { name: /Design system/ });
    // Below md the list folds behind a button named by the title (the stylesheet hides the button from
    // md up; jsdom applies no stylesheet).
    const toggle = within(nav).getByRole('button', { name: 'Design system' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const body = document.getElementById(toggle.getAttribute('aria-controls')!);
    expect(body).toHaveAttribute('data-open', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(body).toHaveAttribute('data-open', 'true');
    expect(within(nav).getByRole('link', { name: 'Alerts', hidden: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Home', hidden: true })).not.toHaveAttribute(
      'aria-current',
    );
    expect(container.querySelector('[data-width="240"]')).toHaveStyle({ maxWidth: '240px' });
  });

  it('lists every item on a page that is none of them (AgDS SideNav would close the list there)', () => {
    renderWithCore(
      <SideNavigation
        title="Menu"
        activePath="/tasks-notifications/tasks"
        items={[
          { label: 'Home', href: '/welcome' },
          { label: 'Businesses', href: '/organisation' },
        ]}
      />,
    );
    const nav = screen.getByRole('navigation', { name: /Menu/ });
    expect(
      within(nav)
        .getAllByRole('link', { hidden: true })
        .map((l) => l.textContent),
    ).toEqual(['Home', 'Businesses']);
  });
});

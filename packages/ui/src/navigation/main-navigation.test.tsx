import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithCore } from '../test-utils/render.tsx';
import { MainNavigation } from './main-navigation.tsx';
import { NavMenuItem, NavMenuPanel } from './nav-menu.tsx';
import { bestMatch } from './links.ts';

const sections = [
  { href: '/welcome', label: 'Home' },
  { href: '/tasks', label: 'Tasks' },
  { href: '/organisation', label: 'Businesses' },
];

function Bar({ onHelp = () => undefined }: { onHelp?: () => void }) {
  return (
    <MainNavigation
      id="main-nav"
      activePath="/organisation/12"
      items={sections}
      secondaryItems={[
        { href: '/tasks', label: 'Notifications', endElement: <span>, 3 unread</span> },
        { label: 'Help', onClick: onHelp },
        {
          label: 'Alice Nguyen',
          dropdown: (
            <NavMenuPanel>
              <NavMenuItem onClick={() => undefined}>Logout</NavMenuItem>
            </NavMenuPanel>
          ),
        },
      ]}
    />
  );
}

describe('bestMatch', () => {
  it('takes the equal href, else the longest leading to the path at a path boundary', () => {
    const hrefs = ['/welcome', '/organisation', '/organisation/12/sites'];
    expect(bestMatch(hrefs, '/organisation')).toBe('/organisation');
    expect(bestMatch(hrefs, '/organisation/12')).toBe('/organisation');
    expect(bestMatch(hrefs, '/organisation/12/sites/3')).toBe('/organisation/12/sites');
    expect(bestMatch(hrefs, '/organisations')).toBeUndefined();
    expect(bestMatch(hrefs, undefined)).toBeUndefined();
  });
});

describe('MainNavigation', () => {
  it('lists the sections (Main) and the secondary items (Supplementary), marking the current section', () => {
    const onHelp = vi.fn();
    renderWithCore(<Bar onHelp={onHelp} />);
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(main)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Home', 'Tasks', 'Businesses']);
    expect(within(main).getByRole('link', { name: 'Businesses' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(main).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    const supplementary = screen.getByRole('navigation', { name: 'Supplementary' });
    expect(
      within(supplementary).getByRole('link', { name: 'Notifications, 3 unread' }),
    ).toHaveAttribute('href', '/tasks');
    within(supplementary).getByRole('button', { name: 'Help' }).click();
    expect(onHelp).toHaveBeenCalledOnce();
    expect(within(supplementary).getByRole('button', { name: 'Alice Nguyen' })).toHaveAttribute(
      'aria-haspopup',
      'true',
    );
  });

  it('the Menu button opens the sections in a modal drawer that holds focus and closes with Escape, Close or a link', async () => {
    const user = userEvent.setup();
    renderWithCore(<Bar />);
    const open = screen.getByRole('button', { name: 'Menu (Open main menu)' });
    expect(open).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(open);
    const drawer = screen.getByRole('dialog', { name: 'Main menu' });
    expect(drawer).toHaveAttribute('aria-modal', 'true');
    expect(open).toHaveAttribute('aria-expanded', 'true');
    expect(document.body.style.overflow).toBe('hidden');
    const close = within(drawer).getByRole('button', { name: 'Close main menu' });
    expect(close).toHaveFocus();
    const links = within(drawer).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Home', 'Tasks', 'Businesses']);
    expect(within(drawer).getByRole('link', { name: 'Businesses' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // Tab goes round the drawer: from its last link back to Close, and Shift+Tab the other way.
    links.at(-1)!.focus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(links.at(-1)).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
    expect(document.body.style.overflow).toBe('');

    await user.click(open);
    await user.click(screen.getByRole('button', { name: 'Close main menu' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(open);
    const tasks = within(screen.getByRole('dialog')).getByRole('link', { name: 'Tasks' });
    tasks.addEventListener('click', (e) => e.preventDefault());
    await user.click(tasks);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a link that opens a new tab says so, in the bar and in the drawer', async () => {
    const user = userEvent.setup();
    renderWithCore(
      <MainNavigation
        items={[{ href: 'https://example.org/help', label: 'Help', target: '_blank' }]}
      />,
    );
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Help, opens in a new tab' })).toHaveAttribute(
      'target',
      '_blank',
    );
    await user.click(screen.getByRole('button', { name: 'Menu (Open main menu)' }));
    expect(
      within(screen.getByRole('dialog')).getByRole('link', { name: 'Help, opens in a new tab' }),
    ).toBeInTheDocument();
  });

  it('has no Menu button when there are no sections', () => {
    renderWithCore(
      <MainNavigation
        items={[]}
        secondaryItems={[{ label: 'Logout', onClick: () => undefined }]}
      />,
    );
    expect(screen.queryByRole('button', { name: /Open main menu/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });
});

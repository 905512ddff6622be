import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithCore } from '../test-utils/render.tsx';
import { MainNavigation } from './main-navigation.tsx';
import { NavMenuItem, NavMenuPanel } from './nav-menu.tsx';

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

// jsdom applies no media queries, so what AgDS MainNav shows only from its lg breakpoint counts as hidden
// there, and a hidden element has no accessible name: the bar's sections are found by their markup.
const hidden = true;
const sectionsBar = () => document.querySelector<HTMLElement>('nav[aria-label="Main"]')!;
const texts = (links: HTMLElement[]) => links.map((l) => l.textContent);

// AgDS's components (Emotion styles, the drawer's focus lock) render slowly in jsdom: at load 20 on two
// cores single tests took 5-15 s.
describe('MainNavigation (AgDS MainNav)', { timeout: 30_000 }, () => {
  it('lists the sections (Main) and the secondary items (Supplementary), marking the current section', () => {
    const onHelp = vi.fn();
    renderWithCore(<Bar onHelp={onHelp} />);
    const links = within(sectionsBar()).getAllByRole('link', { hidden });
    expect(texts(links)).toEqual(['Home', 'Tasks', 'Businesses']);
    // A page below a section marks the section, and only it.
    expect(links.map((l) => l.getAttribute('aria-current'))).toEqual([null, null, 'page']);
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

  it('a menu item of the bar opens its menu (AgDS DropdownMenu)', async () => {
    const user = userEvent.setup();
    renderWithCore(<Bar />);
    await user.click(screen.getByRole('button', { name: 'Alice Nguyen' }));
    expect(screen.getByRole('menu', { name: 'Alice Nguyen' })).toHaveFocus();
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
  });

  it('the Menu button opens the sections in a modal drawer that closes with Escape, Close or a link', async () => {
    const user = userEvent.setup();
    renderWithCore(<Bar />);
    const open = screen.getByRole('button', { name: 'Menu (Open main menu)', hidden });
    open.focus();
    await user.keyboard('{Enter}');
    const drawer = await screen.findByRole('dialog', { name: 'Main menu' });
    expect(drawer).toHaveAttribute('aria-modal', 'true');
    const links = within(drawer).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Home', 'Tasks', 'Businesses']);
    expect(within(drawer).getByRole('link', { name: 'Businesses' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // The page behind does not scroll while it is open.
    expect(getComputedStyle(document.body).overflow).toBe('hidden');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(open);
    await user.click(await screen.findByRole('button', { name: 'Close main menu' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(open);
    const tasks = within(await screen.findByRole('dialog')).getByRole('link', { name: 'Tasks' });
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
    const [help] = within(sectionsBar()).getAllByRole('link', { hidden });
    expect(help).toHaveTextContent('Help, opens in a new tab');
    expect(help).toHaveAttribute('target', '_blank');
    await user.click(screen.getByRole('button', { name: 'Menu (Open main menu)', hidden }));
    expect(
      within(await screen.findByRole('dialog')).getByRole('link', {
        name: 'Help, opens in a new tab',
      }),
    ).toBeInTheDocument();
  });

  it('has no Menu button when there are no sections', () => {
    renderWithCore(
      <MainNavigation
        items={[]}
        secondaryItems={[{ label: 'Logout', onClick: () => undefined }]}
      />,
    );
    expect(
      screen.queryByRole('button', { name: /Open main menu/, hidden }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });
});

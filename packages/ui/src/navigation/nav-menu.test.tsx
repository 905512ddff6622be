import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithCore } from '../test-utils/render.tsx';
import {
  NavMenu,
  NavMenuDivider,
  NavMenuGroup,
  NavMenuItem,
  NavMenuItemLink,
  NavMenuPanel,
} from './nav-menu.tsx';

function Harness({ onLogout = () => undefined }: { onLogout?: () => void }) {
  return (
    <>
      <NavMenu label="Alice Nguyen">
        <NavMenuPanel>
          <NavMenuItemLink href="/profile">View profile</NavMenuItemLink>
          <NavMenuItemLink href="https://example.org/help" target="_blank" rel="noopener">
            Learn more
          </NavMenuItemLink>
          <NavMenuDivider />
          <NavMenuGroup label="Switch accounts">
            <NavMenuItemLink href="/managed">Managed accounts</NavMenuItemLink>
          </NavMenuGroup>
          <NavMenuItem onClick={onLogout}>Logout</NavMenuItem>
        </NavMenuPanel>
      </NavMenu>
      <button type="button">Elsewhere</button>
    </>
  );
}

const activeItem = () => {
  const menu = screen.getByRole('menu');
  const id = menu.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.textContent : undefined;
};

// AgDS's components (Emotion styles, the drawer's focus lock) render slowly in jsdom: at load 20 on two
// cores single tests took 5-15 s.
describe('NavMenu', { timeout: 30_000 }, () => {
  it('is a menu button: closed, it names the menu it controls; opened, the menu has focus and its items', async () => {
    const user = userEvent.setup();
    renderWithCore(<Harness />);
    const button = screen.getByRole('button', { name: 'Alice Nguyen' });
    expect(button).toHaveAttribute('aria-haspopup', 'true');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const controlled = button.getAttribute('aria-controls')!;
    expect(document.getElementById(controlled)).not.toBeNull();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(button);
    const menu = screen.getByRole('menu', { name: 'Alice Nguyen' });
    expect(menu).toHaveAttribute('id', controlled);
    expect(menu).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual([
      'View profile',
      'Learn more, opens in a new tab',
      'Managed accounts',
      'Logout',
    ]);
    expect(screen.getByRole('group', { name: 'Switch accounts' })).toBeInTheDocument();
    // AgDS's divider is a line for the eye only (aria-hidden).
    expect(menu.querySelector('hr')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('menuitem', { name: 'View profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
  });

  it('opens from the keyboard on the first item (↓, Enter, Space) or the last (↑), and moves through them', async () => {
    const user = userEvent.setup();
    renderWithCore(<Harness />);
    const button = screen.getByRole('button', { name: 'Alice Nguyen' });
    button.focus();
    await user.keyboard('{ArrowDown}');
    expect(activeItem()).toBe('View profile');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeItem()).toBe('Managed accounts');
    await user.keyboard('{End}');
    expect(activeItem()).toBe('Logout');
    await user.keyboard('{ArrowDown}');
    expect(activeItem()).toBe('View profile');
    await user.keyboard('{Home}{ArrowUp}');
    expect(activeItem()).toBe('Logout');
    await user.keyboard('m');
    expect(activeItem()).toBe('Managed accounts');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(activeItem()).toBe('Logout');
    await user.keyboard('{Escape}');
    await user.keyboard('{Enter}');
    expect(activeItem()).toBe('View profile');
    await user.keyboard('{Escape}');
    await user.keyboard(' ');
    expect(activeItem()).toBe('View profile');
  });

  it('Enter on an item runs it and closes the menu, returning focus to the button', async () => {
    const user = userEvent.setup();
    const onLogout = vi.fn();
    renderWithCore(<Harness onLogout={onLogout} />);
    const button = screen.getByRole('button', { name: 'Alice Nguyen' });
    await user.click(button);
    await user.keyboard('{End}{Enter}');
    expect(onLogout).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('a click on an item runs it; a click outside or Tab closes the menu', async () => {
    const user = userEvent.setup();
    const onLogout = vi.fn();
    renderWithCore(<Harness onLogout={onLogout} />);
    const button = screen.getByRole('button', { name: 'Alice Nguyen' });
    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();

    await user.click(button);
    await user.keyboard('{Tab}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    // A second click on the button closes it too.
    await user.click(button);
    await user.click(button);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it("a page's action menu: a styled button named in context, and disabled items that do nothing", async () => {
    const user = userEvent.setup();
    const onEdit = vi.fn();
    renderWithCore(
      <NavMenu label="Actions" variant="secondary" size="sm" aria-label="Actions for Alice">
        <NavMenuPanel>
          <NavMenuItem disabled onClick={onEdit}>
            Edit
          </NavMenuItem>
        </NavMenuPanel>
      </NavMenu>,
    );
    await user.click(screen.getByRole('button', { name: 'Actions for Alice' }));
    const edit = screen.getByRole('menuitem', { name: 'Edit' });
    expect(edit).toHaveAttribute('aria-disabled', 'true');
    await user.click(edit);
    expect(onEdit).not.toHaveBeenCalled();
  });
});

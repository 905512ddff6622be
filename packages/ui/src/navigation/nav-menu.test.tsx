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
  nextActiveItem,
} from './nav-menu.tsx';

function Harness({ onLogout = () => undefined }: { onLogout?: () => void }) {
  return (
    <>
      <NavMenu button="Alice Nguyen">
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

describe('nextActiveItem', () => {
  const labels = ['View profile', 'Managed accounts', 'My account', 'Logout'];
  it('moves with the arrows, wrapping at both ends, and jumps with Home and End', () => {
    expect(nextActiveItem('ArrowDown', labels, -1)).toBe(0);
    expect(nextActiveItem('ArrowDown', labels, 3)).toBe(0);
    expect(nextActiveItem('ArrowUp', labels, 0)).toBe(3);
    expect(nextActiveItem('Home', labels, 2)).toBe(0);
    expect(nextActiveItem('End', labels, 0)).toBe(3);
  });
  it('finds the next item starting with the typed letters, after the current one for a new search', () => {
    expect(nextActiveItem('m', labels, -1, 'm')).toBe(1);
    expect(nextActiveItem('m', labels, 1, 'm')).toBe(2);
    expect(nextActiveItem('y', labels, 2, 'my')).toBe(2);
    expect(nextActiveItem('q', labels, 2, 'q')).toBe(2);
    expect(nextActiveItem('Shift', labels, 2)).toBeNull();
    expect(nextActiveItem('ArrowDown', [], -1)).toBeNull();
  });
});

describe('NavMenu', () => {
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
    expect(screen.getByRole('separator')).toBeInTheDocument();
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
    expect(screen.getByRole('menuitem', { name: 'Managed accounts' })).toHaveAttribute(
      'data-active',
    );
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

  it("a page's action menu: AgDS's button named in context, and disabled items that do nothing", async () => {
    const user = userEvent.setup();
    const onEdit = vi.fn();
    const onView = vi.fn();
    renderWithCore(
      <NavMenu button="Actions" variant="secondary" size="sm" aria-label="Actions for Alice">
        <NavMenuPanel>
          <NavMenuItem disabled onClick={onEdit}>
            Edit
          </NavMenuItem>
          <NavMenuItem onClick={onView}>View</NavMenuItem>
        </NavMenuPanel>
      </NavMenu>,
    );
    const button = screen.getByRole('button', { name: 'Actions for Alice' });
    expect(button).toHaveTextContent('Actions');
    await user.click(button);
    expect(screen.getByRole('menu', { name: 'Actions for Alice' })).toHaveFocus();
    const edit = screen.getByRole('menuitem', { name: 'Edit' });
    expect(edit).toHaveAttribute('aria-disabled', 'true');
    await user.click(edit);
    expect(onEdit).not.toHaveBeenCalled();
    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'View' }));
    expect(onView).toHaveBeenCalledOnce();
  });
});

import type { ReactNode } from 'react';
import {
  DropdownMenu,
  DropdownMenuButton,
  DropdownMenuDivider,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuItemLink,
  DropdownMenuPanel,
} from '@ag.ds-next/react/dropdown-menu';

/**
 * The portal's one menu: AgDS DropdownMenu (the ARIA menu button pattern — ↓ ↑ Enter Space open it, the menu
 * takes focus and marks its active item with `aria-activedescendant`, ↑ ↓ Home End and typed letters move,
 * Escape closes and returns focus, Tab and a press elsewhere close it). The navigation bar's About and profile
 * menus (MainNavigation's `dropdown` items) and the pages' action menus are all built from these parts
 * (docs/decisions/036-one-navigation.md).
 */

/** Props of NavMenu. */
export type NavMenuProps = {
  /** The button's text. */
  label: ReactNode;
  /** The button's accessible name when its text needs context ("Actions for …"). */
  'aria-label'?: string;
  /** The button's look (AgDS Button variants; `text` by default, as AgDS's). */
  variant?: 'primary' | 'secondary' | 'tertiary' | 'text';
  size?: 'sm' | 'md';
  /** The menu: a NavMenuPanel. */
  children: ReactNode;
};

/** A button that opens a menu of links and actions (for a menu in the navigation bar, see MainNavigation). */
export function NavMenu({ label, children, ...button }: NavMenuProps) {
  return (
    <DropdownMenu>
      <DropdownMenuButton {...button}>{label}</DropdownMenuButton>
      {children}
    </DropdownMenu>
  );
}

/** Props of NavMenuPanel. */
export type NavMenuPanelProps = { children: ReactNode };

/** The menu itself, in the light palette whatever the bar's (rendered only while open). */
export function NavMenuPanel({ children }: NavMenuPanelProps) {
  return <DropdownMenuPanel palette="light">{children}</DropdownMenuPanel>;
}

/** Props of NavMenuItem. */
export type NavMenuItemProps = {
  children: ReactNode;
  onClick: () => void;
  /**
   * Shown but refused: AgDS menu items have no disabled state, so the item is `aria-disabled`, greyed, and
   * does nothing (the menu still closes).
   */
  disabled?: boolean;
};

const disabledStyle = { color: '#6b6b6b', cursor: 'not-allowed' } as const;

/** An action in the menu; the menu closes once it has run. */
export function NavMenuItem({ children, onClick, disabled = false }: NavMenuItemProps) {
  return disabled ? (
    <DropdownMenuItem aria-disabled="true" style={disabledStyle}>
      {children}
    </DropdownMenuItem>
  ) : (
    <DropdownMenuItem onClick={() => onClick()}>{children}</DropdownMenuItem>
  );
}

/** Props of NavMenuItemLink. */
export type NavMenuItemLinkProps = {
  children: ReactNode;
  href: string;
  target?: string;
  rel?: string;
};

/** A link in the menu; one that opens a new tab says so to screen readers. */
export function NavMenuItemLink({ children, href, target, rel }: NavMenuItemLinkProps) {
  return (
    <DropdownMenuItemLink href={href} target={target} rel={rel}>
      {children}
    </DropdownMenuItemLink>
  );
}

/** Props of NavMenuGroup. */
export type NavMenuGroupProps = { label: string; children: ReactNode };

/** Items under a heading ('Switch accounts'). */
export function NavMenuGroup({ label, children }: NavMenuGroupProps) {
  return <DropdownMenuGroup label={label}>{children}</DropdownMenuGroup>;
}

/** A line between groups of items. */
export function NavMenuDivider() {
  return <DropdownMenuDivider />;
}

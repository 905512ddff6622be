import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { Box } from '@ag.ds-next/react/box';
import { ExternalLinkCallout } from '@ag.ds-next/react/a11y';
import { Button } from '@ag.ds-next/react/button';
import { ChevronDownIcon } from '@ag.ds-next/react/icon';
import { NavAnchor } from './links.ts';
import './navigation.css';

/**
 * A menu button in the navigation bar (the About and profile menus), following the ARIA menu button
 * pattern as AgDS DropdownMenu does: the button opens the menu (Enter, Space, ↓ first item, ↑ last item),
 * the menu takes focus and marks its active item with `aria-activedescendant`; ↑ ↓ Home End move, a
 * letter jumps to the next item starting with it, Enter or Space activates, Escape closes and returns
 * focus to the button, Tab and a click outside close it. It is placed below its button by CSS, with no
 * positioning engine: the bar never scrolls and the menu always opens towards the page
 * (docs/decisions/033-own-navigation-components.md).
 */
type MenuState = {
  isOpen: boolean;
  /** Id of the item `aria-activedescendant` points at. */
  activeId?: string;
};

type MenuContextValue = {
  buttonId: string;
  panelId: string;
  isOpen: boolean;
  activeId: string | undefined;
  panelRef: RefObject<HTMLDivElement | null>;
  close: (focusButton?: boolean) => void;
  onPanelKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
};

const MenuContext = createContext<MenuContextValue | null>(null);

function useMenu(): MenuContextValue {
  const menu = useContext(MenuContext);
  if (!menu) throw new Error('A NavMenu part was used outside NavMenu.');
  return menu;
}

const ITEM_SELECTOR = '[role="menuitem"]';

/** How long a pause (ms) ends a typed search, as in AgDS's menus. */
const TYPEAHEAD_PAUSE_MS = 350;

/**
 * The next active item for a key, or null when the key is not the menu's. Pure, for the unit tests:
 * `labels` are the items' texts, `active` the current index, `typed` the search so far.
 */
export function nextActiveItem(
  key: string,
  labels: readonly string[],
  active: number,
  typed = '',
): number | null {
  const count = labels.length;
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return active < count - 1 ? active + 1 : 0;
    case 'ArrowUp':
      return active > 0 ? active - 1 : count - 1;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default: {
      if (!typed) return null;
      // A continued search may stay on the current item; a new one starts after it.
      const start = typed.length > 1 ? Math.max(active, 0) : active + 1;
      for (let step = 0; step < count; step += 1) {
        const index = (start + step) % count;
        if (labels[index]!.trim().toLowerCase().startsWith(typed)) return index;
      }
      return active;
    }
  }
}

/** Props of NavMenu. */
export type NavMenuProps = {
  /** The button's content (its accessible name). */
  button: ReactNode;
  /** Class of the button (the bar styles it). */
  buttonClassName?: string;
  /**
   * A menu in a page (a table row's actions) rather than in the bar: the button is AgDS's Button of this
   * variant with a chevron, and the menu opens below it.
   */
  variant?: 'primary' | 'secondary' | 'tertiary' | 'text';
  size?: 'sm' | 'md';
  /** The button's accessible name when its text needs context ("Actions for …"). */
  'aria-label'?: string;
  /** The menu: NavMenuItem, NavMenuItemLink, NavMenuGroup and NavMenuDivider. */
  children: ReactNode;
};

/** A button that opens a menu of links and actions. */
export function NavMenu({
  button,
  buttonClassName,
  variant,
  size,
  'aria-label': ariaLabel,
  children,
}: NavMenuProps) {
  const id = useId();
  const buttonId = `${id}-button`;
  const panelId = `${id}-menu`;
  const [state, setState] = useState<MenuState>({ isOpen: false });
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLSpanElement>(null);
  const typed = useRef({ text: '', at: 0 });
  /** Which item to make active once the menu has opened (by the key that opened it). */
  const openAt = useRef<'first' | 'last' | null>(null);

  const items = useCallback(
    () => Array.from(panelRef.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? []),
    [],
  );

  const close = useCallback((focusButton = true) => {
    setState({ isOpen: false });
    if (focusButton) buttonRef.current?.focus();
  }, []);

  // Opened: the menu takes focus (without scrolling the page), and the opening key picks the item.
  useEffect(() => {
    if (!state.isOpen) return;
    panelRef.current?.focus({ preventScroll: true });
    const at = openAt.current;
    openAt.current = null;
    if (at)
      setState((s) => ({ ...s, activeId: (at === 'first' ? items()[0] : items().at(-1))?.id }));
  }, [state.isOpen, items]);

  // A pointer press anywhere else closes it, leaving focus where the press put it.
  useEffect(() => {
    if (!state.isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [state.isOpen, close]);

  // The active item stays in view in a menu taller than the screen.
  const activeId = state.isOpen ? state.activeId : undefined;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(event.key)) return;
    event.preventDefault();
    openAt.current = event.key === 'ArrowUp' ? 'last' : 'first';
    setState({ isOpen: true });
  };

  const onPanelKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      const all = items();
      const active = all.findIndex((n) => n.id === state.activeId);
      switch (event.key) {
        case 'Escape':
          event.preventDefault();
          close();
          return;
        case 'Tab':
          close(false);
          return;
        case 'Enter':
        case ' ': {
          event.preventDefault();
          const item = all[active];
          if (item) item.click();
          return;
        }
      }
      let search = '';
      if (/^[a-z]$/i.test(event.key) && !event.metaKey && !event.ctrlKey && !event.altKey) {
        const now = Date.now();
        search =
          now - typed.current.at < TYPEAHEAD_PAUSE_MS
            ? typed.current.text + event.key.toLowerCase()
            : event.key.toLowerCase();
        typed.current = { text: search, at: now };
      }
      const next = nextActiveItem(
        event.key,
        all.map((n) => n.textContent ?? ''),
        active,
        search,
      );
      if (next === null) return;
      event.preventDefault();
      setState((s) => ({ ...s, activeId: all[next]?.id }));
    },
    [close, items, state.activeId],
  );

  const value = useMemo<MenuContextValue>(
    () => ({
      buttonId,
      panelId,
      isOpen: state.isOpen,
      activeId,
      panelRef,
      close,
      onPanelKeyDown,
    }),
    [buttonId, panelId, state.isOpen, activeId, close, onPanelKeyDown],
  );

  return (
    <MenuContext.Provider value={value}>
      <span
        ref={rootRef}
        className={variant ? 'pca-nav-menu-anchor' : undefined}
        style={variant ? undefined : { display: 'contents' }}
      >
        {variant ? (
          <Button
            ref={buttonRef}
            type="button"
            id={buttonId}
            variant={variant}
            size={size}
            iconAfter={ChevronDownIcon}
            aria-label={ariaLabel}
            aria-haspopup="true"
            aria-controls={panelId}
            aria-expanded={state.isOpen}
            onClick={() => (state.isOpen ? close() : setState({ isOpen: true }))}
            onKeyDown={onButtonKeyDown}
          >
            {button}
          </Button>
        ) : (
          <button
            ref={buttonRef}
            type="button"
            id={buttonId}
            className={`pca-nav-reset pca-nav-focus pca-nav-icon-rotates ${buttonClassName ?? ''}`}
            aria-label={ariaLabel}
            aria-haspopup="true"
            aria-controls={panelId}
            aria-expanded={state.isOpen}
            onClick={() => (state.isOpen ? close() : setState({ isOpen: true }))}
            onKeyDown={onButtonKeyDown}
          >
            {button}
          </button>
        )}
        {children}
      </span>
    </MenuContext.Provider>
  );
}

/** Props of NavMenuPanel. */
export type NavMenuPanelProps = { children: ReactNode };

/** The menu itself, in the light palette whatever the bar's (rendered only while open). */
export function NavMenuPanel({ children }: NavMenuPanelProps) {
  const { panelId, buttonId, isOpen, activeId, panelRef, onPanelKeyDown } = useMenu();
  // The button's aria-controls names an element even while the menu is closed.
  if (!isOpen) return <div id={panelId} hidden />;
  return (
    <Box
      palette="light"
      ref={panelRef}
      id={panelId}
      role="menu"
      aria-labelledby={buttonId}
      aria-activedescendant={activeId}
      tabIndex={-1}
      className="pca-nav-menu pca-nav-focus"
      onKeyDown={onPanelKeyDown}
    >
      {children}
    </Box>
  );
}

/** The menu an item is in, the item's id (for `aria-activedescendant`) and whether it is the active one. */
function useItem() {
  const menu = useMenu();
  const itemId = `${menu.panelId}-${useId()}`;
  return { menu, itemId, active: itemId === menu.activeId };
}

/** Props of NavMenuItem. */
export type NavMenuItemProps = {
  children: ReactNode;
  onClick: () => void;
  /** Shown but refused: `aria-disabled`, greyed, and does nothing (the menu still closes). */
  disabled?: boolean;
};

/** An action in the menu; the menu closes once it has run. */
export function NavMenuItem({ children, onClick, disabled = false }: NavMenuItemProps) {
  const { menu, itemId, active } = useItem();
  return (
    <button
      type="button"
      id={itemId}
      role="menuitem"
      tabIndex={-1}
      className="pca-nav-reset pca-nav-menu__item"
      data-active={active || undefined}
      aria-disabled={disabled || undefined}
      onClick={() => {
        if (!disabled) onClick();
        menu.close();
      }}
    >
      {children}
    </button>
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
  const { menu, itemId, active } = useItem();
  return (
    <NavAnchor
      href={href}
      target={target}
      rel={rel}
      id={itemId}
      role="menuitem"
      tabIndex={-1}
      className="pca-nav-menu__item"
      data-active={active || undefined}
      onClick={() => menu.close()}
    >
      <span>
        {children}
        {target === '_blank' ? <ExternalLinkCallout /> : null}
      </span>
    </NavAnchor>
  );
}

/** Props of NavMenuGroup. */
export type NavMenuGroupProps = { label: string; children: ReactNode };

/** Items under a heading ('Switch accounts'). */
export function NavMenuGroup({ label, children }: NavMenuGroupProps) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id}>
      <span id={id} className="pca-nav-menu__group-label">
        {label}
      </span>
      {children}
    </div>
  );
}

/** A line between groups of items. */
export function NavMenuDivider() {
  return <hr className="pca-nav-menu__divider" />;
}

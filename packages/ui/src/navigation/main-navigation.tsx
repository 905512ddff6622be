import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { ExternalLinkCallout } from '@ag.ds-next/react/a11y';
import { Box } from '@ag.ds-next/react/box';
import { ChevronDownIcon, CloseIcon, MenuIcon } from '@ag.ds-next/react/icon';
import { NavMenu } from './nav-menu.tsx';
import { bestMatch, NavAnchor } from './links.ts';
import './navigation.css';

/** A link in the bar or the drawer. */
export type MainNavigationLink = {
  href: string;
  label: ReactNode;
  target?: string;
  rel?: string;
  /** Before the label (an icon). */
  beforeElement?: ReactNode;
  /** After the label (a visually hidden count). */
  endElement?: ReactNode;
};

/** A button in the bar. */
export type MainNavigationButton = {
  label: ReactNode;
  onClick: () => void;
  beforeElement?: ReactNode;
  endElement?: ReactNode;
};

/** A menu button in the bar: `dropdown` is a NavMenuPanel. */
export type MainNavigationMenu = {
  label: ReactNode;
  dropdown: ReactNode;
  beforeElement?: ReactNode;
  endElement?: ReactNode;
};

export type MainNavigationItem = MainNavigationLink | MainNavigationButton | MainNavigationMenu;

/** Props of MainNavigation. */
export type MainNavigationProps = {
  /** Id of the bar (the skip link and the shell's styles may target it). */
  id?: string;
  /** The sections: in the bar from lg, in the Menu drawer below it. */
  items: MainNavigationLink[];
  /** Bell, menus and the like, always in the bar. */
  secondaryItems?: MainNavigationItem[];
  /** Path of the current section: the item whose href matches it (or is its longest prefix) is marked. */
  activePath?: string;
};

/**
 * The navigation bar under the header, AgDS MainNav's design and behaviour, built for this portal: its
 * sections (in a drawer behind a Menu button below AgDS's lg breakpoint), and its secondary items —
 * links, buttons and menu buttons (NavMenu) — always in the bar (docs/decisions/033-own-navigation-components.md).
 */
export function MainNavigation({
  id,
  items,
  secondaryItems = [],
  activePath,
}: MainNavigationProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Stable, so the open drawer is set up once although the bar re-renders under it (the bell's count).
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const active = bestMatch(
    [...items, ...secondaryItems].flatMap((i) => ('href' in i ? [i.href] : [])),
    activePath,
  );
  return (
    <>
      <div id={id} className="pca-main-nav" tabIndex={-1}>
        <div className="pca-main-nav__row">
          {items.length ? (
            <button
              type="button"
              className="pca-nav-reset pca-nav-focus pca-main-nav__open"
              aria-haspopup="dialog"
              aria-expanded={drawerOpen}
              aria-label="Menu (Open main menu)"
              onClick={() => setDrawerOpen(true)}
            >
              <MenuIcon />
              Menu
            </button>
          ) : null}
          <NavList label="Main" items={items} active={active} className="pca-main-nav__primary" />
          {secondaryItems.length ? (
            <NavList
              label="Supplementary"
              items={secondaryItems}
              active={active}
              className="pca-main-nav__secondary"
            />
          ) : null}
        </div>
        <div className="pca-main-nav__border" />
      </div>
      {drawerOpen ? <MenuDrawer items={items} active={active} onClose={closeDrawer} /> : null}
    </>
  );
}

/**
 * A section or secondary link, in the bar or the drawer: marked `aria-current` when it is the current one,
 * and saying so to screen readers when it opens a new tab.
 */
function ItemLink({
  item: { href, target, rel, label, beforeElement, endElement },
  active,
  className = '',
  onClick,
}: {
  item: MainNavigationLink;
  active: string | undefined;
  className?: string;
  onClick?: () => void;
}) {
  return (
    <NavAnchor
      href={href}
      target={target}
      rel={rel}
      aria-current={href === active ? 'page' : undefined}
      className={`pca-nav-focus ${className}`}
      onClick={onClick}
    >
      {beforeElement}
      <span>
        {label}
        {target === '_blank' ? <ExternalLinkCallout /> : null}
      </span>
      {endElement}
    </NavAnchor>
  );
}

function NavList({
  label,
  items,
  active,
  className,
}: {
  label: string;
  items: MainNavigationItem[];
  active: string | undefined;
  className: string;
}) {
  return (
    <nav aria-label={label} className={`pca-main-nav__list ${className}`}>
      <ul>
        {items.map((item, index) => {
          const { label: text, beforeElement, endElement } = item;
          let content: ReactNode;
          if ('href' in item) {
            content = <ItemLink item={item} active={active} className="pca-main-nav__link" />;
          } else if ('dropdown' in item) {
            content = (
              <NavMenu
                buttonClassName="pca-main-nav__menu-button"
                button={
                  <>
                    {beforeElement}
                    <span className="pca-nav-truncate" data-label>
                      {text}
                    </span>
                    {endElement}
                    <ChevronDownIcon size="sm" weight="bold" />
                  </>
                }
              >
                {item.dropdown}
              </NavMenu>
            );
          } else {
            content = (
              <button
                type="button"
                className="pca-nav-reset pca-nav-focus pca-main-nav__link"
                onClick={item.onClick}
              >
                {beforeElement}
                <span>{text}</span>
                {endElement}
              </button>
            );
          }
          return (
            <li key={index} className="pca-main-nav__item">
              {content}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

const FOCUSABLE = 'a[href], button:not([disabled])';

/**
 * The sections on a small screen: a modal dialog from the left, over the page. Focus moves into it and
 * stays there (Tab wraps), Escape, the Close button and a press on the page close it and return focus to
 * the Menu button; choosing a link closes it too.
 */
function MenuDrawer({
  items,
  active,
  onClose,
}: {
  items: MainNavigationLink[];
  active: string | undefined;
  onClose: () => void;
}) {
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    dialogRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    // The page behind stays put while the drawer is open.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      onClose();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      opener?.focus?.();
    };
  }, [onClose]);

  // Tab and Shift+Tab go round the drawer's own controls.
  const trapTab = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab') return;
    const focusable = Array.from(dialogRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <Box palette="light">
      <div className="pca-main-nav-overlay" onClick={onClose} />
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-label="Main menu"
        className="pca-main-nav-drawer"
        onKeyDown={trapTab}
      >
        <button
          type="button"
          className="pca-nav-reset pca-nav-focus pca-main-nav-drawer__close"
          aria-label="Close main menu"
          onClick={onClose}
        >
          <CloseIcon />
          Close
        </button>
        <nav aria-label="Main">
          <ul>
            {items.map((item, index) => (
              // The drawer lists the sections by name, without the bar's icons (as AgDS's does).
              <li key={index}>
                <ItemLink
                  item={{ ...item, beforeElement: undefined }}
                  active={active}
                  onClick={onClose}
                />
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </Box>,
    document.body,
  );
}

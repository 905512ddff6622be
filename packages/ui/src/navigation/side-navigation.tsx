import { useId, useState, type CSSProperties } from 'react';
import { ChevronDownIcon } from '@ag.ds-next/react/icon';
import { bestMatch, NavAnchor } from './links.ts';
import './navigation.css';

/** A side navigation link (optionally with children). */
export type SideNavigationItem = {
  /** Link text. */
  label: string;
  /** Link target. */
  href: string;
  /** Second-level links. */
  items?: SideNavigationItem[];
};

/** Props of SideNavigation. */
export type SideNavigationProps = {
  /** Title above the links (also the nav landmark's name). */
  title: string;
  /** Where the title links to. */
  titleLink?: string;
  /** The links. */
  items: SideNavigationItem[];
  /** Path of the current page, highlighted and marked aria-current. */
  activePath: string;
  /** Width in px on large screens (full width on small ones). */
  width?: number;
};

const hrefsOf = (items: SideNavigationItem[]): string[] =>
  items.flatMap((i) => [i.href, ...hrefsOf(i.items ?? [])]);

function LinkList({
  items,
  active,
  depth,
}: {
  items: SideNavigationItem[];
  active: string | undefined;
  depth: number;
}) {
  return (
    <ul>
      {items.map((item) => (
        <li key={item.href}>
          <NavAnchor
            href={item.href}
            aria-current={item.href === active ? 'page' : undefined}
            className="pca-nav-focus pca-side-nav__link"
            style={{ '--pca-side-nav-indent': `${depth}rem` } as CSSProperties}
          >
            {depth > 1 ? <span aria-hidden>{depth > 2 ? '—' : '–'}</span> : null}
            <span>{item.label}</span>
          </NavAnchor>
          {item.items?.length ? (
            <LinkList items={item.items} active={active} depth={depth + 1} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * Side navigation with a fixed width, AgDS SideNav's design: a titled list of links with the current page
 * marked, every level always open; below md it folds behind a button named by its title
 * (docs/decisions/015, docs/decisions/033-own-navigation-components.md).
 */
export function SideNavigation({
  title,
  titleLink,
  items,
  activePath,
  width = 240,
}: SideNavigationProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const active = bestMatch(hrefsOf(items), activePath);
  return (
    <div style={{ width: '100%', maxWidth: width, flexShrink: 0 }} data-width={width}>
      <nav aria-labelledby={`${id}-title`} className="pca-side-nav">
        <h2 id={`${id}-title`} className="pca-nav-visually-hidden">
          {title}
        </h2>
        <button
          type="button"
          className="pca-nav-reset pca-nav-focus pca-nav-icon-rotates pca-side-nav__toggle"
          aria-label={title}
          aria-controls={`${id}-body`}
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          <span>{title}</span>
          <ChevronDownIcon weight="bold" />
        </button>
        <div id={`${id}-body`} className="pca-side-nav__body" data-open={open}>
          <div className="pca-side-nav__title" data-linked={titleLink ? '' : undefined}>
            {titleLink ? (
              <NavAnchor
                href={titleLink}
                aria-current={activePath === titleLink ? 'page' : undefined}
                className="pca-nav-focus"
              >
                {title}
              </NavAnchor>
            ) : (
              <span>{title}</span>
            )}
          </div>
          <LinkList items={items} active={active} depth={1} />
        </div>
      </nav>
    </div>
  );
}

import { useState, type MouseEvent, type ReactNode } from 'react';
import { MainNav } from '@ag.ds-next/react/main-nav';
import { ExternalLinkCallout } from '@ag.ds-next/react/a11y';

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
 * A link that opens a new tab says so to screen readers (AgDS MainNav does not, in the bar or its drawer;
 * its DropdownMenuItemLink does).
 */
function withNewTabCallout<T extends MainNavigationItem>(item: T): T {
  if (!('href' in item) || item.target !== '_blank') return item;
  return {
    ...item,
    label: (
      <>
        {item.label}
        <ExternalLinkCallout />
      </>
    ),
  };
}

/**
 * The navigation bar under the header: AgDS MainNav at the portal's width (`containerLg`), its sections in a
 * drawer behind a Menu button below AgDS's lg breakpoint, its secondary items (links, buttons and menu
 * buttons whose `dropdown` is a NavMenuPanel) always in the bar (docs/decisions/036-one-navigation.md).
 */
export function MainNavigation({
  id,
  items,
  secondaryItems = [],
  activePath,
}: MainNavigationProps) {
  // AgDS's drawer closes itself on Escape, its Close button, the overlay and the current section's link,
  // and leaves the rest to a page load; in this single-page app choosing any of its links must close it
  // too. MainNav keeps its open state to itself, so a chosen link in the drawer builds the bar anew
  // (closed), which happens only on a phone, once per choice.
  const [generation, setGeneration] = useState(0);
  const closesDrawer = (item: MainNavigationLink) => ({
    ...withNewTabCallout(item),
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.currentTarget.closest('[role="dialog"]')) setGeneration((g) => g + 1);
    },
  });
  return (
    <MainNav
      key={generation}
      id={id}
      activePath={activePath}
      items={items.map(closesDrawer)}
      secondaryItems={secondaryItems.map(withNewTabCallout)}
      maxWidth="containerLg"
    />
  );
}

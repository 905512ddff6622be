import { SideNav } from '@ag.ds-next/react/side-nav';
import { Box } from '@ag.ds-next/react/box';

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

/** Side navigation with a fixed width (AgDS SideNav). */
export function SideNavigation({
  title,
  titleLink,
  items,
  activePath,
  width = 240,
}: SideNavigationProps) {
  return (
    <Box style={{ width: '100%', maxWidth: width, flexShrink: 0 }} data-width={width}>
      {/* AgDS opens the list only when one of its items is the active page; on a page of no item (Tasks,
          Give us feedback) it would show none at all, so the list is always open (docs/decisions/015). */}
      <SideNav
        title={title}
        titleLink={titleLink}
        items={items}
        activePath={activePath}
        subLevelVisible="always"
      />
    </Box>
  );
}

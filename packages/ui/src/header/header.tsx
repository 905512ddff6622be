import type { ReactNode } from 'react';
import { Header as AgHeader } from '@ag.ds-next/react/header';
import { Logo } from '../logo/logo.tsx';

/** Props of Header. */
export type HeaderProps = {
  /** Product name shown beside the logo. */
  heading?: string;
  /** Strapline under the heading. */
  subline?: string;
  /** Where the logo links to. */
  href?: string;
  /** Right-hand content (e.g. the signed-in user's menu). */
  rightContent?: ReactNode;
  /** A badge such as "Beta". */
  badgeLabel?: string;
  /** body or bodyAlt background. */
  background?: 'body' | 'bodyAlt';
};

/** The site header with the Provider Connect Australia logo (AgDS Header; renders a banner landmark). */
export function Header({
  heading = 'Provider Connect Australia',
  subline = 'Connecting healthcare providers across Australia',
  href = '/',
  rightContent,
  badgeLabel,
  background = 'bodyAlt',
}: HeaderProps) {
  return (
    <AgHeader
      background={background}
      heading={heading}
      subline={subline}
      href={href}
      logo={<Logo decorative />}
      rightContent={rightContent}
      badgeLabel={badgeLabel}
      maxWidth="containerLg"
    />
  );
}

import type { ReactNode } from 'react';
import { Footer as AgFooter, FooterDivider } from '@ag.ds-next/react/footer';
import { LinkList } from '@ag.ds-next/react/link-list';
import { Text } from '@ag.ds-next/react/text';
import { Stack } from '@ag.ds-next/react/stack';

/** A footer link. */
export type FooterLink = { label: string; href: string };

/** Props of Footer. */
export type FooterProps = {
  /** Links in the footer's navigation. */
  links: FooterLink[];
  /** Extra content above the copyright line (e.g. support contact). */
  children?: ReactNode;
  /** Copyright year; the current year by default. */
  year?: number;
  /** body or bodyAlt background. */
  background?: 'body' | 'bodyAlt';
  /** Accessible name of the link navigation (unique per page). */
  navLabel?: string;
};

/** The site footer with navigation links, acknowledgement of country and copyright (AgDS Footer; a contentinfo landmark). */
export function Footer({
  links,
  children,
  year = new Date().getFullYear(),
  background = 'bodyAlt',
  navLabel = 'Footer',
}: FooterProps) {
  return (
    <AgFooter background={background} maxWidth="containerLg">
      <nav aria-label={navLabel}>
        <LinkList links={links} horizontal />
      </nav>
      <FooterDivider />
      <Stack gap={1}>
        {children}
        <Text as="p" fontSize="xs">
          We acknowledge the traditional owners of country throughout Australia and recognise their
          continuing connection to land, waters and culture. We pay our respects to their Elders
          past and present.
        </Text>
        <Text as="p" fontSize="xs">{`© ${year} Commonwealth of Australia`}</Text>
      </Stack>
    </AgFooter>
  );
}

import type { ReactNode } from 'react';
import { Stack } from '@ag.ds-next/react/stack';
import { H1 } from '@ag.ds-next/react/heading';
import { Text } from '@ag.ds-next/react/text';

export { Heading, H1, H2, H3, H4, H5, H6 } from '@ag.ds-next/react/heading';
export { Text } from '@ag.ds-next/react/text';
export { TextLink, TextLinkExternal } from '@ag.ds-next/react/text-link';
export { Prose } from '@ag.ds-next/react/prose';
export { VisuallyHidden } from '@ag.ds-next/react/a11y';

/** Props of PageTitle. */
export type PageTitleProps = {
  /** The page's level-one heading. */
  title: string;
  /** Lead paragraph under the heading. */
  introduction?: ReactNode;
  /** Small text above the title (e.g. section name). */
  pretext?: string;
};

/** A page's level-one heading with optional pretext and lead paragraph. */
export function PageTitle({ title, introduction, pretext }: PageTitleProps) {
  return (
    <Stack gap={0.75}>
      {pretext ? (
        <Text color="muted" fontSize="lg">
          {pretext}
        </Text>
      ) : null}
      <H1>{title}</H1>
      {introduction ? (
        <Text as="p" fontSize="md" color="muted">
          {introduction}
        </Text>
      ) : null}
    </Stack>
  );
}

import { pages } from '@pca/contracts/pages.ts';
import { useMatches } from 'react-router';
import { Stack } from '@ag.ds-next/react/stack';
import { H1 } from '@ag.ds-next/react/heading';
import { Text } from '@ag.ds-next/react/text';
import { TextLink } from '@ag.ds-next/react/text-link';

/**
 * The honest page for a route whose screen is not built yet: its real title, and a way back.
 * The routes that still use it are listed in a test so the list only shrinks.
 */
export function NotAvailablePage() {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as { title?: string } | undefined;
  return (
    <Stack gap={1.5}>
      <H1>{handle?.title ?? 'Not available yet'}</H1>
      <Text as="p">This part of the portal is not available yet.</Text>
      <TextLink href={pages.welcome.dashboard.href()}>Go to your dashboard</TextLink>
    </Stack>
  );
}

export { NotAvailablePage as Component };

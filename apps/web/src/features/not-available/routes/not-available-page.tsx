import { pages } from '@pca/contracts/pages.ts';
import { useMatches } from 'react-router';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { TextLink } from '@pca/ui/primitives/text-link.ts';

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

import { pages } from '@pca/contracts/pages.ts';
import { Flex } from '@pca/ui/primitives/box.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { TextLink } from '@pca/ui/primitives/text-link.ts';
import { AppFooter } from './app-footer.tsx';
import { AppHeader } from './app-header.tsx';
import { MainContent } from './main-content.tsx';
import { ApiErrorAlert } from '#lib/errors/api-error-alert.tsx';
import { isMaintenance } from '#lib/errors/describe-api-error.ts';

/**
 * The error page's content: shell, heading, alert and a link home. The alert says what failed: the
 * maintenance message when a route's API call (e.g. the guard's /api/me) answered 503, a refusal as a
 * refusal, and 'try again later' only for network and server failures.
 */
export function RouteErrorContent({ error }: { error: unknown }) {
  return (
    <Flex flexDirection="column" minHeight="100vh">
      <AppHeader />
      <MainContent id="main-content">
        <Stack gap={1.5}>
          <H1>{isMaintenance(error) ? 'Under maintenance' : 'Something went wrong'}</H1>
          <ApiErrorAlert error={error} thing="this page" />
          <Text as="p">
            <TextLink href={pages.home.href()}>Go to the home page</TextLink>
          </Text>
        </Stack>
      </MainContent>
      <AppFooter />
    </Flex>
  );
}

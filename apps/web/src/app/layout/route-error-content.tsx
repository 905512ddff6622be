import { Flex } from '@ag.ds-next/react/box';
import { Stack } from '@ag.ds-next/react/stack';
import { H1 } from '@ag.ds-next/react/heading';
import { PageAlert } from '@ag.ds-next/react/page-alert';
import { Text } from '@ag.ds-next/react/text';
import { TextLink } from '@ag.ds-next/react/text-link';
import { AppFooter } from './app-footer.tsx';
import { AppHeader } from './app-header.tsx';
import { MainContent } from './main-content.tsx';
import { paths } from '../paths.ts';

/** The error page's content: shell, heading, alert and a link home. */
export function RouteErrorContent() {
  return (
    <Flex flexDirection="column" minHeight="100vh">
      <AppHeader />
      <MainContent id="main-content">
        <Stack gap={1.5}>
          <H1>Something went wrong</H1>
          <PageAlert tone="error" title="This page could not be shown">
            <Text as="p">Please try again. If the problem continues, contact support.</Text>
          </PageAlert>
          <Text as="p">
            <TextLink href={paths.home()}>Go to the home page</TextLink>
          </Text>
        </Stack>
      </MainContent>
      <AppFooter />
    </Flex>
  );
}

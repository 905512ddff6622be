import { Outlet, ScrollRestoration } from 'react-router';
import { Flex } from '@ag.ds-next/react/box';
import { useConfig } from '#lib/config.tsx';
import { AppFooter } from './app-footer.tsx';
import { AppHeader } from './app-header.tsx';
import { MainContent } from './main-content.tsx';
import { SkipLink } from './skip-link.tsx';
import { useDocumentTitle } from './use-document-title.ts';

const MAIN_ID = 'main-content';

/** The application shell: skip link, header, main landmark with the routed page, footer. */
export function RootLayout() {
  const { productName } = useConfig();
  useDocumentTitle(productName);
  return (
    <Flex flexDirection="column" minHeight="100vh">
      <SkipLink mainId={MAIN_ID} />
      <AppHeader />
      <MainContent id={MAIN_ID}>
        <Outlet />
      </MainContent>
      <AppFooter />
      <ScrollRestoration />
    </Flex>
  );
}

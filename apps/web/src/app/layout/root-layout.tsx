import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useMatches, useSearchParams } from 'react-router';
import { Box, Flex } from '@pca/ui/primitives/box.ts';
import { layout } from '@pca/contracts/constants.ts';
import { useConfig } from '#lib/config.tsx';
import { useHasSession } from '#lib/session-token.ts';
import { withQueryClient } from '../query-client-loader.ts';
import { footerDialogFromQuery, type FooterDialog } from '../shell/footer-dialog-kinds.ts';
import { AppFooter } from './app-footer.tsx';
import { BreadcrumbsPlaceholder, routeShowsBreadcrumbs } from './breadcrumbs-slot.tsx';
import { AppHeader } from './app-header.tsx';
import { MainContent } from './main-content.tsx';
import { SkipLink } from './skip-link.tsx';
import { useDocumentTitle } from './use-document-title.ts';

// Lazy: signed-out visitors never download the side navigation, breadcrumbs, idle watch or dialog text.
// The signed-in parts read server state, so they render once the query client has loaded too.
const ShellSideNavigation = lazy(async () => ({
  default: (await withQueryClient(() => import('../shell/signed-in-frame.tsx')))
    .ShellSideNavigation,
}));
const ShellBreadcrumbs = lazy(async () => ({
  default: (await withQueryClient(() => import('../shell/signed-in-frame.tsx'))).ShellBreadcrumbs,
}));
const SessionIdleWatch = lazy(async () => ({
  default: (await withQueryClient(() => import('../shell/session-idle-watch.tsx')))
    .SessionIdleWatch,
}));
const FooterDialogs = lazy(async () => ({
  default: (await import('../shell/footer-dialogs.tsx')).FooterDialogs,
}));

const MAIN_ID = 'main-content';

/** Opens the dialog named by `?showDialog=` (the privacy routes redirect home with it), then drops the query. */
function useShowDialogQuery(open: (dialog: FooterDialog) => void) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = footerDialogFromQuery(searchParams.get('showDialog'));
  useEffect(() => {
    if (!requested) return;
    open(requested);
    setSearchParams(
      (params) => {
        params.delete('showDialog');
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [requested, open, setSearchParams]);
}

/** The application shell (docs/product/shell.md#layout): header, side navigation and breadcrumbs when signed in, main, footer. */
export function RootLayout() {
  const { productName } = useConfig();
  const signedIn = useHasSession();
  // Their row is held while their code loads, so the page does not move down when they appear.
  const showsBreadcrumbs = routeShowsBreadcrumbs(useMatches());
  const [dialog, setDialog] = useState<FooterDialog | null>(null);
  // After the idle logout the token is gone but its dialog (Login / Logout) must stay on screen.
  const [idleEnded, setIdleEnded] = useState(false);
  const endIdleSession = useCallback(() => setIdleEnded(true), []);
  useDocumentTitle(productName);
  useShowDialogQuery(setDialog);
  return (
    <Flex flexDirection="column" minHeight="100vh">
      <SkipLink mainId={MAIN_ID} />
      <AppHeader />
      <Flex flexGrow={1} justifyContent="center" width="100%">
        {signedIn ? (
          <Box
            flexShrink={0}
            paddingY={{ xs: 2, md: 3 }}
            paddingLeft={1}
            display={{ xs: 'none', md: 'block' }}
            style={{ width: layout.sideNavWidth, boxSizing: 'content-box' }}
          >
            <Suspense fallback={null}>
              <ShellSideNavigation />
            </Suspense>
          </Box>
        ) : null}
        <MainContent
          id={MAIN_ID}
          top={
            signedIn ? (
              <Suspense fallback={showsBreadcrumbs ? <BreadcrumbsPlaceholder /> : null}>
                <ShellBreadcrumbs />
              </Suspense>
            ) : null
          }
        >
          <Outlet />
        </MainContent>
      </Flex>
      <AppFooter onOpenDialog={setDialog} />
      {dialog ? (
        <Suspense fallback={null}>
          <FooterDialogs open={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      ) : null}
      {signedIn || idleEnded ? (
        <Suspense fallback={null}>
          <SessionIdleWatch onSessionEnded={endIdleSession} />
        </Suspense>
      ) : null}
      <ScrollRestoration />
    </Flex>
  );
}

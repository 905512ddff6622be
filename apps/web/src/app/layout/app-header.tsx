import { shellPages } from '@pca/contracts/shell-pages.ts';
import { lazy, Suspense } from 'react';
import { Header } from '@pca/ui/header/header.tsx';
import { Box } from '@pca/ui/primitives/box.ts';
import { Flex } from '@pca/ui/primitives/flex.ts';
import { Button } from '@pca/ui/button/button.tsx';
import { useConfig } from '#lib/config.tsx';
import { startLogin } from '#lib/login.ts';
import { useHasSession } from '#lib/session-token.ts';
import { Staged } from '#lib/staged.tsx';
import { withQueryClient } from '../query-client-loader.ts';
import './shell.css';

// Signed-in parts load only after sign-in, keeping the signed-out page's JavaScript small; they read
// server state, so they render once the query client has loaded too.
const ManagingIndicator = lazy(async () => ({
  default: (await withQueryClient(() => import('../shell/signed-in-header.tsx'))).ManagingIndicator,
}));
const SignedInNavigation = lazy(async () => ({
  default: (await withQueryClient(() => import('../shell/signed-in-header.tsx')))
    .SignedInNavigation,
}));

/**
 * Height of the navigation bar while its code loads, so the page does not jump: MainNav's bar and its
 * bottom border measure 4.5rem below lg (shell.css sets the bar there) and 4rem from lg.
 */
const NAV_PLACEHOLDER_HEIGHT = { xs: '4.5rem', lg: '4rem' } as const;
const navPlaceholder = <Box background="bodyAlt" height={NAV_PLACEHOLDER_HEIGHT} />;

/** The shell header (docs/product/shell.md#layout): logo linking home, and Login or the signed-in navigation and menus. */
export function AppHeader() {
  const { productName } = useConfig();
  const signedIn = useHasSession();
  return (
    <Box palette="dark">
      <div className="pca-header-bar" data-testid="header-bar">
        <Header
          background="bodyAlt"
          heading={productName}
          subline="Keep your provider information in one place"
          href={signedIn ? shellPages.welcome.dashboard.href() : shellPages.home.href()}
          rightContent={
            signedIn ? (
              <Flex justifyContent={{ xs: 'flex-start', lg: 'flex-end' }}>
                <Suspense fallback={null}>
                  <ManagingIndicator />
                </Suspense>
              </Flex>
            ) : (
              <Flex justifyContent={{ xs: 'flex-start', lg: 'flex-end' }}>
                <Button onClick={startLogin}>Login</Button>
              </Flex>
            )
          }
        />
      </div>
      {signedIn ? (
        // The bar (AgDS MainNav, its menus, and a layout read of each menu button) mounts in a commit of
        // its own after the page's first one rather than inside it (lib/staged.tsx).
        <Suspense fallback={navPlaceholder}>
          <Staged placeholder={navPlaceholder}>
            <SignedInNavigation />
          </Staged>
        </Suspense>
      ) : null}
    </Box>
  );
}

import { shellPages } from '@pca/contracts/shell-pages.ts';
import { lazy, Suspense } from 'react';
import { Header } from '@pca/ui/header/header.tsx';
import { Box } from '@pca/ui/primitives/box.ts';
import { Flex } from '@pca/ui/primitives/flex.ts';
import { useConfig } from '#lib/config.tsx';
import { LoginButton } from '#lib/login-button.tsx';
import { useHasSession } from '#lib/session-token.ts';
import { withQueryClient } from '../query-client-loader.ts';
import { MainNavigationPlaceholder } from '@pca/ui/navigation/main-navigation-placeholder.tsx';
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
                <LoginButton />
              </Flex>
            )
          }
        />
      </div>
      {signedIn ? (
        <Suspense fallback={<MainNavigationPlaceholder />}>
          <SignedInNavigation />
        </Suspense>
      ) : null}
    </Box>
  );
}

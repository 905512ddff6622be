import { Header } from '@ag.ds-next/react/header';
import { Box } from '@ag.ds-next/react/box';
import { Flex } from '@ag.ds-next/react/flex';
import { Text } from '@ag.ds-next/react/text';
import { Button } from '@ag.ds-next/react/button';
import { useConfig } from '#lib/config.tsx';
import { useCurrentUser } from '#lib/current-user.ts';
import { startLogin } from '#lib/login.ts';
import { useHasSession } from '#lib/session-token.ts';
import { useLogout } from '#features/auth/api/logout.ts';
import { paths } from '../paths.ts';

function SignedInControls() {
  const { data: user } = useCurrentUser();
  const logout = useLogout();
  return (
    <Flex
      alignItems="center"
      justifyContent={{ xs: 'flex-start', lg: 'flex-end' }}
      gap={1}
      flexWrap="wrap"
    >
      {user ? (
        <Text fontWeight="bold" data-testid="signed-in-user">
          {user.givenName} {user.familyName}
        </Text>
      ) : null}
      <Button
        variant="secondary"
        loading={logout.isPending}
        loadingLabel="Logging out"
        onClick={() => logout.mutate()}
      >
        Logout
      </Button>
    </Flex>
  );
}

/** The shell header: product name linking home, and Login or the signed-in user with Logout. */
export function AppHeader() {
  const { productName } = useConfig();
  const signedIn = useHasSession();
  return (
    <Box palette="dark">
      <Header
        background="bodyAlt"
        heading={productName}
        subline="Keep your provider information in one place"
        href={signedIn ? paths.welcome() : paths.home()}
        maxWidth="containerLg"
        rightContent={
          signedIn ? (
            <SignedInControls />
          ) : (
            <Flex justifyContent={{ xs: 'flex-start', lg: 'flex-end' }}>
              <Button onClick={startLogin}>Login</Button>
            </Flex>
          )
        }
      />
    </Box>
  );
}

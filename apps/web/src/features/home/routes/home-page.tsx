import { Box } from '@pca/ui/primitives/box.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H1, H2 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { useConfig } from '#lib/config.tsx';
import { LoginButton } from '#lib/login-button.tsx';

const BULLET = { listStyleType: 'disc' } as const;

/** The signed-out home page: what the portal is for, and the Login button that starts sign-in. */
export function HomePage() {
  const { productName, identityProvider } = useConfig();
  return (
    <Stack gap={2}>
      <Stack gap={1}>
        <H1>{productName}</H1>
        <Text as="p" fontSize="md" color="muted">
          One place for healthcare providers to keep their business and practitioner information up
          to date and share it with funders, health directories and partner services.
        </Text>
      </Stack>
      {/* Headings and text components rather than AgDS Prose, whose styles would be the largest part of
          this page's own code on the entry every visit downloads (docs/decisions/018-critical-path-javascript.md). */}
      <Stack gap={1}>
        <H2>Who it is for</H2>
        {/* A block list, not a Stack (flex items lose their bullets); AgDS's base styles take the
            bullets off every element it draws, so each item asks for its own. */}
        <Box as="ul" paddingLeft={1.5} style={{ margin: 0 }}>
          <Text as="li" style={BULLET}>
            <strong>Practitioners</strong> can register, verify their details, upload credential
            documents, assign delegates and choose what is published.
          </Text>
          <Text as="li" paddingTop={0.5} style={BULLET}>
            <strong>Organisations</strong> can register their business, manage their healthcare
            services, sites and practitioners, and control what is shared with partners.
          </Text>
        </Box>
      </Stack>
      <Stack gap={1}>
        <H2>Signing in</H2>
        <Text as="p">
          You sign in with {identityProvider.name}. You will return here once you have signed in.
        </Text>
      </Stack>
      <div>
        <LoginButton />
      </div>
    </Stack>
  );
}

export { HomePage as Component };

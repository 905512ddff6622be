import { Stack } from '@pca/ui/primitives/stack.ts';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { Button } from '@pca/ui/button/button.tsx';
import { Prose } from '@pca/ui/primitives/prose.ts';
import { useConfig } from '#lib/config.tsx';
import { startLogin } from '#lib/login.ts';

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
      {/* Plain headings: Prose spaces only unstyled elements, so an AgDS H2 would sit on the list. */}
      <Prose>
        <h2>Who it is for</h2>
        <ul>
          <li>
            <strong>Practitioners</strong> can register, verify their details, upload credential
            documents, assign delegates and choose what is published.
          </li>
          <li>
            <strong>Organisations</strong> can register their business, manage their healthcare
            services, sites and practitioners, and control what is shared with partners.
          </li>
        </ul>
        <h2>Signing in</h2>
        <p>
          You sign in with {identityProvider.name}. You will return here once you have signed in.
        </p>
      </Prose>
      <div>
        <Button onClick={startLogin}>Login</Button>
      </div>
    </Stack>
  );
}

export { HomePage as Component };

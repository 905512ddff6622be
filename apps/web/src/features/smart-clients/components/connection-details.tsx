import type { SmartClient } from '@pca/contracts';
import { smartClientAuthMethodLabels } from '@pca/contracts';
import { H2 } from '@pca/ui/primitives/heading.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { SummaryList } from '@pca/ui/primitives/summary-list.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { SummaryItem } from '#lib/business/summary.tsx';
import { formatDateTime } from '#lib/dates.ts';

const list = (values: string[]) => (values.length ? values.join(', ') : 'Not said');

/** A long address that wraps anywhere rather than widening the page at 390 px. */
const Address = ({ children }: { children: string }) => (
  <Text style={{ overflowWrap: 'anywhere' }}>{children}</Text>
);

/**
 * What to register in the clinical system, and what it said it supports when the connection was saved
 * (docs/product/smart-clients.md#adding-a-clinical-system).
 */
export function ConnectionDetails({ connection: c }: { connection: SmartClient }) {
  return (
    <Stack gap={1.5}>
      <Stack gap={1}>
        <H2>Register the portal in {c.name}</H2>
        <Text as="p">
          Give your clinical system these details when you register the portal as an app.
        </Text>
        <SummaryList>
          <SummaryItem term="App launch URL">
            <Address>{c.appLaunchUrl}</Address>
          </SummaryItem>
          <SummaryItem term="Redirect URI">
            <Address>{c.redirectUri}</Address>
          </SummaryItem>
          <SummaryItem term="Client authentication">
            {smartClientAuthMethodLabels[c.authMethod]}
          </SummaryItem>
          {c.authMethod === 'private_key_jwt' ? (
            <SummaryItem term="Portal's public key (JWKS URL)">
              <Address>{c.jwksUrl}</Address>
            </SummaryItem>
          ) : null}
        </SummaryList>
      </Stack>
      <Stack gap={1}>
        <H2>What {c.name} supports</H2>
        <SummaryList>
          <SummaryItem term="Capabilities">{list(c.configuration.capabilities)}</SummaryItem>
          <SummaryItem term="Scopes offered">{list(c.configuration.scopesSupported)}</SummaryItem>
          <SummaryItem term="Client authentication">
            {list(c.configuration.tokenEndpointAuthMethods)}
          </SummaryItem>
          <SummaryItem term="PKCE">{list(c.configuration.codeChallengeMethods)}</SummaryItem>
          <SummaryItem term="Read">{formatDateTime(c.configuration.fetchedAt)}</SummaryItem>
        </SummaryList>
      </Stack>
    </Stack>
  );
}

import type { SmartClient } from '@pca/contracts';
import { pages } from '@pca/contracts/pages.ts';
import { Alert, Button, Card, Chip } from '@pca/ui';
import { ButtonLink } from '@pca/ui/button/button.tsx';
import { Loading } from '@pca/ui/loading/loading.tsx';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { QueryView } from '#lib/query-view.tsx';
import { formatDateTime } from '#lib/dates.ts';
import { describeApiErrorText } from '#lib/errors/describe-api-error.ts';
import { useHistoryOutcome } from '#lib/history-outcome.tsx';
import { readSmartClientOutcome, useSmartClients, useStartLaunch } from './smart-clients-api.ts';

/** What the caller's sign-in to a connection says (docs/product/smart-clients.md#the-clinical-systems-tab). */
export function signInText(signIn: SmartClient['signIn']): string {
  if (!signIn) return 'Not connected. Connect to sign in to the clinical system.';
  const who = signIn.fhirUser ? `Connected as ${signIn.fhirUser}` : 'Connected';
  if (!signIn.live) return `${who} until ${formatDateTime(signIn.expiresAt)}. Connect again.`;
  return signIn.canRefresh
    ? `${who}. The portal renews the sign-in until the clinical system ends it.`
    : `${who} until ${formatDateTime(signIn.expiresAt)}`;
}

function ConnectionCard({ connection }: { connection: SmartClient }) {
  const launch = useStartLaunch();
  const live = connection.signIn?.live ?? false;
  return (
    <Card
      as="li"
      variant="outlined"
      title={connection.name}
      footer={
        <Stack gap={0.5} alignItems="flex-start">
          {launch.error ? (
            <Alert tone="error" title="The clinical system could not be reached">
              <Text as="p">{describeApiErrorText(launch.error, { thing: connection.name })}</Text>
            </Alert>
          ) : null}
          <Stack gap={0.5} flexDirection={{ xs: 'column', sm: 'row' }}>
            <Button
              onClick={() => launch.mutate(connection.id)}
              loading={launch.isPending || launch.isSuccess}
              aria-label={`${live ? 'Connect again to' : 'Connect to'} ${connection.name}`}
            >
              {live ? 'Connect again' : 'Connect'}
            </Button>
            {/* Once connected, the practice's roles can be brought across (docs/product/practitioner-role-import.md). */}
            {live ? (
              <ButtonLink
                variant="secondary"
                href={pages.clientSystems.importRoles.href({ id: connection.id })}
                aria-label={`Import practitioner roles from ${connection.name}`}
              >
                Import practitioner roles
              </ButtonLink>
            ) : null}
            <ButtonLink
              variant="secondary"
              href={pages.clientSystems.edit.href({ id: connection.id })}
              aria-label={`Edit ${connection.name}`}
            >
              Edit
            </ButtonLink>
          </Stack>
        </Stack>
      }
    >
      <Stack gap={0.5}>
        <div>
          <Chip tone={live ? 'success' : 'neutral'}>{live ? 'Connected' : 'Not connected'}</Chip>
        </div>
        <Text as="p">{signInText(connection.signIn)}</Text>
        <Text as="p" fontSize="sm" color="muted" style={{ overflowWrap: 'anywhere' }}>
          FHIR base URL: {connection.iss}
        </Text>
      </Stack>
    </Card>
  );
}

/** An organisation's connections to its clinical information systems, for its managers. */
export function ClinicalSystems({ organisationId }: { organisationId: string }) {
  const query = useSmartClients(organisationId);
  // A connection removed on its edit page is confirmed here, where the manager lands.
  const { alert } = useHistoryOutcome(
    (state) => {
      const outcome = readSmartClientOutcome(state);
      return outcome?.outcome === 'removed' ? outcome : null;
    },
    ({ name }) => `${name} was removed. Everyone's sign-in to it has ended.`,
  );
  return (
    <Stack gap={1}>
      {alert}
      <Text as="p">
        Connect this business to its clinical information system to bring practitioner roles across
        without typing them again. You sign in to the clinical system as yourself; the portal keeps
        the sign-in, never your password.
      </Text>
      <div>
        <ButtonLink variant="secondary" href={pages.clientSystems.add.href({ organisationId })}>
          Add a clinical system
        </ButtonLink>
      </div>
      <QueryView
        query={query}
        loading={<Loading message="Loading clinical systems" />}
        thing="the clinical systems"
        logMessage="Clinical systems failed to load"
      >
        {({ connections }) =>
          connections.length === 0 ? (
            <Text as="p">This business is not connected to a clinical information system yet.</Text>
          ) : (
            <Stack as="ul" gap={1} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {connections.map((c) => (
                <ConnectionCard key={c.id} connection={c} />
              ))}
            </Stack>
          )
        }
      </QueryView>
    </Stack>
  );
}

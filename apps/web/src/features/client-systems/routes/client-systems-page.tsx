import { useEffect, useState } from 'react';
import { Alert, Button, ButtonGroup, type DataTableColumn } from '@pca/ui';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import {
  clientSystemMessages as messages,
  type ClientSystem,
  type IssuedClientSecret,
} from '@pca/contracts';
import { PageLoading } from '#lib/business/entity-page.tsx';
import { formatDateTime } from '#lib/dates.ts';
import { QueryView } from '#lib/query-view.tsx';
import { TableSection } from '#lib/table-section.tsx';
import {
  useClientSystems,
  useRegisterClientSystem,
  useRevokeClientSystem,
  useRotateClientSecret,
} from '../api/client-systems.ts';
import { ConfirmDialog } from '#lib/confirm-dialog.tsx';
import { IssuedSecret } from '../components/issued-secret.tsx';
import { RegisterForm } from '../components/register-form.tsx';

type Confirming = { action: 'rotate' | 'revoke'; clientSystem: ClientSystem };

/**
 * Client systems (System admin, PcaOperator): partners' OAuth 2.0 clients for the partner API — register one,
 * rotate its secret, revoke it (docs/decisions/030-publishing-to-partners.md). A secret is shown once.
 */
export function ClientSystemsPage() {
  const query = useClientSystems();
  const register = useRegisterClientSystem();
  const rotate = useRotateClientSecret();
  const revoke = useRevokeClientSystem();
  const [issued, setIssued] = useState<IssuedClientSecret | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [revoked, setRevoked] = useState<string | null>(null);

  // The secret appears above the table: move focus there so it is announced and can be copied at once.
  useEffect(() => {
    if (issued) document.getElementById('issued-secret')?.focus();
  }, [issued]);

  const open = (action: Confirming['action'], clientSystem: ClientSystem) => {
    rotate.reset();
    revoke.reset();
    setConfirming({ action, clientSystem });
  };

  const onConfirm = () => {
    if (!confirming) return;
    const { action, clientSystem } = confirming;
    if (action === 'rotate')
      rotate.mutate(clientSystem.id, {
        onSuccess: (answer) => {
          setConfirming(null);
          setRevoked(null);
          setIssued(answer);
        },
      });
    else
      revoke.mutate(clientSystem.id, {
        onSuccess: () => {
          setConfirming(null);
          setIssued(null);
          setRevoked(clientSystem.name);
        },
      });
  };

  const columns: DataTableColumn<ClientSystem>[] = [
    { key: 'name', header: 'Name', render: (c) => c.name, sortValue: (c) => c.name },
    {
      key: 'partner',
      header: 'Partner service',
      render: (c) => c.partnerServiceName,
      sortValue: (c) => c.partnerServiceName,
    },
    { key: 'clientId', header: 'Client ID', render: (c) => <code>{c.clientId}</code> },
    {
      key: 'hint',
      header: 'Secret ends with',
      render: (c) => <code aria-label={`ends with ${c.secretHint}`}>…{c.secretHint}</code>,
    },
    {
      key: 'issued',
      header: 'Secret issued',
      render: (c) => formatDateTime(c.secretIssuedAt),
      sortValue: (c) => c.secretIssuedAt,
    },
    {
      key: 'status',
      header: 'Status',
      render: (c) =>
        c.revokedAt ? `${messages.revoked} ${formatDateTime(c.revokedAt)}` : messages.active,
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (c) =>
        c.revokedAt ? null : (
          <ButtonGroup>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => open('rotate', c)}
              aria-label={`Rotate the secret of ${c.name}`}
            >
              Rotate secret
            </Button>
            <Button
              size="sm"
              variant="tertiary"
              onClick={() => open('revoke', c)}
              aria-label={`Revoke ${c.name}`}
            >
              Revoke
            </Button>
          </ButtonGroup>
        ),
    },
  ];

  return (
    <Stack gap={2}>
      <Stack gap={1}>
        <H1>{messages.title}</H1>
        <Text as="p">{messages.intro}</Text>
      </Stack>
      {issued ? <IssuedSecret issued={issued} onDone={() => setIssued(null)} /> : null}
      {revoked ? (
        <Alert
          tone="success"
          title={`${revoked} is revoked`}
          onClose={() => setRevoked(null)}
          focusable
        >
          <Text as="p">Its secret and every access token issued to it no longer work.</Text>
        </Alert>
      ) : null}
      <QueryView
        query={query}
        loading={<PageLoading label="Loading client systems" minHeight="8rem" />}
        thing="the client systems"
        askWhom="a Provider Connect Australia operator"
      >
        {({ clientSystems, partnerServices }) => (
          <>
            <TableSection
              heading="Registered client systems"
              empty={messages.empty}
              caption="Client systems"
              columns={columns}
              rows={clientSystems}
              rowKey={(c) => c.id}
            />
            <RegisterForm
              partners={partnerServices}
              saving={register.isPending}
              serverError={register.error}
              onRegister={async (values) => {
                const answer = await register.mutateAsync(values).catch(() => null);
                if (answer) {
                  setRevoked(null);
                  setIssued(answer);
                }
              }}
            />
          </>
        )}
      </QueryView>
      <ConfirmDialog
        key={confirming ? `${confirming.action}-${confirming.clientSystem.id}` : 'none'}
        isOpen={confirming !== null}
        title={
          confirming?.action === 'revoke'
            ? messages.revokeTitle(confirming.clientSystem.name)
            : messages.rotateTitle(confirming?.clientSystem.name ?? '')
        }
        warning={confirming?.action === 'revoke' ? messages.revokeWarning : messages.rotateWarning}
        confirmLabel={confirming?.action === 'revoke' ? 'Revoke client system' : 'Rotate secret'}
        onClose={() => setConfirming(null)}
        onConfirm={onConfirm}
        saving={rotate.isPending || revoke.isPending}
        serverError={rotate.error ?? revoke.error}
        thing="the client system"
      />
    </Stack>
  );
}

export { ClientSystemsPage as Component };

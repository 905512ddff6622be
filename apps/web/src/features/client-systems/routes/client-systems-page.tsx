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
import { useFocusAfterRender, useFocusWhenShown } from '#lib/focus.ts';
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

const listHeadingId = 'client-systems-heading';

// A name may be 200 characters without a space: without a break anywhere it widens the table past the
// Actions column at desktop width and the page past the screen on a phone.
const wrapAnywhere = { overflowWrap: 'anywhere' } as const;

/** Whether `element` is laid out: the table and its cards are both on the page, CSS hiding one of them. */
function isShown(element: HTMLElement): boolean {
  for (let e: HTMLElement | null = element; e; e = e.parentElement)
    if (getComputedStyle(e).display === 'none') return false;
  return true;
}

/** The Rotate secret button of the client system `id` in the table or the cards, whichever is shown. */
function rowAction(id: string): HTMLElement | undefined {
  return Array.from(
    document.querySelectorAll<HTMLElement>(`[data-row-action="rotate"][data-row="${id}"]`),
  ).find(isShown);
}

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
  const [revoked, setRevoked] = useState<ClientSystem | null>(null);
  // Confirming a revoke takes away the Revoke button that opened the dialog, and focus with it: the message
  // takes it, once for each revoke (the answer is a new object each time).
  const revokedRef = useFocusWhenShown(revoked);
  const focusAfterRender = useFocusAfterRender();

  // The secret panel goes when kept, with the button that held focus: focus goes to the client system's
  // row (its Rotate secret button), else, when it is on another page of the table, to the list's heading.
  const keptSecret = () => {
    const id = issued?.clientSystem.id;
    setIssued(null);
    focusAfterRender(
      () => (id ? rowAction(id) : undefined) ?? document.getElementById(listHeadingId),
    );
  };

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
        onSuccess: (answer) => {
          setConfirming(null);
          setIssued(null);
          setRevoked(answer);
        },
      });
  };

  const columns: DataTableColumn<ClientSystem>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (c) => <span style={wrapAnywhere}>{c.name}</span>,
      sortValue: (c) => c.name,
    },
    {
      key: 'partner',
      header: 'Partner service',
      render: (c) => <span style={wrapAnywhere}>{c.partnerServiceName}</span>,
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
              aria-label={messages.rotateLabel(c.name)}
              data-row-action="rotate"
              data-row={c.id}
            >
              Rotate secret
            </Button>
            <Button
              size="sm"
              variant="tertiary"
              onClick={() => open('revoke', c)}
              aria-label={messages.revokeLabel(c.name)}
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
      {/* Keyed by the secret: a newly issued one is not yet copied, whatever the last one was. */}
      {issued ? (
        <IssuedSecret key={issued.clientSecret} issued={issued} onDone={keptSecret} />
      ) : null}
      {revoked ? (
        <div ref={revokedRef} style={wrapAnywhere}>
          <Alert
            tone="success"
            title={messages.revokedTitle(revoked.name)}
            onClose={() => setRevoked(null)}
            focusable
          >
            <Text as="p">{messages.revokedDetail}</Text>
          </Alert>
        </div>
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
              headingId={listHeadingId}
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
                if (!answer) return false;
                setRevoked(null);
                setIssued(answer);
                return true;
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

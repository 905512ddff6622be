import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import type { UserDetail } from '@pca/contracts';
import { Alert } from '@pca/ui/alert/alert.tsx';
import { Button } from '@pca/ui/button/button.tsx';
import { Chip } from '@pca/ui/chips/chip.tsx';
import { Flex } from '@pca/ui/primitives/flex.ts';
import { H1, H2 } from '@pca/ui/primitives/heading.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { SummaryList } from '@pca/ui/primitives/summary-list.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { PageLoading } from '#lib/business/entity-page.tsx';
import { notProvided, SummaryItem } from '#lib/business/summary.tsx';
import { formatDateTime } from '#lib/dates.ts';
import { QueryView } from '#lib/query-view.tsx';
import { useCurrentUser } from '#lib/current-user.ts';
import { useChangeUserStatus, useUser } from '../api/users.ts';
import { StatusDialog } from '../components/status-dialog.tsx';
import { DelegationsTable, RecentEventsTable, RolesTable } from '../components/user-tables.tsx';

type Outcome = { title: string; detail: string };

function UserView({ detail, id }: { detail: UserDetail; id: string }) {
  const { user } = detail;
  const name = `${user.givenName} ${user.familyName}`;
  const change = useChangeUserStatus(id);
  const [dialog, setDialog] = useState<'deactivate' | 'reactivate' | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  // The server refuses an operator's own deactivation; the page does not offer it.
  const isSelf = useCurrentUser().data?.id === user.id;

  const onConfirm = (reason: string) => {
    const action = dialog;
    if (!action) return;
    change.mutate(
      { action, reason },
      {
        onSuccess: () => {
          setDialog(null);
          setOutcome(
            action === 'deactivate'
              ? {
                  title: `${name} is deactivated`,
                  detail: 'Their sessions have ended and their delegations have stopped.',
                }
              : { title: `${name} is reactivated`, detail: 'They can sign in again.' },
          );
          requestAnimationFrame(() =>
            outcomeRef.current?.querySelector<HTMLElement>('[tabindex="-1"]')?.focus(),
          );
        },
      },
    );
  };

  return (
    <Stack gap={2}>
      <Flex
        flexDirection={{ xs: 'column', sm: 'row' }}
        justifyContent="space-between"
        alignItems={{ xs: 'flex-start', sm: 'center' }}
        gap={1}
      >
        <Flex gap={1} alignItems="center" flexWrap="wrap">
          <H1>{name}</H1>
          <Chip tone={user.isActive ? 'success' : 'neutral'}>
            {user.isActive ? 'Active' : 'Inactive'}
          </Chip>
        </Flex>
        {user.isActive && isSelf ? (
          <Text as="p">This is your account: another operator can deactivate it.</Text>
        ) : user.isActive ? (
          <Button
            variant="secondary"
            onClick={() => {
              change.reset();
              setDialog('deactivate');
            }}
          >
            Deactivate
          </Button>
        ) : (
          <Button
            onClick={() => {
              change.reset();
              setDialog('reactivate');
            }}
          >
            Reactivate
          </Button>
        )}
      </Flex>
      {outcome ? (
        <div ref={outcomeRef}>
          <Alert tone="success" title={outcome.title} onClose={() => setOutcome(null)} focusable>
            <Text as="p">{outcome.detail}</Text>
          </Alert>
        </div>
      ) : null}
      <SummaryList>
        <SummaryItem term="RA number">{user.raNumber}</SummaryItem>
        <SummaryItem term="Email">{notProvided(user.email)}</SummaryItem>
        <SummaryItem term="Phone">{notProvided(user.phone)}</SummaryItem>
        <SummaryItem term="Account created">{formatDateTime(user.createdAt)}</SummaryItem>
        <SummaryItem term="Last signed in">
          {user.lastLoginAt ? formatDateTime(user.lastLoginAt) : 'Never'}
        </SummaryItem>
      </SummaryList>
      <Stack gap={1}>
        <H2>Roles and organisations</H2>
        <RolesTable roles={detail.roles} />
      </Stack>
      <Stack gap={1}>
        <H2>Delegations</H2>
        <DelegationsTable delegations={detail.delegations} />
      </Stack>
      <Stack gap={1}>
        <H2>Recent activity</H2>
        <Text as="p">The newest 20 changes they made, or that were made about them.</Text>
        <RecentEventsTable events={detail.auditEvents} />
      </Stack>
      <StatusDialog
        key={dialog ?? 'none'}
        action={dialog ?? 'deactivate'}
        name={name}
        isOpen={dialog !== null}
        onClose={() => setDialog(null)}
        onConfirm={onConfirm}
        saving={change.isPending}
        serverError={change.error}
      />
    </Stack>
  );
}

/** One user (PcaOperator): details, roles, delegations both ways, recent activity; deactivate or reactivate. */
export function UserPage() {
  const { id = '' } = useParams();
  const query = useUser(id);
  return (
    <QueryView
      query={query}
      loading={<PageLoading label="Loading the user" minHeight="16rem" />}
      thing="the user"
      askWhom="a Provider Connect Australia operator"
    >
      {(detail) => <UserView detail={detail} id={id} />}
    </QueryView>
  );
}

export { UserPage as Component };

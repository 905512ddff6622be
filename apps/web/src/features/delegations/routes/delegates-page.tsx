import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { pages } from '@pca/contracts/pages.ts';
import {
  delegationRowActions,
  delegationStatusChips,
  delegationSuccessAlert,
  delegationTexts,
} from '@pca/contracts/delegation-rules.ts';
import type { DelegationListItem } from '@pca/contracts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Flex } from '@pca/ui/primitives/flex.ts';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { NavMenu, NavMenuItem, NavMenuPanel } from '@pca/ui/navigation/nav-menu.tsx';
import type { DataTableColumn } from '@pca/ui/table/data-table.tsx';
import { ResponsiveTable } from '@pca/ui/table/table-or-cards.tsx';
import { Button, ButtonLink } from '@pca/ui/button/button.tsx';
import { Alert } from '@pca/ui/alert/alert.tsx';
import { Avatar } from '@pca/ui/avatar/avatar.tsx';
import { Chip } from '@pca/ui/chips/chip.tsx';
import { Loading } from '@pca/ui/loading/loading.tsx';
import { Paginator, itemRangeText } from '@pca/ui/paginator/paginator.tsx';
import { ApiErrorAlert } from '#lib/errors/api-error-alert.tsx';
import { formatDate, formatDateTime } from '#lib/dates.ts';
import { useDelegations } from '../api/get-delegations.ts';
import { delegationChanges, useDelegationChange } from '../api/change-delegation.ts';
import { outcomeOf, type OutcomeState } from '../components/delegation-outcome.ts';
import { ReassignDialog } from '../components/reassign-dialog.tsx';
import { useFocusWhenShown } from '#lib/focus.ts';

const actionLabels = {
  stop: 'Stop delegation',
  reassign: 'Re-assign',
  resend: 'Resend invite',
  cancel: 'Cancel invite',
} as const;

/** The list's columns; at phone width each delegate is a card of them (ResponsiveTable). */
function delegateColumns(
  act: (row: DelegationListItem, action: keyof typeof actionLabels) => void,
): DataTableColumn<DelegationListItem>[] {
  return [
    {
      key: 'name',
      header: 'Delegated to',
      render: (row) => (
        <Flex gap={0.5} alignItems="center">
          <Avatar givenName={row.givenName} familyName={row.familyName} size="sm" decorative />
          <span>{`${row.givenName} ${row.familyName}`}</span>
        </Flex>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (row) => {
        const chip = delegationStatusChips[row.status];
        return (
          <Stack gap={0.25} alignItems="flex-start">
            <Chip tone={chip.tone}>{chip.label}</Chip>
            <Text fontSize="sm" color="muted">
              {`Last updated ${formatDate(row.lastUpdated)}`}
            </Text>
          </Stack>
        );
      },
    },
    {
      key: 'email',
      header: 'Email',
      render: (row) => <span style={{ overflowWrap: 'anywhere' }}>{row.email}</span>,
    },
    {
      key: 'lastLogin',
      header: 'Last logged in',
      render: (row) => (row.lastLogin ? formatDateTime(row.lastLogin) : 'Never'),
    },
    { key: 'actions', header: 'Actions', render: (row) => <RowActions row={row} onAction={act} /> },
  ];
}

/** The delegates list (docs/product/features.md#delegation): paged from 1, actions by status, success alerts of 4.2. */
export function DelegatesPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [page, setPage] = useState(1);
  const [alert, setAlert] = useState<OutcomeState | null>(() => outcomeOf(location.state));
  const [reassigning, setReassigning] = useState<DelegationListItem | null>(null);
  const list = useDelegations(page);
  const cancel = useDelegationChange(delegationChanges.cancel);
  const reassign = useDelegationChange(delegationChanges.reassign);
  const actionError = cancel.error ?? reassign.error;
  // A success alert is announced by moving focus to it, once per outcome.
  const alertRef = useFocusWhenShown(alert);

  const closeAlert = () => {
    setAlert(null);
    // The outcome lives in the history entry too: a reload must not show it again.
    void navigate(location.pathname, { replace: true, state: null });
  };
  const done = (outcome: OutcomeState) => {
    setAlert(outcome);
    window.scrollTo({ top: 0 });
  };

  const act = (row: DelegationListItem, action: keyof typeof actionLabels) => {
    setAlert(null);
    cancel.reset();
    reassign.reset();
    switch (action) {
      case 'stop':
        void navigate(pages.delegates.stop.href({ id: row.id }), {
          state: { givenName: row.givenName, email: row.email },
        });
        return;
      case 'resend':
        void navigate(pages.delegates.resendInvite.href({ id: row.id }), {
          state: {
            authIdentifier: row.authIdentifier,
            email: row.email,
            familyName: row.familyName,
            givenName: row.givenName,
          },
        });
        return;
      case 'reassign':
        setReassigning(row);
        return;
      case 'cancel':
        cancel.mutate(
          { id: row.id },
          {
            onSuccess: () =>
              done({ outcome: 'cancelled', givenName: row.givenName, email: row.email }),
          },
        );
    }
  };

  const success = alert ? delegationSuccessAlert(alert.outcome, alert) : null;
  const totalPages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

  return (
    <Stack gap={2}>
      <Stack gap={1}>
        <H1>Delegates</H1>
        <Text as="p">{delegationTexts.listIntro}</Text>
      </Stack>
      {success ? (
        <div ref={alertRef}>
          <Alert
            tone="success"
            title={success.title}
            onClose={closeAlert}
            focusable
            id="delegates-alert"
          >
            <Text as="p">{success.message}</Text>
          </Alert>
        </div>
      ) : null}
      <div>
        <ButtonLink href={pages.delegates.assign.href()}>Assign delegate</ButtonLink>
      </div>
      {list.isError ? (
        <ApiErrorAlert
          error={list.error}
          thing="your delegates"
          onRetry={() => {
            cancel.reset();
            reassign.reset();
            void list.refetch();
          }}
          logMessage="Delegates list failed"
        />
      ) : actionError ? (
        // A failed cancel or re-assign puts the table in its error state (docs/product/features.md#delegation),
        // saying what was not done and why; the list comes back, read again, whatever the failure.
        <Stack gap={1}>
          <ApiErrorAlert
            error={actionError}
            thing="the delegation"
            action="save"
            logMessage="Delegate action failed"
          />
          <div>
            <Button
              variant="secondary"
              onClick={() => {
                cancel.reset();
                reassign.reset();
                void list.refetch();
              }}
            >
              Show your delegates
            </Button>
          </div>
        </Stack>
      ) : list.isPending ? (
        <div style={{ minHeight: '12rem' }}>
          <Loading message={delegationTexts.listLoading} />
        </div>
      ) : list.data.total === 0 ? (
        <Text as="p">{delegationTexts.listEmpty}</Text>
      ) : (
        <Stack gap={1}>
          {/* Five columns do not fit a phone: there each delegate is a card (the shared ResponsiveTable). */}
          <ResponsiveTable
            label="Your delegates"
            caption="Your delegates"
            striped
            columns={delegateColumns(act)}
            rows={list.data.items}
            rowKey={(row) => row.id}
          />
          <Paginator
            label="Delegates pages"
            page={page}
            totalPages={totalPages}
            onPageChange={setPage}
            itemRangeText={itemRangeText(page, list.data.pageSize, list.data.total, 'delegates')}
          />
        </Stack>
      )}
      <ReassignDialog
        delegation={reassigning}
        saving={reassign.isPending}
        onClose={() => setReassigning(null)}
        onConfirm={(consentVersion) => {
          const row = reassigning;
          if (!row) return;
          reassign.mutate(
            { id: row.id, body: { consent: true, consentVersion } },
            {
              onSuccess: () => {
                setReassigning(null);
                done({ outcome: 'added', givenName: row.givenName, email: row.email });
              },
              onError: () => setReassigning(null),
            },
          );
        }}
      />
    </Stack>
  );
}

/** The row menu 'Delegate action': the actions a delegation's status allows (docs/product/features.md#delegation). */
function RowActions({
  row,
  onAction,
}: {
  row: DelegationListItem;
  onAction: (row: DelegationListItem, action: keyof typeof actionLabels) => void;
}) {
  const actions = delegationRowActions[row.status];
  if (!actions.length) return <Text color="muted">No actions</Text>;
  return (
    <NavMenu
      button="Delegate action"
      variant="secondary"
      size="sm"
      aria-label={`Delegate action for ${row.givenName} ${row.familyName}`}
    >
      <NavMenuPanel>
        {actions.map((action) => (
          <NavMenuItem key={action} onClick={() => onAction(row, action)}>
            {actionLabels[action]}
          </NavMenuItem>
        ))}
      </NavMenuPanel>
    </NavMenu>
  );
}

export { DelegatesPage as Component };

import { useState } from 'react';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H1, H2 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { PageLoading } from '#lib/business/entity-page.tsx';
import { SummaryList } from '@pca/ui/primitives/summary-list.ts';
import { Alert, Button, ButtonGroup, Card } from '@pca/ui';
import type { PendingRegistration } from '@pca/contracts';
import { formatDate } from '#lib/dates.ts';
import { formatAbn, notProvided, SummaryItem } from '#lib/business/summary.tsx';
import { QueryView } from '#lib/query-view.tsx';
import { useOutcomeAlert } from '#lib/outcome-alert.tsx';
import { usePendingRows } from '#lib/pending-rows.ts';
import { describeApiErrorText } from '#lib/errors/describe-api-error.ts';
import { ApiError } from '#lib/http.ts';
import { useApproveRegistration } from '../api/approve-registration.ts';
import { useDeclineRegistration } from '../api/decline-registration.ts';
import { usePendingRegistrations } from '../api/get-pending-registrations.ts';
import { DeclineRegistrationDialog } from '../components/decline-dialog.tsx';
import { useAdminSummary } from '../api/get-summary.ts';
import { OperatorAreas } from '../components/operator-areas.tsx';

const titleOf = (r: PendingRegistration) => r.businessName ?? r.name;
const failure = (error: unknown) =>
  error instanceof ApiError && error.status === 409
    ? 'This registration is no longer pending approval. The queue has been refreshed.'
    : describeApiErrorText(error, {
        thing: 'the decision',
        action: 'save',
        askWhom: 'a Provider Connect Australia operator',
      });

/**
 * System admin (PcaOperator): the operator's home — a card per operator area with what waits or exists
 * there — and the business registrations pending approval, each approved or declined
 * (docs/product/users.md#the-operators-home).
 */
export function AdminPage() {
  const query = usePendingRegistrations();
  const summary = useAdminSummary();
  const approve = useApproveRegistration();
  const decline = useDeclineRegistration();
  const [declining, setDeclining] = useState<PendingRegistration | null>(null);
  const { report, alert: outcomeAlert } = useOutcomeAlert();

  // Each registration's approval is its own: its button shows its progress and its outcome is said, even
  // when another is approved before it answers.
  const approving = usePendingRows();
  const onApprove = (r: PendingRegistration) =>
    approving.track(r.id, approve.mutateAsync(r.id)).then(
      () =>
        report({
          tone: 'success',
          title: `${titleOf(r)} is approved`,
          detail: 'It is now an approved publisher and its managers have been emailed.',
        }),
      (error: unknown) =>
        report({ tone: 'error', title: `${titleOf(r)} was not approved`, detail: failure(error) }),
    );

  const onDecline = (reason: string) => {
    const r = declining;
    if (!r) return;
    decline.mutate(
      { id: r.id, reason },
      {
        onSuccess: () => {
          setDeclining(null);
          report({
            tone: 'success',
            title: `${titleOf(r)} is declined`,
            detail: 'It has returned to Pending Submission and its managers have been emailed.',
          });
        },
      },
    );
  };

  return (
    <Stack gap={1.5}>
      <H1>System admin</H1>
      <Text as="p">
        Everything an operator of Provider Connect Australia looks after, in one place.
      </Text>
      <H2>Operator areas</H2>
      {summary.isError ? (
        <Alert tone="error" title="The counts could not be loaded">
          <Text as="p">
            {describeApiErrorText(summary.error, {
              thing: 'the counts',
              action: 'load',
              askWhom: 'a Provider Connect Australia operator',
            })}
          </Text>
        </Alert>
      ) : null}
      <OperatorAreas summary={summary.data} />
      <H2 id="registrations" tabIndex={-1}>
        Business registrations pending approval
      </H2>
      <Text as="p">
        Check each business’s details before approving it. An approved business can publish its
        information to partner services.
      </Text>
      {outcomeAlert}
      <QueryView
        query={query}
        loading={<PageLoading label="Loading registrations" minHeight="8rem" />}
        thing="the registrations"
        askWhom="a Provider Connect Australia operator"
      >
        {({ registrations }) =>
          registrations.length === 0 ? (
            <Text as="p">There are no registrations waiting for approval.</Text>
          ) : (
            <Stack as="ul" gap={1.5} aria-label="Registrations pending approval">
              {registrations.map((r) => (
                <Card
                  key={r.id}
                  as="li"
                  variant="outlined"
                  title={titleOf(r)}
                  footer={
                    <ButtonGroup>
                      <Button
                        onClick={() => onApprove(r)}
                        loading={approving.isPending(r.id)}
                        aria-label={`Approve ${titleOf(r)}`}
                      >
                        Approve
                      </Button>
                      <Button
                        variant="secondary"
                        onClick={() => {
                          decline.reset();
                          setDeclining(r);
                        }}
                        aria-label={`Decline ${titleOf(r)}`}
                      >
                        Decline
                      </Button>
                    </ButtonGroup>
                  }
                >
                  <SummaryList>
                    <SummaryItem term="Legal name">{r.name}</SummaryItem>
                    <SummaryItem term="ABN">{notProvided(formatAbn(r.abn))}</SummaryItem>
                    <SummaryItem term="Phone">{notProvided(r.phone)}</SummaryItem>
                    <SummaryItem term="Email">{notProvided(r.email)}</SummaryItem>
                    <SummaryItem term="Primary location">
                      {notProvided(r.primaryLocation)}
                    </SummaryItem>
                    <SummaryItem term="Managers">
                      {r.managers.length ? r.managers.join(', ') : 'None'}
                    </SummaryItem>
                    <SummaryItem term="Created">{formatDate(r.dateCreated)}</SummaryItem>
                  </SummaryList>
                </Card>
              ))}
            </Stack>
          )
        }
      </QueryView>
      <DeclineRegistrationDialog
        key={declining?.id ?? 'none'}
        name={declining ? titleOf(declining) : ''}
        isOpen={declining !== null}
        onClose={() => setDeclining(null)}
        onDecline={onDecline}
        saving={decline.isPending}
        serverError={decline.error}
      />
    </Stack>
  );
}

export { AdminPage as Component };

import { useState } from 'react';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H2 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import {
  transferMessages as messages,
  transfersListLimit,
} from '@pca/contracts/transfers-paths.ts';
import type { Transfer } from '@pca/contracts';
import { ConfirmDialog } from '#lib/confirm-dialog.tsx';
import { PageLoading } from '#lib/business/entity-page.tsx';
import { QueryView } from '#lib/query-view.tsx';
import { useOutcomeAlert } from '#lib/outcome-alert.tsx';
import { usePendingRows } from '#lib/pending-rows.ts';
import { describeApiErrorText } from '#lib/errors/describe-api-error.ts';
import { ApiError } from '#lib/http.ts';
import { useAnswerTransfer, useTransfers } from '../api/transfers.ts';
import { DeclineTransferDialog } from './decline-transfer-dialog.tsx';
import { TransferCard } from './transfer-card.tsx';

const failure = (error: unknown) =>
  error instanceof ApiError && error.status === 409
    ? `${error.problem?.detail ?? 'This transfer is no longer pending.'} The list has been refreshed.`
    : describeApiErrorText(error, {
        thing: 'your answer',
        action: 'save',
        askWhom: 'a Provider Connect Australia operator',
      });

function completedDetail(t: Transfer) {
  const paused = t.outcome?.publicationsPaused.length
    ? ` Publishing to ${[...new Set(t.outcome.publicationsPaused.map((p) => p.partnerServiceName))].join(', ')} is paused until ${t.to.name} accepts their information use statements.`
    : '';
  return `It now belongs to ${t.to.name}, with its services, practitioner roles, publications and open tasks.${paused}`;
}

/** The transfers the caller may see, waiting ones first, with the answers the caller may give. */
export function TransferList({ empty }: { empty: string }) {
  const query = useTransfers();
  const answer = useAnswerTransfer();
  const [declining, setDeclining] = useState<Transfer | null>(null);
  const [withdrawing, setWithdrawing] = useState<Transfer | null>(null);
  const { report, alert: outcomeAlert } = useOutcomeAlert();

  // Each acceptance is its own: its button shows its progress and its outcome is said, even when another
  // transfer is accepted before it answers.
  const accepting = usePendingRows();
  const accept = (t: Transfer) =>
    accepting.track(t.id, answer.mutateAsync({ id: t.id, action: 'accept' })).then(
      (done) =>
        report({
          tone: 'success',
          title: `${t.entityName} is transferred`,
          detail: completedDetail(done),
        }),
      (error: unknown) =>
        report({
          tone: 'error',
          title: `${t.entityName} was not changed`,
          detail: failure(error),
        }),
    );

  // Withdrawing cannot be taken back, so it is asked first; a failure shows in that dialog, which stays open.
  const onWithdraw = () => {
    const t = withdrawing;
    if (!t) return;
    answer.mutate(
      { id: t.id, action: 'cancel' },
      {
        onSuccess: () => {
          setWithdrawing(null);
          report({ tone: 'success', title: messages.withdrawn(t.entityName) });
        },
      },
    );
  };

  const onDecline = (reason: string) => {
    const t = declining;
    if (!t) return;
    answer.mutate(
      { id: t.id, action: 'decline', reason },
      {
        onSuccess: () => {
          setDeclining(null);
          report({
            tone: 'success',
            title: `You declined ${t.entityName}`,
            detail: `It stays with ${t.from.name}.`,
          });
        },
      },
    );
  };

  const busy = (t: Transfer) =>
    accepting.isPending(t.id)
      ? 'accept'
      : answer.isPending && answer.variables.id === t.id && answer.variables.action === 'cancel'
        ? 'cancel'
        : null;

  const section = (title: string, items: Transfer[]) =>
    items.length ? (
      <Stack gap={1}>
        <H2>{title}</H2>
        <Stack as="ul" gap={1.5} aria-label={title}>
          {items.map((t) => (
            <TransferCard
              key={t.id}
              transfer={t}
              busy={busy(t)}
              onAccept={accept}
              onCancel={(x) => {
                answer.reset();
                setWithdrawing(x);
              }}
              onDecline={(x) => {
                answer.reset();
                setDeclining(x);
              }}
            />
          ))}
        </Stack>
      </Stack>
    ) : null;

  return (
    <Stack gap={1.5}>
      {outcomeAlert}
      <QueryView
        query={query}
        loading={<PageLoading label="Loading transfers" minHeight="8rem" />}
        thing="the transfers"
        askWhom="a Provider Connect Australia operator"
      >
        {({ transfers, olderNotShown }) =>
          transfers.length === 0 ? (
            <Text as="p">{empty}</Text>
          ) : (
            <Stack gap={2}>
              {section(
                'Waiting for an answer',
                transfers.filter((t) => t.status === 'Pending'),
              )}
              {section(
                'Past transfers',
                transfers.filter((t) => t.status !== 'Pending'),
              )}
              {olderNotShown ? (
                <Text as="p" color="muted">
                  {messages.olderNotShown(transfersListLimit)}
                </Text>
              ) : null}
            </Stack>
          )
        }
      </QueryView>
      <DeclineTransferDialog
        key={declining?.id ?? 'none'}
        name={declining?.entityName ?? ''}
        isOpen={declining !== null}
        onClose={() => setDeclining(null)}
        onDecline={onDecline}
        saving={answer.isPending && answer.variables.action === 'decline'}
        serverError={answer.variables?.action === 'decline' ? answer.error : null}
      />
      <ConfirmDialog
        key={`withdraw-${withdrawing?.id ?? 'none'}`}
        isOpen={withdrawing !== null}
        title={messages.withdrawTitle(withdrawing?.entityName ?? '')}
        warning={messages.withdrawWarning(withdrawing?.to.name ?? '', withdrawing?.from.name ?? '')}
        confirmLabel={messages.withdrawConfirm}
        onClose={() => setWithdrawing(null)}
        onConfirm={onWithdraw}
        saving={answer.isPending && answer.variables.action === 'cancel'}
        serverError={answer.variables?.action === 'cancel' ? answer.error : null}
        thing="the transfer"
        action="withdraw"
      />
    </Stack>
  );
}

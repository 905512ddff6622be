import { Button, ButtonGroup, Card } from '@pca/ui';
import { SummaryList } from '@pca/ui/primitives/summary-list.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { transferMessages as messages } from '@pca/contracts/transfers-paths.ts';
import type { Transfer } from '@pca/contracts';
import { formatDate } from '#lib/dates.ts';
import { SummaryItem } from '#lib/business/summary.tsx';
import { TypedLines } from '#lib/typed-lines.tsx';

const kind = (t: Transfer) => (t.entityType === 'Location' ? 'Location' : 'Healthcare service');
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Props of TransferCard. */
export type TransferCardProps = {
  transfer: Transfer;
  /** Accept, decline or withdraw; absent buttons are the ones the caller may not use. */
  onAccept: (t: Transfer) => void;
  onDecline: (t: Transfer) => void;
  onCancel: (t: Transfer) => void;
  /** The action under way on this card, if any. */
  busy: 'accept' | 'cancel' | null;
};

/** One transfer: what moves, from and to whom, why, where it stands, and what moved with it. */
export function TransferCard({
  transfer: t,
  onAccept,
  onDecline,
  onCancel,
  busy,
}: TransferCardProps) {
  const actions = t.canAccept || t.canDecline || t.canCancel;
  return (
    <Card
      as="li"
      variant="outlined"
      title={t.entityName}
      footer={
        actions ? (
          <ButtonGroup>
            {t.canAccept ? (
              <Button
                onClick={() => onAccept(t)}
                loading={busy === 'accept'}
                aria-label={`Accept ${t.entityName}`}
              >
                Accept transfer
              </Button>
            ) : null}
            {t.canDecline ? (
              <Button
                variant="secondary"
                onClick={() => onDecline(t)}
                aria-label={`Decline ${t.entityName}`}
              >
                Decline
              </Button>
            ) : null}
            {t.canCancel ? (
              <Button
                variant="secondary"
                onClick={() => onCancel(t)}
                loading={busy === 'cancel'}
                aria-label={`Withdraw the transfer of ${t.entityName}`}
              >
                Withdraw transfer
              </Button>
            ) : null}
          </ButtonGroup>
        ) : undefined
      }
    >
      <SummaryList>
        <SummaryItem term="What">{kind(t)}</SummaryItem>
        <SummaryItem term="From">{t.from.name}</SummaryItem>
        <SummaryItem term="To">{t.to.name}</SummaryItem>
        <SummaryItem term="Reason">
          <TypedLines>{t.reason}</TypedLines>
        </SummaryItem>
        <SummaryItem term="Started">
          {`${formatDate(t.requestedAt)} by ${t.requestedBy}`}
        </SummaryItem>
        <SummaryItem term="Status">
          {t.decidedAt && t.decidedBy
            ? messages.decided(t.status, formatDate(t.decidedAt), t.decidedBy)
            : messages.status[t.status]}
        </SummaryItem>
        {t.declineReason ? (
          <SummaryItem term="Reason for declining">
            <TypedLines>{t.declineReason}</TypedLines>
          </SummaryItem>
        ) : null}
        {t.outcome ? (
          <SummaryItem term="Moved with it">
            {[
              t.outcome.services.length ? `Services: ${t.outcome.services.join(', ')}` : null,
              plural(t.outcome.practitionerRoles, 'practitioner role', 'practitioner roles'),
              plural(t.outcome.tasks, 'open task', 'open tasks'),
              plural(t.outcome.publicationsMoved, 'publication', 'publications'),
            ]
              .filter(Boolean)
              .join('; ')}
          </SummaryItem>
        ) : null}
        {t.outcome?.publicationsPaused.length ? (
          <SummaryItem term="Publishing paused">
            <Text as="p">
              {`${t.to.name} has not accepted these partners’ information use statements, so nothing is published to them until a manager accepts on the Partner services tab:`}
            </Text>
            <ul>
              {t.outcome.publicationsPaused.map((p) => (
                <li key={`${p.entityName}-${p.partnerServiceName}`}>
                  {`${p.entityName} to ${p.partnerServiceName}`}
                </li>
              ))}
            </ul>
          </SummaryItem>
        ) : null}
      </SummaryList>
    </Card>
  );
}

import type { AuditEventItem } from '@pca/contracts/audit-events.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { VisuallyHidden } from '@pca/ui/primitives/a11y.ts';
import type { DataTableColumn } from '@pca/ui/table/data-table.tsx';
import { ResponsiveTable } from '@pca/ui/table/table-or-cards.tsx';
import { formatDateTime } from '#lib/dates.ts';

/** "Ben Okafor for Alice Nguyen", or the actor alone, or "System" for changes nobody signed in made. */
export function whoOf(item: Pick<AuditEventItem, 'actor' | 'actingFor'>): string {
  const actor = item.actor?.name ?? 'System';
  return item.actingFor ? `${actor} for ${item.actingFor.name}` : actor;
}

/** One changed field: "Label: from → to", or "Label: value" when the value before was not recorded. */
function Change({ change }: { change: AuditEventItem['changes'][number] }) {
  return (
    <li>
      <Text fontWeight="bold">{change.label}:</Text>{' '}
      {change.from === null ? (
        <Text>{change.to}</Text>
      ) : (
        <>
          <Text>{change.from}</Text>
          <span aria-hidden="true"> → </span>
          <VisuallyHidden> changed to </VisuallyHidden>
          <Text>{change.to}</Text>
        </>
      )}
    </li>
  );
}

const columns: DataTableColumn<AuditEventItem>[] = [
  {
    key: 'when',
    header: 'When',
    render: (item) => <time dateTime={item.at}>{formatDateTime(item.at)}</time>,
  },
  { key: 'who', header: 'Who', render: whoOf },
  {
    key: 'what',
    header: 'What',
    render: (item) => (
      <>
        <Text as="div">{item.summary}</Text>
        <Text as="div" fontSize="sm" color="muted">
          {item.organisation ? `${item.entityLabel} · ${item.organisation.name}` : item.entityLabel}
        </Text>
      </>
    ),
  },
  {
    key: 'changes',
    header: 'Changes',
    render: (item) =>
      item.changes.length ? (
        <ul style={{ margin: 0, paddingLeft: '1.25rem', overflowWrap: 'anywhere' }}>
          {item.changes.map((change) => (
            <Change key={change.field} change={change} />
          ))}
        </ul>
      ) : (
        <Text color="muted">None recorded</Text>
      ),
  },
];

/** A page of the audit trail: a table from tablet width, a card per event on a phone. */
export function AuditEventsTable({ items }: { items: AuditEventItem[] }) {
  return (
    <ResponsiveTable
      label="Audit events"
      caption={<VisuallyHidden>Audit events, newest first</VisuallyHidden>}
      columns={columns}
      rows={items}
      rowKey={(item) => item.id}
      striped
    />
  );
}

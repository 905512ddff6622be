import { Fragment, type ReactNode } from 'react';
import type { AuditEventItem } from '@pca/contracts/audit-events.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import type { DataTableColumn } from '@pca/ui/table/data-table.tsx';
import { formatDateTime } from '#lib/dates.ts';

/** One changed field of an audit event. */
export type AuditEventChange = AuditEventItem['changes'][number];

/** "Ben Okafor for Alice Nguyen", or the actor alone, or "System" for changes nobody signed in made. */
function whoOf(item: Pick<AuditEventItem, 'actor' | 'actingFor'>): string {
  const actor = item.actor?.name ?? 'System';
  return item.actingFor ? `${actor} for ${item.actingFor.name}` : actor;
}

/** How a table's changes column is headed, and how it draws one changed field (an `<li>`). */
export type ChangesColumn = {
  header: string;
  renderChange: (change: AuditEventChange) => ReactNode;
};

/**
 * The columns of a table of audit events, as the audit trail and a user's recent activity show them: when, who,
 * what (and about which entity), then the changed fields as a list, or "None recorded".
 */
export function auditEventColumns({
  header,
  renderChange,
}: ChangesColumn): DataTableColumn<AuditEventItem>[] {
  return [
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
            {item.organisation
              ? `${item.entityLabel} · ${item.organisation.name}`
              : item.entityLabel}
          </Text>
        </>
      ),
    },
    {
      key: 'changes',
      header,
      render: (item) =>
        item.changes.length ? (
          <ul style={{ margin: 0, paddingLeft: '1.25rem', overflowWrap: 'anywhere' }}>
            {item.changes.map((change) => (
              <Fragment key={change.field}>{renderChange(change)}</Fragment>
            ))}
          </ul>
        ) : (
          <Text color="muted">None recorded</Text>
        ),
    },
  ];
}

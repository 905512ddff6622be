import type { AuditEventItem } from '@pca/contracts/audit-events.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { VisuallyHidden } from '@pca/ui/primitives/a11y.ts';
import { ResponsiveTable } from '@pca/ui/table/table-or-cards.tsx';
import { auditEventColumns, type AuditEventChange } from '#lib/audit-event-columns.tsx';

/** One changed field: "Label: from → to", or "Label: value" when the value before was not recorded. */
function Change({ change }: { change: AuditEventChange }) {
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

const columns = auditEventColumns({
  header: 'Changes',
  renderChange: (change) => <Change change={change} />,
});

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

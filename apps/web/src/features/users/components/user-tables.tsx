import type { AuditEventItem, UserDelegation, UserRoleHeld } from '@pca/contracts';
import { Chip } from '@pca/ui/chips/chip.tsx';
import { Text } from '@pca/ui/primitives/text.ts';
import { VisuallyHidden } from '@pca/ui/primitives/a11y.ts';
import type { DataTableColumn } from '@pca/ui/table/data-table.tsx';
import { ResponsiveTable } from '@pca/ui/table/table-or-cards.tsx';
import { delegationStatusChips } from '@pca/contracts/delegation-rules.ts';
import { formatDateTime } from '#lib/dates.ts';
import { auditEventColumns } from '#lib/audit-event-columns.tsx';

const roleLabels: Record<string, string> = {
  PcaOperator: 'Operator',
  OrganisationManager: 'Organisation manager',
  HealthcareServiceManager: 'Healthcare service manager',
  Viewer: 'Viewer',
};
const roleLabel = (role: string) =>
  roleLabels[role] ?? role.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

const roleColumns: DataTableColumn<UserRoleHeld>[] = [
  { key: 'role', header: 'Role', render: (r) => roleLabel(r.roleType) },
  {
    key: 'organisation',
    header: 'Organisation',
    render: (r) => r.organisation?.name ?? 'Provider Connect Australia',
  },
  {
    key: 'service',
    header: 'Healthcare service',
    render: (r) => r.healthcareService?.name ?? 'All of the organisation',
  },
];

/** The roles a user holds and where. */
export function RolesTable({ roles }: { roles: UserRoleHeld[] }) {
  return (
    <ResponsiveTable
      label="Roles"
      caption={<VisuallyHidden>Roles</VisuallyHidden>}
      columns={roleColumns}
      rows={roles}
      rowKey={(r) => `${r.roleType}-${r.organisation?.id ?? ''}-${r.healthcareService?.id ?? ''}`}
      emptyText="No roles."
    />
  );
}

const delegationColumns: DataTableColumn<UserDelegation>[] = [
  {
    key: 'direction',
    header: 'Delegation',
    render: (d) =>
      d.direction === 'delegate' ? `Acts for ${d.person}` : `${d.person} acts for them`,
  },
  {
    key: 'status',
    header: 'Status',
    render: (d) => {
      const chip = delegationStatusChips[d.status];
      return <Chip tone={chip.tone}>{chip.label}</Chip>;
    },
  },
  { key: 'updated', header: 'Last changed', render: (d) => formatDateTime(d.lastUpdated) },
];

/** Delegations both ways: people the user acts for, and people who act for the user's practitioner. */
export function DelegationsTable({ delegations }: { delegations: UserDelegation[] }) {
  return (
    <ResponsiveTable
      label="Delegations"
      caption={<VisuallyHidden>Delegations</VisuallyHidden>}
      columns={delegationColumns}
      rows={delegations}
      rowKey={(d) => `${d.direction}-${d.id}`}
      emptyText="No delegations."
    />
  );
}

const eventColumns = auditEventColumns({
  header: 'Details',
  renderChange: (c) => (
    <li>
      <Text fontWeight="bold">{c.label}:</Text>{' '}
      <Text>{c.from === null ? c.to : `${c.from} → ${c.to}`}</Text>
    </li>
  ),
});

/** The newest audit events the user made or that were about them. */
export function RecentEventsTable({ events }: { events: AuditEventItem[] }) {
  return (
    <ResponsiveTable
      label="Recent activity"
      caption={<VisuallyHidden>Recent activity, newest first</VisuallyHidden>}
      columns={eventColumns}
      rows={events}
      rowKey={(e) => e.id}
      emptyText="Nothing recorded yet."
      striped
    />
  );
}

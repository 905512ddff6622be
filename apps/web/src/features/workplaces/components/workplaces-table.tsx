import type { ReactNode } from 'react';
import { pages } from '@pca/contracts/pages.ts';
import type { Workplace } from '@pca/contracts';
import { workplacesMessages as messages } from '@pca/contracts/workplaces-paths.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { TextLink } from '@pca/ui/primitives/text-link.ts';
import { VisuallyHidden } from '@pca/ui/primitives/a11y.ts';
import type { DataTableColumn } from '@pca/ui/table/data-table.tsx';
import { ResponsiveTable } from '@pca/ui/table/table-or-cards.tsx';
import { RoleStatus, roleDate } from './role-status.tsx';

/** Props of WorkplacesTable. */
export type WorkplacesTableProps = {
  /** The table's name, e.g. 'Active workplaces'. */
  label: string;
  workplaces: Workplace[];
  /** Shown instead of the table when there are none. */
  emptyText: string;
};

/** One line per role of the workplace, so a service with two roles lists both in each role column. */
const perRole = (w: Workplace, line: (role: Workplace['roles'][number]) => ReactNode) => (
  <Stack gap={0.5} alignItems="flex-start">
    {w.roles.map((role) => (
      <div key={role.id}>{line(role)}</div>
    ))}
  </Stack>
);

/**
 * Workplaces one row each — the healthcare service (linking to its summary) with its location, the business,
 * and the practitioner's roles there with their dates and status (docs/product/workplaces.md); seven columns,
 * so each workplace is a card at phone width.
 */
export function WorkplacesTable({ label, workplaces, emptyText }: WorkplacesTableProps) {
  const columns: DataTableColumn<Workplace>[] = [
    {
      key: 'service',
      header: 'Healthcare service',
      render: (w) => (
        <TextLink
          href={pages.profile.workplaceService.href({ id: w.service.id })}
          aria-label={messages.viewSummary(w.service.name)}
        >
          {w.service.name}
        </TextLink>
      ),
    },
    {
      key: 'business',
      header: 'Business',
      render: (w) => (
        <>
          <Text as="div">{w.service.business.name}</Text>
          {w.service.organisation.id !== w.service.business.id ? (
            <Text as="div" fontSize="sm" color="muted">
              {w.service.organisation.name}
            </Text>
          ) : null}
        </>
      ),
    },
    {
      key: 'location',
      header: 'Location',
      render: (w) =>
        w.service.location ? (
          <>
            <Text as="div">{w.service.location.name}</Text>
            <Text as="div" fontSize="sm" color="muted">
              {w.service.location.address ||
                (w.service.location.kind === 'VI' ? 'Virtual' : 'Mobile')}
            </Text>
          </>
        ) : (
          'Not provided'
        ),
    },
    { key: 'role', header: 'Role', render: (w) => perRole(w, (r) => r.primaryType) },
    { key: 'start', header: 'Start date', render: (w) => perRole(w, (r) => roleDate(r.startDate)) },
    { key: 'end', header: 'End date', render: (w) => perRole(w, (r) => roleDate(r.endDate)) },
    { key: 'status', header: 'Status', render: (w) => perRole(w, (r) => <RoleStatus role={r} />) },
  ];
  if (workplaces.length === 0) return <Text as="p">{emptyText}</Text>;
  return (
    <ResponsiveTable
      label={label}
      caption={<VisuallyHidden>{label}</VisuallyHidden>}
      columns={columns}
      rows={workplaces}
      rowKey={(w) => w.service.id}
    />
  );
}

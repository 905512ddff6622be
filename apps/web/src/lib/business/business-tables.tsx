import { TextLink } from '@pca/ui/primitives/text-link.ts';
import { Chip, DataTable, type DataTableColumn } from '@pca/ui';
import {
  locationKindLabel,
  type HealthcareServiceSummary,
  type LocationSummary,
  type OrganisationSummary,
  type PractitionerRoleSummary,
} from '@pca/contracts';
import { formatDate } from '#lib/dates.ts';
import { ActiveChip } from './entity-page.tsx';
import { organisationHref, pages } from '@pca/contracts/pages.ts';

/** The sortable Name column, linking each row to its page. */
const nameColumn = <T extends { id: string; name: string }>(
  href: (id: string) => string,
): DataTableColumn<T> => ({
  key: 'name',
  header: 'Name',
  render: (r) => <TextLink href={href(r.id)}>{r.name}</TextLink>,
  sortValue: (r) => r.name,
});

/** The Status column: Active or Inactive. */
const activeColumn = <T extends { isActive: boolean }>(): DataTableColumn<T> => ({
  key: 'status',
  header: 'Status',
  render: (r) => <ActiveChip isActive={r.isActive} />,
});

/** HI organisations under a participating organisation. */
export function HiOrganisationsTable({ rows }: { rows: OrganisationSummary[] }) {
  return (
    <DataTable
      caption="HI organisations"
      rows={rows}
      rowKey={(r) => r.id}
      emptyText="There are no HI organisations under this organisation"
      columns={[
        nameColumn((id) => organisationHref('HiOrganisation', id)),
        { key: 'hpio', header: 'HPI-O', render: (r) => r.hpio ?? 'Not provided' },
        {
          key: 'status',
          header: 'Status',
          render: (r) => <Chip tone={r.status === 'Active' ? 'success' : 'error'}>{r.status}</Chip>,
        },
      ]}
    />
  );
}

/** Locations of an organisation. */
export function LocationsTable({ rows }: { rows: LocationSummary[] }) {
  return (
    <DataTable
      caption="Locations"
      rows={rows}
      rowKey={(r) => r.id}
      emptyText="There are no locations for this organisation"
      columns={[
        nameColumn((id) => pages.locations.view.href({ id })),
        { key: 'type', header: 'Type', render: (r) => locationKindLabel[r.kind] },
        { key: 'address', header: 'Address', render: (r) => r.address || 'Not applicable' },
        activeColumn(),
      ]}
    />
  );
}

/** Healthcare services of an organisation or location. */
export function HealthcareServicesTable({ rows }: { rows: HealthcareServiceSummary[] }) {
  return (
    <DataTable
      caption="Healthcare services"
      rows={rows}
      rowKey={(r) => r.id}
      emptyText="There are no healthcare services for this organisation"
      columns={[
        nameColumn((id) => pages.healthcareServices.view.href({ id })),
        {
          key: 'type',
          header: 'Service type',
          render: (r) => r.serviceType,
          sortValue: (r) => r.serviceType,
        },
        { key: 'location', header: 'Location', render: (r) => r.locationName ?? 'Not provided' },
        activeColumn(),
      ]}
    />
  );
}

/** Practitioners working in an organisation's services. */
export function PractitionersTable({ rows }: { rows: PractitionerRoleSummary[] }) {
  return (
    <DataTable
      caption="Practitioners"
      rows={rows}
      rowKey={(r) => r.id}
      pageSize={20}
      // Six columns: cards at phone width (issue 30).
      cardsOnPhone
      emptyText="There are no practitioners linked to this organisation"
      columns={[
        {
          key: 'name',
          header: 'Practitioner',
          render: (r) => r.practitionerName,
          sortValue: (r) => r.practitionerName,
        },
        {
          key: 'service',
          header: 'Healthcare service',
          render: (r) => (
            <TextLink href={pages.healthcareServices.view.href({ id: r.healthcareServiceId })}>
              {r.healthcareServiceName}
            </TextLink>
          ),
        },
        { key: 'role', header: 'Role', render: (r) => r.primaryType },
        { key: 'start', header: 'Start date', render: (r) => formatDate(r.startDate) },
        {
          key: 'end',
          header: 'End date',
          render: (r) => (r.endDate ? formatDate(r.endDate) : 'N/A'),
        },
        activeColumn(),
      ]}
    />
  );
}

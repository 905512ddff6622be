import { Text } from '@pca/ui/primitives/text.ts';
import type { PractitionerListItem } from '@pca/contracts/practitioners.ts';
import { VisuallyHidden } from '@pca/ui/primitives/a11y.ts';
import { Chip } from '@pca/ui/chips/chip.tsx';
import type { DataTableColumn } from '@pca/ui/table/data-table.tsx';
import { ResponsiveTable } from '@pca/ui/table/table-or-cards.tsx';
import { formatDate } from '#lib/dates.ts';
import { displayName } from './practitioner-header.tsx';
import { RoleActionsMenu } from './role-actions-menu.tsx';

/** Props of OfferingsTable. */
export type OfferingsTableProps = {
  /** The practitioner whose service offerings are listed. */
  practitioner: PractitionerListItem;
};

type Offering = PractitionerListItem['serviceOfferings'][number];

/**
 * One practitioner's service offerings: site, role, dates, status and actions (docs/product/shell.md#practitioners);
 * six columns, so each role is a card at phone width (issue 30).
 */
export function OfferingsTable({ practitioner }: OfferingsTableProps) {
  const name = displayName(practitioner);
  const columns: DataTableColumn<Offering>[] = [
    {
      key: 'site',
      header: 'Site',
      render: (offering) => (
        <>
          <Text as="div" fontWeight="bold">
            {offering.healthcareServiceName}
          </Text>
          {offering.locationAddress ? (
            <Text as="div" fontSize="sm" fontWeight="normal">
              {offering.locationAddress}
            </Text>
          ) : null}
          {offering.locationType ? (
            <Text as="div" fontSize="sm" color="muted" fontWeight="normal">
              {offering.locationType}
            </Text>
          ) : null}
        </>
      ),
    },
    { key: 'role', header: 'Role', render: (offering) => offering.primaryType },
    {
      key: 'start',
      header: 'Start date',
      render: (offering) => formatDate(offering.startDate, 'medium'),
    },
    {
      key: 'end',
      header: 'End date',
      render: (offering) => (offering.endDate ? formatDate(offering.endDate, 'medium') : 'N/A'),
    },
    {
      key: 'status',
      header: 'Status',
      render: (offering) => (
        <Chip tone={offering.isActive ? 'success' : 'neutral'}>
          {offering.isActive ? 'Active' : 'Inactive'}
        </Chip>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (offering) => (
        <RoleActionsMenu
          offering={offering}
          practitionerId={practitioner.id}
          label={`${name} at ${offering.healthcareServiceName}`}
        />
      ),
    },
  ];
  return (
    <ResponsiveTable
      label={`Service offerings of ${name}`}
      caption={<VisuallyHidden>Service offerings of {name}</VisuallyHidden>}
      columns={columns}
      rows={practitioner.serviceOfferings}
      rowKey={(offering) => offering.id}
    />
  );
}

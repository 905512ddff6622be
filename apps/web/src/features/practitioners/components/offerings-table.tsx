import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableWrapper,
} from '@pca/ui/primitives/table.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import type { PractitionerListItem } from '@pca/contracts/practitioners.ts';
import { VisuallyHidden } from '@pca/ui/primitives/a11y.ts';
import { Chip } from '@pca/ui/chips/chip.tsx';
import { formatDate } from '#lib/dates.ts';
import { displayName } from './practitioner-header.tsx';
import { RoleActionsMenu } from './role-actions-menu.tsx';

/** Props of OfferingsTable. */
export type OfferingsTableProps = {
  /** The practitioner whose service offerings are listed. */
  practitioner: PractitionerListItem;
};

/** One practitioner's service offerings: site, role, dates, status and actions (docs/product/shell.md#practitioners). */
export function OfferingsTable({ practitioner }: OfferingsTableProps) {
  const name = displayName(practitioner);
  return (
    <TableWrapper>
      <Table>
        <TableCaption>
          <VisuallyHidden>Service offerings of {name}</VisuallyHidden>
        </TableCaption>
        <TableHead>
          <TableRow>
            <TableHeader scope="col">Site</TableHeader>
            <TableHeader scope="col">Role</TableHeader>
            <TableHeader scope="col">Start date</TableHeader>
            <TableHeader scope="col">End date</TableHeader>
            <TableHeader scope="col">Status</TableHeader>
            <TableHeader scope="col">Actions</TableHeader>
          </TableRow>
        </TableHead>
        <TableBody>
          {practitioner.serviceOfferings.map((offering) => (
            <TableRow key={offering.id}>
              <TableCell>
                <Text as="div" fontWeight="bold">
                  {offering.healthcareServiceName}
                </Text>
                {offering.locationAddress ? (
                  <Text as="div" fontSize="sm">
                    {offering.locationAddress}
                  </Text>
                ) : null}
                {offering.locationType ? (
                  <Text as="div" fontSize="sm" color="muted">
                    {offering.locationType}
                  </Text>
                ) : null}
              </TableCell>
              <TableCell>{offering.primaryType}</TableCell>
              <TableCell>{formatDate(offering.startDate, 'medium')}</TableCell>
              <TableCell>
                {offering.endDate ? formatDate(offering.endDate, 'medium') : 'N/A'}
              </TableCell>
              <TableCell>
                <Chip tone={offering.isActive ? 'success' : 'neutral'}>
                  {offering.isActive ? 'Active' : 'Inactive'}
                </Chip>
              </TableCell>
              <TableCell>
                <RoleActionsMenu
                  offering={offering}
                  practitionerId={practitioner.id}
                  label={`${name} at ${offering.healthcareServiceName}`}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableWrapper>
  );
}

import type { ReactNode } from 'react';
import {
  SummaryList,
  SummaryListItem,
  SummaryListItemDescription,
  SummaryListItemTerm,
} from '@pca/ui/primitives/summary-list.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import type { PractitionerRoleDetail } from '@pca/contracts/practitioners.ts';
import { Chip } from '@pca/ui';
import { languageName } from '@pca/contracts/value-lists.ts';
import { weekDayLabel } from '@pca/contracts/opening-hours.ts';
import { formatDate } from '#lib/dates.ts';
import { openingDayText } from '#lib/forms/opening-hours-editor.tsx';

/** Props of RoleSummary. */
export type RoleSummaryProps = {
  /** The role. */
  role: PractitionerRoleDetail;
};

/** A practitioner role's details as a read-only list. */
export function RoleSummary({ role }: RoleSummaryProps) {
  const rows: Array<[string, ReactNode]> = [
    ['Practitioner', `${role.practitioner.familyName}, ${role.practitioner.givenName}`],
    ['HPI-I', role.practitioner.hpiiIdentifier ?? 'N/A'],
    ['Organisation', role.organisationName],
    ['Healthcare service', role.healthcareServiceName],
    ['Site', [role.locationAddress, role.locationType].filter(Boolean).join(' · ') || 'N/A'],
    ['Role', role.primaryType],
    ['Specialty', role.specialty ?? 'N/A'],
    ['Languages spoken', role.languages.map(languageName).join(', ') || 'N/A'],
    ['Preferred name', role.preferredName ?? 'N/A'],
    ['Number of days', role.numberOfDays === null ? 'N/A' : String(role.numberOfDays)],
    ['Start date', formatDate(role.startDate, 'medium')],
    ['End date', role.endDate ? formatDate(role.endDate, 'medium') : 'N/A'],
    // The role's own hours, or none (docs/decisions/080-hours-all-day-and-rsg.md).
    [
      'Available',
      role.availableTime.length ? (
        <Stack key="available" gap={0.25}>
          {role.availableTime.map((d) => (
            <span key={d.day}>
              {`${weekDayLabel[d.day]}: ${openingDayText(d, { allDay: 'Available 24 hours', closed: 'Not available' })}`}
            </span>
          ))}
        </Stack>
      ) : (
        'No set hours'
      ),
    ],
    [
      'Status',
      <Chip key="status" tone={role.isActive ? 'success' : 'neutral'}>
        {role.isActive ? 'Active' : 'Inactive'}
      </Chip>,
    ],
  ];
  return (
    <SummaryList>
      {rows.map(([term, description]) => (
        <SummaryListItem key={term}>
          <SummaryListItemTerm>{term}</SummaryListItemTerm>
          <SummaryListItemDescription>{description}</SummaryListItemDescription>
        </SummaryListItem>
      ))}
    </SummaryList>
  );
}

import {
  SummaryList,
  SummaryListItem,
  SummaryListItemDescription,
  SummaryListItemTerm,
} from '@ag.ds-next/react/summary-list';
import { TextLink } from '@ag.ds-next/react/text-link';
import type { ReactNode } from 'react';
import { weekDayLabel, type HealthcareServiceDetail, type OpeningDay } from '@pca/contracts';
import { formatDate } from '#lib/dates.ts';
import { organisationPath } from '#lib/business/links.ts';

const none = (v: string) => v || 'Not provided';
const hoursText = (d: OpeningDay) =>
  d.allDay
    ? 'Open all day'
    : d.ranges.length
      ? d.ranges.map((r) => `${r.opens} to ${r.closes}`).join(', ')
      : 'Closed';

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <SummaryListItem>
      <SummaryListItemTerm>{term}</SummaryListItemTerm>
      <SummaryListItemDescription>{children}</SummaryListItemDescription>
    </SummaryListItem>
  );
}

/** A healthcare service's details, contact details and opening hours, read-only. */
export function ServiceSummary({ service: s }: { service: HealthcareServiceDetail }) {
  return (
    <SummaryList>
      <Item term="Organisation">
        <TextLink href={organisationPath(s.organisation.type, s.organisation.id)}>
          {s.organisation.name}
        </TextLink>
      </Item>
      <Item term="Service type">{s.serviceType}</Item>
      <Item term="Description">{none(s.description)}</Item>
      <Item term="Location">
        {s.location
          ? `${s.location.name}${s.location.address ? `, ${s.location.address}` : ''}`
          : 'Not provided'}
      </Item>
      <Item term="Start date">{s.startDate ? formatDate(s.startDate) : 'Not provided'}</Item>
      <Item term="End date">{s.endDate ? formatDate(s.endDate) : 'N/A'}</Item>
      <Item term="Phone">{none(s.phone)}</Item>
      <Item term="After-hours phone">{none(s.afterHoursPhone)}</Item>
      <Item term="Email">{none(s.email)}</Item>
      <Item term="Fax">{none(s.fax)}</Item>
      <Item term="Website">{none(s.website)}</Item>
      <Item term="Publish phone numbers">{s.suppressPhone ? 'No (suppressed)' : 'Yes'}</Item>
      <Item term="Publish email">{s.suppressEmail ? 'No (suppressed)' : 'Yes'}</Item>
      {s.openingHours.map((d) => (
        <Item key={d.day} term={weekDayLabel[d.day]}>
          {hoursText(d)}
        </Item>
      ))}
    </SummaryList>
  );
}

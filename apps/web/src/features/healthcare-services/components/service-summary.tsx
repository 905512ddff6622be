import { organisationHref } from '@pca/contracts/pages.ts';
import { SummaryList } from '@pca/ui/primitives/summary-list.ts';
import { TextLink } from '@pca/ui/primitives/text-link.ts';
import { weekDayLabel, type HealthcareServiceDetail } from '@pca/contracts';
import { billingOptions, languageName } from '@pca/contracts/value-lists.ts';
import { formatDate } from '#lib/dates.ts';
import { ContactSummaryItems, notProvided, SummaryItem } from '#lib/business/summary.tsx';

import { openingDayText } from '#lib/forms/opening-hours-editor.tsx';

/** A healthcare service's details, contact details and opening hours, read-only. */
export function ServiceSummary({ service: s }: { service: HealthcareServiceDetail }) {
  return (
    <SummaryList>
      <SummaryItem term="Organisation">
        <TextLink href={organisationHref(s.organisation.type, s.organisation.id)}>
          {s.organisation.name}
        </TextLink>
      </SummaryItem>
      <SummaryItem term="Service type">{s.serviceType}</SummaryItem>
      <SummaryItem term="Specialty">{notProvided(s.specialty)}</SummaryItem>
      <SummaryItem term="Languages spoken">
        {notProvided(s.languages.map(languageName).join(', '))}
      </SummaryItem>
      <SummaryItem term="Billing">
        {notProvided(
          billingOptions
            .filter((b) => s.billing.includes(b.code))
            .map((b) => b.label)
            .join('; '),
        )}
      </SummaryItem>
      <SummaryItem term="Description">{notProvided(s.description)}</SummaryItem>
      <SummaryItem term="Location">
        {s.location
          ? `${s.location.name}${s.location.address ? `, ${s.location.address}` : ''}`
          : 'Not provided'}
      </SummaryItem>
      <SummaryItem term="Start date">
        {s.startDate ? formatDate(s.startDate) : 'Not provided'}
      </SummaryItem>
      <SummaryItem term="End date">{s.endDate ? formatDate(s.endDate) : 'N/A'}</SummaryItem>
      <ContactSummaryItems contact={s} />
      {s.openingHours.map((d) => (
        <SummaryItem key={d.day} term={weekDayLabel[d.day]}>
          {openingDayText(d)}
        </SummaryItem>
      ))}
    </SummaryList>
  );
}

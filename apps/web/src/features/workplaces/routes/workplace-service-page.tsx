import { useParams } from 'react-router';
import { pages } from '@pca/contracts/pages.ts';
import { weekDayLabel, type WorkplaceServiceSummary } from '@pca/contracts';
import { workplacesMessages as messages } from '@pca/contracts/workplaces-paths.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H1, H2 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { TextLink } from '@pca/ui/primitives/text-link.ts';
import { SummaryList } from '@pca/ui/primitives/summary-list.ts';
import { VisuallyHidden } from '@pca/ui/primitives/a11y.ts';
import { Chip } from '@pca/ui/chips/chip.tsx';
import type { DataTableColumn } from '@pca/ui/table/data-table.tsx';
import { ResponsiveTable } from '@pca/ui/table/table-or-cards.tsx';
import { QueryView } from '#lib/query-view.tsx';
import { openingDayText } from '#lib/forms/opening-hours-editor.tsx';
import { notProvided, SummaryItem } from '#lib/business/summary.tsx';
import { useWorkplaceService } from '../api/workplaces.ts';
import { RoleStatus, roleDate } from '../components/role-status.tsx';
import { SectionLoading } from '#lib/section-loading.tsx';

type Summary = WorkplaceServiceSummary;
type Role = Summary['roles'][number];

/** A contact channel as stored, saying when it is kept from partners. */
const channel = (value: string, suppressed: boolean) =>
  value
    ? suppressed
      ? `${value} (${messages.notPublishedContact.toLowerCase()})`
      : value
    : 'Not provided';

const levelText: Record<Summary['publications'][number]['from']['level'], string> = {
  'healthcare-service': 'this healthcare service',
  location: 'its location',
  organisation: 'the organisation',
};

const roleColumns: DataTableColumn<Role>[] = [
  { key: 'role', header: 'Role', render: (r) => r.primaryType },
  { key: 'preferredName', header: 'Preferred name', render: (r) => notProvided(r.preferredName) },
  {
    key: 'days',
    header: 'Days a week',
    render: (r) => (r.numberOfDays === null ? 'Not provided' : String(r.numberOfDays)),
  },
  { key: 'start', header: 'Start date', render: (r) => roleDate(r.startDate) },
  { key: 'end', header: 'End date', render: (r) => roleDate(r.endDate) },
  { key: 'status', header: 'Status', render: (r) => <RoleStatus role={r} /> },
];

function ServiceSummary({ summary }: { summary: Summary }) {
  const { service: s, roles, publications } = summary;
  const name = `${summary.practitioner.givenName} ${summary.practitioner.familyName}`;
  const rolesHeading = summary.managing
    ? messages.rolesHeadingManaging(name)
    : messages.rolesHeading;
  const location = s.location
    ? [
        s.location.name,
        s.location.address || (s.location.kind === 'VI' ? 'Virtual' : 'Mobile'),
      ].join(', ')
    : 'Not provided';
  const open = s.openingHours.filter((d) => d.allDay || d.ranges.length > 0);
  return (
    <Stack gap={2}>
      <Stack gap={1}>
        <H1>{s.name}</H1>
        <Text as="p" color="muted">
          {messages.serviceTitle} · {s.business.name}
        </Text>
      </Stack>
      <Stack gap={1} as="section" aria-labelledby="service-roles">
        <H2 id="service-roles">{rolesHeading}</H2>
        <ResponsiveTable
          label={rolesHeading}
          caption={<VisuallyHidden>{rolesHeading}</VisuallyHidden>}
          columns={roleColumns}
          rows={roles}
          rowKey={(r) => r.id}
        />
      </Stack>
      <Stack gap={1} as="section" aria-labelledby="service-details">
        <H2 id="service-details">{messages.detailsHeading}</H2>
        <SummaryList>
          <SummaryItem term="Business">{s.business.name}</SummaryItem>
          <SummaryItem term="Organisation">{s.organisation.name}</SummaryItem>
          <SummaryItem term="Service type">{s.serviceType}</SummaryItem>
          <SummaryItem term="Description">{notProvided(s.description)}</SummaryItem>
          <SummaryItem term="Location">{location}</SummaryItem>
          <SummaryItem term="Status">
            <Chip tone={s.isActive ? 'success' : 'neutral'}>
              {s.isActive ? 'Active' : 'Inactive'}
            </Chip>
          </SummaryItem>
        </SummaryList>
      </Stack>
      <Stack gap={1} as="section" aria-labelledby="service-hours">
        <H2 id="service-hours">{messages.hoursHeading}</H2>
        {open.length === 0 ? (
          <Text as="p">{messages.noHours}</Text>
        ) : (
          <SummaryList>
            {s.openingHours.map((d) => (
              <SummaryItem key={d.day} term={weekDayLabel[d.day]}>
                {openingDayText(d)}
              </SummaryItem>
            ))}
          </SummaryList>
        )}
      </Stack>
      <Stack gap={1} as="section" aria-labelledby="service-contact">
        <H2 id="service-contact">{messages.contactHeading}</H2>
        <SummaryList>
          <SummaryItem term="Phone">
            {channel(s.contact.phone, s.contact.suppressPhone)}
          </SummaryItem>
          <SummaryItem term="After-hours phone">
            {channel(s.contact.afterHoursPhone, s.contact.suppressPhone)}
          </SummaryItem>
          <SummaryItem term="Email">
            {channel(s.contact.email, s.contact.suppressEmail)}
          </SummaryItem>
          <SummaryItem term="Fax">{notProvided(s.contact.fax)}</SummaryItem>
          <SummaryItem term="Website">{notProvided(s.contact.website)}</SummaryItem>
        </SummaryList>
      </Stack>
      <Stack gap={1} as="section" aria-labelledby="service-published">
        <H2 id="service-published">{messages.publishedHeading}</H2>
        {publications.length === 0 ? (
          <Text as="p">{messages.notPublished}</Text>
        ) : (
          <ul aria-labelledby="service-published" style={{ margin: 0, paddingLeft: '1.25rem' }}>
            {publications.map((p) => (
              <li key={p.partner.id}>
                <Text as="span" fontWeight="bold">
                  {p.partner.name}
                </Text>{' '}
                <Text as="span" color="muted">
                  — chosen by {levelText[p.from.level]}
                  {p.from.level === 'healthcare-service' ? '' : ` (${p.from.name})`}
                </Text>
              </li>
            ))}
          </ul>
        )}
      </Stack>
      <Text as="p">
        <TextLink href={pages.profile.myWorkplaces.href()}>{messages.backToList}</TextLink>
      </Text>
    </Stack>
  );
}

/**
 * The summary of one healthcare service the practitioner works or worked at
 * (`/my-workplaces/healthcare-service-summary/{id}`, docs/product/workplaces.md): their roles there, its details,
 * opening hours, contact details as stored and the partner services it is published to. Any other service is
 * not found (the API answers 404), whatever the URL says.
 */
export function WorkplaceServicePage() {
  const { id = '' } = useParams();
  const query = useWorkplaceService(id);
  if (query.isSuccess) return <ServiceSummary summary={query.data} />;
  // Loading, or why it cannot be shown: a service the practitioner never worked at "does not exist".
  return (
    <Stack gap={2}>
      <H1>{messages.serviceTitle}</H1>
      <QueryView
        query={query}
        loading={<SectionLoading message={messages.serviceLoading} />}
        thing={messages.serviceThing}
        logMessage="Workplace service summary failed to load"
      >
        {() => null}
      </QueryView>
      {query.isError ? (
        <Text as="p">
          <TextLink href={pages.profile.myWorkplaces.href()}>{messages.backToList}</TextLink>
        </Text>
      ) : null}
    </Stack>
  );
}

export { WorkplaceServicePage as Component };

import { pages } from '@pca/contracts/pages.ts';
import { practitionerPublicationMessages as messages } from '@pca/contracts/practitioner-publications-paths.ts';
import type { PractitionerPublication } from '@pca/contracts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { PageAlert } from '@pca/ui/primitives/page-alert.ts';
import type { DataTableColumn } from '@pca/ui/table/data-table.tsx';
import { ResponsiveTable } from '@pca/ui/table/table-or-cards.tsx';
import { ButtonLink } from '@pca/ui/button/button.tsx';
import { TextLink } from '@pca/ui/primitives/text-link.ts';
import { Chip } from '@pca/ui/chips/chip.tsx';
import { QueryView } from '#lib/query-view.tsx';
import { useHistoryOutcome } from '#lib/history-outcome.tsx';
import { formatDate } from '#lib/dates.ts';
import { usePractitionerPublications } from '../api/practitioner-publications.ts';
import { outcomeOf, type PublicationOutcome } from '../components/outcome.ts';
import { SectionLoading } from '#lib/section-loading.tsx';

const successText = (o: PublicationOutcome) =>
  o.outcome === 'added'
    ? messages.added(o.partnerName)
    : o.outcome === 'updated'
      ? messages.updated(o.partnerName)
      : messages.removed(o.partnerName);

/** The chip of a partner's personal contact details: shared, not shared, or not requested yet. */
function contactChip(item: PractitionerPublication) {
  if (!item.personalContactRequested)
    return <Chip tone="neutral">{messages.contactNotRequested}</Chip>;
  return item.sharePersonalContact ? (
    <Chip tone="success">{messages.contactShared}</Chip>
  ) : (
    <Chip tone="warning">{messages.contactNotShared}</Chip>
  );
}

/** The chip of the practitioner details: published, paused until the new statement is accepted, or not. */
function publishChip(item: PractitionerPublication) {
  if (item.needsAcceptance) return <Chip tone="warning">{messages.needsAcceptance}</Chip>;
  if (item.publish === null) return <Chip tone="neutral">{messages.notChosen}</Chip>;
  return item.publish ? (
    <Chip tone="success">{messages.published}</Chip>
  ) : (
    <Chip tone="neutral">{messages.notPublished}</Chip>
  );
}

const editHref = (item: PractitionerPublication) =>
  pages.publishing.editPractitioner.href({ partnerServiceId: item.partner.id });

/** The publications a partner's newer statement paused. */
const paused = (items: PractitionerPublication[]) => items.filter((i) => i.needsAcceptance);

/** The list's columns; at phone width each partner is a card of them (ResponsiveTable). */
const columns: DataTableColumn<PractitionerPublication>[] = [
  { key: 'partner', header: 'Partner service', render: (item) => item.partner.name },
  { key: 'publish', header: 'Practitioner details', render: publishChip },
  {
    key: 'contact',
    header: 'Personal contact details',
    render: (item) => (
      <Stack gap={0.25} alignItems="flex-start">
        {contactChip(item)}
        {item.personalContactRequestedAt ? (
          <Text fontSize="sm" color="muted">
            {messages.requestedOn(formatDate(item.personalContactRequestedAt))}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  {
    key: 'actions',
    header: 'Actions',
    render: (item) => (
      <ButtonLink
        variant={item.needsAcceptance ? 'primary' : 'secondary'}
        size="sm"
        href={editHref(item)}
        aria-label={`${item.needsAcceptance ? messages.acceptAgain : messages.edit} ${item.partner.name}`}
      >
        {item.needsAcceptance ? messages.acceptAgain : messages.edit}
      </ButtonLink>
    ),
  },
];

/**
 * The practitioner's publishing settings (`practitioner/publish`, docs/decisions/030-publishing-to-partners.md):
 * the partner services that receive their practitioner details and whether their personal contact details are
 * shared, with Add and Edit; a success alert on return from either. Publications paused by a partner's newer
 * information use statement are named at the top and offer accepting it
 * (docs/decisions/081-practitioner-publication-acceptance.md).
 */
export function PractitionerPublicationsPage() {
  const { alert } = useHistoryOutcome(outcomeOf, successText);
  const list = usePractitionerPublications();

  const data = list.data;
  const intro = data?.managing
    ? messages.listIntroManaging(`${data.practitioner.givenName} ${data.practitioner.familyName}`)
    : messages.listIntro;

  return (
    <Stack gap={2}>
      <Stack gap={1}>
        <H1>{messages.listTitle}</H1>
        <Text as="p">{intro}</Text>
      </Stack>
      {alert}
      <QueryView
        query={list}
        loading={<SectionLoading message={messages.loading} />}
        thing="your publishing settings"
        logMessage="Practitioner publications failed to load"
      >
        {({ items }) => (
          <Stack gap={1.5}>
            {paused(items).length ? (
              <PageAlert tone="warning" title={messages.pausedAlertTitle(paused(items).length)}>
                <Stack gap={0.5}>
                  <Text as="p">{messages.pausedAlertText(paused(items).length)}</Text>
                  <ul>
                    {paused(items).map((i) => (
                      <li key={i.partner.id}>
                        <TextLink href={editHref(i)}>
                          {messages.acceptAgain}: {i.partner.name}
                        </TextLink>
                      </li>
                    ))}
                  </ul>
                </Stack>
              </PageAlert>
            ) : null}
            <div>
              <ButtonLink href={pages.publishing.addPractitioner.href()}>{messages.add}</ButtonLink>
            </div>
            {items.length === 0 ? (
              <Text as="p">{messages.empty}</Text>
            ) : (
              // Four columns of chips do not fit a phone: there each partner is a card (the shared ResponsiveTable).
              <ResponsiveTable
                label="Partner services"
                caption="Partner services"
                striped
                columns={columns}
                rows={items}
                rowKey={(item) => item.partner.id}
              />
            )}
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}

export { PractitionerPublicationsPage as Component };

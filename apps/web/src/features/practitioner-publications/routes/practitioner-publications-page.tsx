import { pages } from '@pca/contracts/pages.ts';
import { practitionerPublicationMessages as messages } from '@pca/contracts/practitioner-publications-paths.ts';
import type { PractitionerPublication } from '@pca/contracts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { PageAlert } from '@pca/ui/primitives/page-alert.ts';
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
import { ButtonLink } from '@pca/ui/button/button.tsx';
import { TextLink } from '@pca/ui/primitives/text-link.ts';
import { Chip } from '@pca/ui/chips/chip.tsx';
import { Loading } from '@pca/ui/loading/loading.tsx';
import { QueryView } from '#lib/query-view.tsx';
import { useHistoryOutcome } from '#lib/history-outcome.tsx';
import { formatDate } from '#lib/dates.ts';
import { usePractitionerPublications } from '../api/practitioner-publications.ts';
import { outcomeOf, type PublicationOutcome } from '../components/outcome.ts';

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
        loading={
          <div style={{ minHeight: '8rem' }}>
            <Loading message={messages.loading} />
          </div>
        }
        thing="your publishing settings"
        logMessage="Practitioner publications failed to load"
      >
        {({ items }) => (
          <Stack gap={1.5}>
            {items.some((i) => i.needsAcceptance) ? (
              <PageAlert
                tone="warning"
                title={messages.pausedAlertTitle(items.filter((i) => i.needsAcceptance).length)}
              >
                <Stack gap={0.5}>
                  <Text as="p">{messages.pausedAlertText}</Text>
                  <ul>
                    {items
                      .filter((i) => i.needsAcceptance)
                      .map((i) => (
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
              <TableWrapper>
                <Table striped>
                  <TableCaption>Partner services</TableCaption>
                  <TableHead>
                    <TableRow>
                      <TableHeader scope="col">Partner service</TableHeader>
                      <TableHeader scope="col">Practitioner details</TableHeader>
                      <TableHeader scope="col">Personal contact details</TableHeader>
                      <TableHeader scope="col">Actions</TableHeader>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {items.map((item) => (
                      <TableRow key={item.partner.id}>
                        <TableCell>{item.partner.name}</TableCell>
                        <TableCell>{publishChip(item)}</TableCell>
                        <TableCell>
                          <Stack gap={0.25} alignItems="flex-start">
                            {contactChip(item)}
                            {item.personalContactRequestedAt ? (
                              <Text fontSize="sm" color="muted">
                                {messages.requestedOn(formatDate(item.personalContactRequestedAt))}
                              </Text>
                            ) : null}
                          </Stack>
                        </TableCell>
                        <TableCell>
                          <ButtonLink
                            variant={item.needsAcceptance ? 'primary' : 'secondary'}
                            size="sm"
                            href={editHref(item)}
                            aria-label={`${item.needsAcceptance ? messages.acceptAgain : messages.edit} ${item.partner.name}`}
                          >
                            {item.needsAcceptance ? messages.acceptAgain : messages.edit}
                          </ButtonLink>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableWrapper>
            )}
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}

export { PractitionerPublicationsPage as Component };

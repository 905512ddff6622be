import type { PartnerPublicationSummary } from '@pca/contracts/publications-overview.ts';
import { publicationsOverviewMessages as messages } from '@pca/contracts/publications-overview-paths.ts';
import { Button } from '@pca/ui/button/button.tsx';
import { Text } from '@pca/ui/primitives/text.ts';
import { VisuallyHidden } from '@pca/ui/primitives/a11y.ts';
import type { DataTableColumn } from '@pca/ui/table/data-table.tsx';
import { ResponsiveTable } from '@pca/ui/table/table-or-cards.tsx';
import { formatDateTime } from '#lib/dates.ts';

const roleLabels: Record<string, string> = {
  directory: 'Directory',
  payer: 'Payer',
  referral: 'Referral network',
};

/** A right-aligned column of how many of one kind of entity the partner receives. */
const countColumn = (
  key: string,
  header: string,
  of: keyof PartnerPublicationSummary['counts'],
): DataTableColumn<PartnerPublicationSummary> => ({
  key,
  header,
  textAlign: 'right',
  render: (p) => p.counts[of].toLocaleString('en-AU'),
});

/** Who changed it and when: "Alice Nguyen, 1 Oct 2026 9:00 am", or what is not known. */
function LastChange({ change }: { change: PartnerPublicationSummary['lastChange'] }) {
  if (!change) return <Text color="muted">Never published</Text>;
  return (
    <>
      <Text as="div">{change.by?.name ?? messages.notRecorded}</Text>
      <Text as="div" fontSize="sm" color="muted">
        <time dateTime={change.at}>{formatDateTime(change.at)}</time>
      </Text>
    </>
  );
}

/**
 * The overview: one row per partner service with counts of what it receives, and a button that shows
 * its entities below (a table from tablet width, a card per partner on a phone).
 */
export function PartnersTable({
  partners,
  selected,
  onSelect,
}: {
  partners: PartnerPublicationSummary[];
  selected: string | null;
  onSelect: (partner: PartnerPublicationSummary) => void;
}) {
  const columns: DataTableColumn<PartnerPublicationSummary>[] = [
    {
      key: 'partner',
      header: 'Partner service',
      render: (p) => (
        <>
          <Text as="div" fontWeight="bold">
            {p.name}
          </Text>
          <Text as="div" fontSize="sm" color="muted">
            {roleLabels[p.role] ?? p.role}
          </Text>
        </>
      ),
    },
    countColumn('organisations', 'Organisations', 'organisations'),
    countColumn('locations', 'Locations', 'locations'),
    countColumn('services', 'Healthcare services', 'healthcareServices'),
    countColumn('roles', 'Practitioner roles', 'practitionerRoles'),
    countColumn('practitioners', "Practitioners' own", 'practitioners'),
    {
      key: 'changed',
      header: 'Last change',
      render: (p) => <LastChange change={p.lastChange} />,
    },
    {
      key: 'entities',
      header: 'Entities',
      render: (p) => (
        <Button
          variant="secondary"
          size="sm"
          aria-pressed={selected === p.id}
          onClick={() => onSelect(p)}
        >
          View entities
          <VisuallyHidden> published to {p.name}</VisuallyHidden>
        </Button>
      ),
    },
  ];
  return (
    <ResponsiveTable
      label="Partner services"
      caption={<VisuallyHidden>What is published to each partner service</VisuallyHidden>}
      columns={columns}
      rows={partners}
      rowKey={(p) => p.id}
      emptyText={messages.noPartners}
      striped
    />
  );
}

import { DataTable, type DataTableColumn } from '@pca/ui';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { TextLink } from '@pca/ui/primitives/text-link.ts';
import { partnerServiceMessages as m, type PartnerServiceSummary } from '@pca/contracts';
import { pages } from '@pca/contracts/pages.ts';
import { PageLoading } from '#lib/business/entity-page.tsx';
import { QueryView } from '#lib/query-view.tsx';
import { usePartnerServices } from '../api/partner-services.ts';
import { roleLabels } from '../components/partner-service-form.tsx';

const columns: DataTableColumn<PartnerServiceSummary>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (p) => <TextLink href={pages.partners.service.href({ id: p.id })}>{p.name}</TextLink>,
    sortValue: (p) => p.name,
  },
  { key: 'role', header: 'Role', render: (p) => roleLabels[p.role], sortValue: (p) => p.role },
  {
    key: 'shown',
    header: 'Providers',
    render: (p) => (p.shownToProviders ? m.shownToProviders : m.hiddenFromProviders),
  },
  {
    key: 'statement',
    header: 'Information use statement',
    render: (p) => (p.latestVersion === null ? 'None yet' : `Version ${p.latestVersion}`),
  },
  {
    key: 'awaiting',
    header: 'Waiting for acceptance',
    render: (p) =>
      p.awaitingAcceptance === 0
        ? 'None'
        : `${p.awaitingAcceptance} organisation${p.awaitingAcceptance === 1 ? '' : 's'}`,
    sortValue: (p) => p.awaitingAcceptance,
  },
  {
    key: 'contact',
    header: 'Contact',
    render: (p) => [p.contactName, p.contactEmail].filter(Boolean).join(', ') || 'Not provided',
  },
];

/** Partner services (System admin, PcaOperator): the list, with a way to register one. */
export function PartnerServicesPage() {
  const query = usePartnerServices();
  return (
    <Stack gap={2}>
      <Stack gap={1}>
        <H1>{m.title}</H1>
        <Text as="p">{m.intro}</Text>
        <Text as="p">
          <TextLink href={pages.partners.addService.href()}>{m.add}</TextLink>
          {' · '}
          <TextLink href={pages.partners.identifierSystems.href()}>
            Partner identifier systems
          </TextLink>
        </Text>
      </Stack>
      <QueryView
        query={query}
        loading={<PageLoading label="Loading partner services" minHeight="8rem" />}
        thing="the partner services"
        askWhom="a Provider Connect Australia operator"
      >
        {({ partnerServices }) =>
          partnerServices.length === 0 ? (
            <Text as="p">{m.empty}</Text>
          ) : (
            <DataTable
              caption="Partner services"
              columns={columns}
              rows={partnerServices}
              rowKey={(p) => p.id}
              pageSize={20}
              cardsOnPhone
            />
          )
        }
      </QueryView>
    </Stack>
  );
}

export { PartnerServicesPage as Component };

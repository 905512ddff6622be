import { pages, registerBusinessHref } from '@pca/contracts/pages.ts';
import { useParams } from 'react-router';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { ButtonLink } from '@pca/ui/button/button.tsx';
import { TextLink } from '@pca/ui/primitives/text-link.ts';
import type { TabItem } from '@pca/ui';
import type { OrganisationDetail } from '@pca/contracts';
import { ApiErrorAlert } from '#lib/errors/api-error-alert.tsx';
import { useOrganisation } from '#lib/business/get-organisation.ts';
import { OrganisationDetails } from '../components/organisation-details.tsx';
import {
  HealthcareServicesTable,
  HiOrganisationsTable,
  LocationsTable,
  PractitionersTable,
} from '#lib/business/business-tables.tsx';
import { endpointsTab } from '#lib/business/endpoints-tab.tsx';
import { partnerServicesTab } from '#lib/publications/partner-publications-tab.tsx';
import { sharedDocumentsTab } from '#lib/credential-documents/shared-documents-tab.tsx';
import { clinicalSystemsTab } from '#lib/smart-clients/clinical-systems-tab.tsx';
import { StatusChips } from '../components/status-chips.tsx';
import { EntityHeader, PageLoading, QueryTabs } from '#lib/business/entity-page.tsx';

function tabsOf(o: OrganisationDetail): TabItem[] {
  const add = (href: string, label: string) =>
    o.canEdit ? (
      <div>
        <ButtonLink href={href} variant="secondary">
          {label}
        </ButtonLink>
      </div>
    ) : null;
  return [
    { label: 'Details', content: <OrganisationDetails organisation={o} /> },
    ...(o.type === 'ParticipatingOrganisation'
      ? [{ label: 'HI organisations', content: <HiOrganisationsTable rows={o.hiOrganisations} /> }]
      : []),
    {
      label: 'Locations',
      content: (
        <Stack gap={1}>
          {add(pages.locations.add.href({ organisationId: o.id }), 'Add location')}
          <LocationsTable rows={o.locations} />
        </Stack>
      ),
    },
    {
      label: 'Healthcare services',
      content: (
        <Stack gap={1}>
          {add(
            pages.healthcareServices.add.href({ organisationId: o.id }),
            'Add healthcare service',
          )}
          <HealthcareServicesTable rows={o.healthcareServices} />
        </Stack>
      ),
    },
    { label: 'Practitioners', content: <PractitionersTable rows={o.practitioners} /> },
    // Only its OrganisationManagers see what practitioners shared with it (docs/decisions/057-credential-documents.md).
    ...(o.canEdit ? [sharedDocumentsTab(o.id)] : []),
    endpointsTab('organisation', o.id),
    // Its managers connect it to its clinical information systems (docs/decisions/069-smart-app-launch.md).
    ...(o.canEdit ? [clinicalSystemsTab(o.id)] : []),
    partnerServicesTab('organisation', o.id),
  ];
}

/**
 * View Organisation (participating or HI): details and tabs; the `tab` query selects a tab by its label. Its
 * …/launch and …/applaunch endings are the smart-clients feature's (docs/decisions/069-smart-app-launch.md).
 */
export function OrganisationPage() {
  const { id = '' } = useParams();
  const query = useOrganisation(id);

  if (query.isPending) return <PageLoading label="Loading organisation" />;
  if (query.isError)
    return (
      <Stack gap={1.5}>
        <H1>View Organisation</H1>
        <ApiErrorAlert
          error={query.error}
          thing="this organisation"
          onRetry={() => void query.refetch()}
        />
      </Stack>
    );

  const o = query.data;
  const tabs = tabsOf(o);
  // Keyed by the organisation: going to another one (an HI organisation of this one, Back) starts its page
  // afresh. The route keeps this component, so an open edit form would otherwise stay, showing and saving
  // the last organisation's values to this one.
  return (
    <Stack gap={1.5} key={o.id}>
      <EntityHeader
        title="View Organisation"
        name={o.name}
        chips={
          <StatusChips status={o.status} publisherApprovalStatus={o.publisherApprovalStatus} />
        }
      >
        {o.publisherApprovalStatus === 'PendingSubmission' && o.canEdit ? (
          <Text as="p">
            This registration is not finished.{' '}
            <TextLink href={registerBusinessHref(o.id)}>Complete the registration</TextLink>
          </Text>
        ) : null}
      </EntityHeader>
      <QueryTabs items={tabs} />
    </Stack>
  );
}

export { OrganisationPage as Component };

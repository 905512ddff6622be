import { useNavigate } from 'react-router';
import { Stack } from '@ag.ds-next/react/stack';
import { H1 } from '@ag.ds-next/react/heading';
import { Text } from '@ag.ds-next/react/text';
import { TextLink } from '@ag.ds-next/react/text-link';
import { PageAlert } from '@ag.ds-next/react/page-alert';
import { SummaryList } from '@ag.ds-next/react/summary-list';
import { locationKindLabel, type LocationDetail } from '@pca/contracts';
import {
  useCreateLocation,
  useLocation,
  useParentOrganisation,
  useUpdateLocation,
} from '../api/location.ts';
import { formValuesOf, LocationForm } from '../components/location-form.tsx';
import { HealthcareServicesTable, PartnerServicesTable } from '#lib/business/business-tables.tsx';
import { ContactSummaryItems, notProvided, SummaryItem } from '#lib/business/summary.tsx';
import { locationPath, organisationPath } from '#lib/business/links.ts';
import {
  AddOrViewRoute,
  EditableDetails,
  EntityLoadError,
  EntityView,
  PageLoading,
} from '#lib/business/entity-page.tsx';

function Details({ location: l }: { location: LocationDetail }) {
  const mutation = useUpdateLocation(l.id);
  const address = [l.addressLine, [l.locality, l.state, l.postcode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    <EditableDetails
      canEdit={l.canEdit}
      editLabel="Edit location"
      savedTitle="Location saved"
      onEdit={mutation.reset}
      renderForm={({ onSaved, onCancel }) => (
        <LocationForm
          heading="Edit location"
          defaultValues={formValuesOf(l)}
          saving={mutation.isPending}
          serverError={mutation.error}
          onCancel={onCancel}
          onSubmit={(values) => mutation.mutate(values, { onSuccess: onSaved })}
        />
      )}
      summary={
        <SummaryList>
          <SummaryItem term="Organisation">
            <TextLink href={organisationPath(l.organisation.type, l.organisation.id)}>
              {l.organisation.name}
            </TextLink>
          </SummaryItem>
          <SummaryItem term="Location type">{locationKindLabel[l.kind]}</SummaryItem>
          {l.kind === 'physical' ? (
            <SummaryItem term="Address">{notProvided(address)}</SummaryItem>
          ) : null}
          <ContactSummaryItems contact={l} />
        </SummaryList>
      }
    />
  );
}

function ViewLocation({ id }: { id: string }) {
  const query = useLocation(id);
  return (
    <EntityView
      title="Location"
      noun="location"
      query={query}
      tabs={(l) => [
        { label: 'Details', content: <Details location={l} /> },
        {
          label: 'Healthcare services',
          content: <HealthcareServicesTable rows={l.healthcareServices} />,
        },
        { label: 'Partner services', content: <PartnerServicesTable rows={l.partnerServices} /> },
      ]}
    />
  );
}

function AddLocation({ organisationId }: { organisationId: string }) {
  const navigate = useNavigate();
  const organisation = useParentOrganisation(organisationId);
  const mutation = useCreateLocation(organisationId);
  if (organisation.isPending) return <PageLoading label="Loading organisation" />;
  if (organisation.isError)
    return (
      <Stack gap={1.5}>
        <H1>Add a location</H1>
        <EntityLoadError error={organisation.error} noun="location" />
      </Stack>
    );
  const o = organisation.data;
  return (
    <Stack gap={1.5}>
      <H1>Add a location</H1>
      {!o.canEdit ? (
        <PageAlert tone="error" title="You do not have permission to add a location here" />
      ) : (
        <>
          <Text as="p">{`For ${o.name}.`}</Text>
          <LocationForm
            heading="Location details"
            defaultValues={formValuesOf(null)}
            saving={mutation.isPending}
            serverError={mutation.error}
            onCancel={() => void navigate(organisationPath(o.type, organisationId))}
            onSubmit={(values) =>
              mutation.mutate(values, { onSuccess: ({ id }) => void navigate(locationPath(id)) })
            }
          />
        </>
      )}
    </Stack>
  );
}

/** A location's page (tabs Details, Healthcare services, Partner services), or /add?organisationId= to add one. */
export function LocationPage() {
  return (
    <AddOrViewRoute
      addHeading="Add a location"
      noun="location"
      add={(organisationId) => <AddLocation organisationId={organisationId} />}
      view={(id) => <ViewLocation key={id} id={id} />}
    />
  );
}

export { LocationPage as Component };

import { pages } from '@pca/contracts/pages.ts';
import { Alert } from '@pca/ui/alert/alert.tsx';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { TextLink } from '@pca/ui/primitives/text-link.ts';
import type { HealthcareServiceDetail, LocationSummary, OrganisationDetail } from '@pca/contracts';
import {
  useCreateHealthcareService,
  useHealthcareService,
  useUpdateHealthcareService,
} from '../api/healthcare-service.ts';
import { formValuesOf, HealthcareServiceForm } from '../components/healthcare-service-form.tsx';
import { PractitionersTable } from '#lib/business/business-tables.tsx';
import { partnerServicesTab } from '#lib/publications/partner-publications-tab.tsx';
import { endpointsTab } from '#lib/business/endpoints-tab.tsx';
import { ServiceSummary } from '../components/service-summary.tsx';
import {
  AddOrViewRoute,
  EditableDetails,
  EntityView,
  useAddFormState,
} from '#lib/business/entity-page.tsx';

function Details({ service }: { service: HealthcareServiceDetail }) {
  const mutation = useUpdateHealthcareService(service.id);
  return (
    <EditableDetails
      canEdit={service.canEdit}
      editLabel="Edit healthcare service"
      savedTitle="Healthcare service saved"
      mutation={mutation}
      renderForm={(state) => (
        <HealthcareServiceForm
          heading="Edit healthcare service"
          defaultValues={formValuesOf(service)}
          locationOptions={service.locationOptions}
          {...state}
        />
      )}
      summary={<ServiceSummary service={service} />}
    />
  );
}

function ViewService({ id }: { id: string }) {
  return (
    <EntityView
      title="Healthcare service"
      noun="healthcare service"
      query={useHealthcareService(id)}
      tabs={(s) => [
        { label: 'Details', content: <Details service={s} /> },
        { label: 'Practitioners', content: <PractitionersTable rows={s.practitioners} /> },
        endpointsTab('service', s.id),
        partnerServicesTab('healthcare-service', s.id),
      ]}
    />
  );
}

/**
 * Shown instead of the add form when the organisation has no location of its own: a link to add one, and to add the
 * service on each HI organisation that has a location (docs/decisions/098-service-locations-of-the-organisation.md).
 */
function NoLocations({ organisation }: { organisation: OrganisationDetail }) {
  const withLocations = organisation.hiOrganisations.filter((h) =>
    organisation.locations.some((l) => l.organisationId === h.id),
  );
  return (
    <Stack gap={1}>
      <div>
        <Alert tone="info" title="This organisation has no locations">
          <Text as="p">A healthcare service is at a location of its own organisation.</Text>
          {withLocations.length ? (
            <Text as="p">Its HI organisations have locations: add the service there.</Text>
          ) : null}
        </Alert>
      </div>
      <Stack gap={0.5}>
        {withLocations.map((h) => (
          <div key={h.id}>
            <TextLink href={pages.healthcareServices.add.href({ organisationId: h.id })}>
              {`Add a healthcare service to ${h.name}`}
            </TextLink>
          </div>
        ))}
        <div>
          <TextLink href={pages.locations.add.href({ organisationId: organisation.id })}>
            Add a location to this organisation
          </TextLink>
        </div>
      </Stack>
    </Stack>
  );
}

function AddServiceForm({
  organisation,
  locations,
}: {
  organisation: OrganisationDetail;
  locations: LocationSummary[];
}) {
  const state = useAddFormState(organisation, useCreateHealthcareService(organisation.id), (id) =>
    pages.healthcareServices.view.href({ id }),
  );
  return (
    <HealthcareServiceForm
      heading="Healthcare service details"
      defaultValues={formValuesOf(null)}
      locationOptions={locations}
      {...state}
    />
  );
}

/**
 * The add form, offering the organisation's own locations only: the server takes no other, and a participating
 * organisation's page also lists its HI organisations' (docs/decisions/098-service-locations-of-the-organisation.md).
 */
function AddService({ organisation }: { organisation: OrganisationDetail }) {
  const own = organisation.locations.filter((l) => l.organisationId === organisation.id);
  return own.length ? (
    <AddServiceForm organisation={organisation} locations={own} />
  ) : (
    <NoLocations organisation={organisation} />
  );
}

/** A healthcare service's page (tabs Details, Practitioners, Partner services), or /add?organisationId= to add one. */
export function HealthcareServicePage() {
  return (
    <AddOrViewRoute
      addHeading="Add a healthcare service"
      noun="healthcare service"
      Add={AddService}
      View={ViewService}
    />
  );
}

export { HealthcareServicePage as Component };

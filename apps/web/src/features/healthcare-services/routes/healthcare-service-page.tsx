import { pages } from '@pca/contracts/pages.ts';
import type { HealthcareServiceDetail, OrganisationDetail } from '@pca/contracts';
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

function AddService({ organisation }: { organisation: OrganisationDetail }) {
  const state = useAddFormState(organisation, useCreateHealthcareService(organisation.id), (id) =>
    pages.healthcareServices.view.href({ id }),
  );
  return (
    <HealthcareServiceForm
      heading="Healthcare service details"
      defaultValues={formValuesOf(null)}
      locationOptions={organisation.locations}
      {...state}
    />
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

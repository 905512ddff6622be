import { pages, organisationHref } from '@pca/contracts/pages.ts';
import { useNavigate } from 'react-router';
import type { HealthcareServiceDetail, OrganisationDetail } from '@pca/contracts';
import {
  useCreateHealthcareService,
  useHealthcareService,
  useUpdateHealthcareService,
} from '../api/healthcare-service.ts';
import { formValuesOf, HealthcareServiceForm } from '../components/healthcare-service-form.tsx';
import { PractitionersTable } from '#lib/business/business-tables.tsx';
import { PartnerPublicationsTab } from '#lib/publications/partner-publications-tab.tsx';
import { ServiceSummary } from '../components/service-summary.tsx';
import { AddOrViewRoute, EditableDetails, EntityView } from '#lib/business/entity-page.tsx';

function Details({ service }: { service: HealthcareServiceDetail }) {
  const mutation = useUpdateHealthcareService(service.id);
  return (
    <EditableDetails
      canEdit={service.canEdit}
      editLabel="Edit healthcare service"
      savedTitle="Healthcare service saved"
      onEdit={mutation.reset}
      renderForm={({ onSaved, onCancel }) => (
        <HealthcareServiceForm
          heading="Edit healthcare service"
          defaultValues={formValuesOf(service)}
          locationOptions={service.locationOptions}
          saving={mutation.isPending}
          serverError={mutation.error}
          onCancel={onCancel}
          onSubmit={(values) => mutation.mutate(values, { onSuccess: onSaved })}
        />
      )}
      summary={<ServiceSummary service={service} />}
    />
  );
}

function ViewService({ id }: { id: string }) {
  const query = useHealthcareService(id);
  return (
    <EntityView
      title="Healthcare service"
      noun="healthcare service"
      query={query}
      tabs={(s) => [
        { label: 'Details', content: <Details service={s} /> },
        { label: 'Practitioners', content: <PractitionersTable rows={s.practitioners} /> },
        {
          label: 'Partner services',
          content: <PartnerPublicationsTab level="healthcare-service" id={s.id} />,
        },
      ]}
    />
  );
}

function AddService({ organisation: o }: { organisation: OrganisationDetail }) {
  const navigate = useNavigate();
  const mutation = useCreateHealthcareService(o.id);
  return (
    <HealthcareServiceForm
      heading="Healthcare service details"
      defaultValues={formValuesOf(null)}
      locationOptions={o.locations}
      saving={mutation.isPending}
      serverError={mutation.error}
      onCancel={() => void navigate(organisationHref(o.type, o.id))}
      onSubmit={(values) =>
        mutation.mutate(values, {
          onSuccess: ({ id }) => void navigate(pages.healthcareServices.view.href({ id: id })),
        })
      }
    />
  );
}

/** A healthcare service's page (tabs Details, Practitioners, Partner services), or /add?organisationId= to add one. */
export function HealthcareServicePage() {
  return (
    <AddOrViewRoute
      addHeading="Add a healthcare service"
      noun="healthcare service"
      addForm={(organisation) => <AddService organisation={organisation} />}
      view={(id) => <ViewService key={id} id={id} />}
    />
  );
}

export { HealthcareServicePage as Component };

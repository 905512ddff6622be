import { useNavigate } from 'react-router';
import { Stack } from '@ag.ds-next/react/stack';
import { H1 } from '@ag.ds-next/react/heading';
import { Text } from '@ag.ds-next/react/text';
import { PageAlert } from '@ag.ds-next/react/page-alert';
import type { HealthcareServiceDetail } from '@pca/contracts';
import {
  useCreateHealthcareService,
  useHealthcareService,
  useParentOrganisation,
  useUpdateHealthcareService,
} from '../api/healthcare-service.ts';
import { formValuesOf, HealthcareServiceForm } from '../components/healthcare-service-form.tsx';
import { PartnerServicesTable, PractitionersTable } from '#lib/business/business-tables.tsx';
import { ServiceSummary } from '../components/service-summary.tsx';
import { healthcareServicePath, organisationPath } from '#lib/business/links.ts';
import {
  AddOrViewRoute,
  EditableDetails,
  EntityLoadError,
  EntityView,
  PageLoading,
} from '#lib/business/entity-page.tsx';

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
        { label: 'Partner services', content: <PartnerServicesTable rows={s.partnerServices} /> },
      ]}
    />
  );
}

function AddService({ organisationId }: { organisationId: string }) {
  const navigate = useNavigate();
  const organisation = useParentOrganisation(organisationId);
  const mutation = useCreateHealthcareService(organisationId);
  return (
    <Stack gap={1.5}>
      <H1>Add a healthcare service</H1>
      {organisation.isPending ? (
        <PageLoading label="Loading organisation" />
      ) : organisation.isError ? (
        <EntityLoadError error={organisation.error} noun="healthcare service" />
      ) : !organisation.data.canEdit ? (
        <PageAlert
          tone="error"
          title="You do not have permission to add a healthcare service here"
        />
      ) : (
        <>
          <Text as="p">{`For ${organisation.data.name}.`}</Text>
          <HealthcareServiceForm
            heading="Healthcare service details"
            defaultValues={formValuesOf(null)}
            locationOptions={organisation.data.locations}
            saving={mutation.isPending}
            serverError={mutation.error}
            onCancel={() => void navigate(organisationPath(organisation.data.type, organisationId))}
            onSubmit={(values) =>
              mutation.mutate(values, {
                onSuccess: ({ id }) => void navigate(healthcareServicePath(id)),
              })
            }
          />
        </>
      )}
    </Stack>
  );
}

/** A healthcare service's page (tabs Details, Practitioners, Partner services), or /add?organisationId= to add one. */
export function HealthcareServicePage() {
  return (
    <AddOrViewRoute
      addHeading="Add a healthcare service"
      noun="healthcare service"
      add={(organisationId) => <AddService organisationId={organisationId} />}
      view={(id) => <ViewService key={id} id={id} />}
    />
  );
}

export { HealthcareServicePage as Component };

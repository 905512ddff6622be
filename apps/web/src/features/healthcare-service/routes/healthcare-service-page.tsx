import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Stack } from '@ag.ds-next/react/stack';
import { Flex } from '@ag.ds-next/react/flex';
import { H1 } from '@ag.ds-next/react/heading';
import { Text } from '@ag.ds-next/react/text';
import { Button } from '@ag.ds-next/react/button';
import { LoadingBlanket } from '@ag.ds-next/react/loading';
import { PageAlert } from '@ag.ds-next/react/page-alert';
import { Alert, Chip, Tabs, type TabItem } from '@pca/ui';
import type { HealthcareServiceDetail } from '@pca/contracts';
import { ApiError } from '#lib/http.ts';
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
import { tabIndexFor } from '#lib/business/tab-query.ts';

function Loading({ label }: { label: string }) {
  return (
    <div style={{ position: 'relative', minHeight: '12rem' }}>
      <LoadingBlanket label={label} />
    </div>
  );
}

function LoadError({ error }: { error: unknown }) {
  const status = error instanceof ApiError ? error.status : 0;
  return (
    <PageAlert
      tone="error"
      title={
        status === 403
          ? 'You do not have access to this healthcare service'
          : status === 404
            ? 'Healthcare service not found'
            : 'We could not load this healthcare service'
      }
    >
      <Text as="p">Check the link, or choose a business from Businesses.</Text>
    </PageAlert>
  );
}

function Details({ service }: { service: HealthcareServiceDetail }) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const mutation = useUpdateHealthcareService(service.id);
  if (editing)
    return (
      <HealthcareServiceForm
        heading="Edit healthcare service"
        defaultValues={formValuesOf(service)}
        locationOptions={service.locationOptions}
        saving={mutation.isPending}
        serverError={mutation.error}
        onCancel={() => setEditing(false)}
        onSubmit={(values) =>
          mutation.mutate(values, {
            onSuccess: () => {
              setEditing(false);
              setSaved(true);
            },
          })
        }
      />
    );
  return (
    <Stack gap={1.5}>
      {saved ? (
        <Alert tone="success" title="Healthcare service saved" onClose={() => setSaved(false)} />
      ) : null}
      <ServiceSummary service={service} />
      {service.canEdit ? (
        <div>
          <Button
            variant="secondary"
            onClick={() => {
              mutation.reset();
              setSaved(false);
              setEditing(true);
            }}
          >
            Edit healthcare service
          </Button>
        </div>
      ) : null}
    </Stack>
  );
}

function ViewService({ id }: { id: string }) {
  const [search, setSearch] = useSearchParams();
  const query = useHealthcareService(id);
  if (query.isPending) return <Loading label="Loading healthcare service" />;
  if (query.isError)
    return (
      <Stack gap={1.5}>
        <H1>Healthcare service</H1>
        <LoadError error={query.error} />
      </Stack>
    );
  const s = query.data;
  const tabs: TabItem[] = [
    { label: 'Details', content: <Details service={s} /> },
    { label: 'Practitioners', content: <PractitionersTable rows={s.practitioners} /> },
    { label: 'Partner services', content: <PartnerServicesTable rows={s.partnerServices} /> },
  ];
  return (
    <Stack gap={1.5}>
      <Stack gap={0.5}>
        <H1>Healthcare service</H1>
        <Flex gap={1} alignItems="center" flexWrap="wrap">
          <Text as="p" fontSize="lg" fontWeight="bold">
            {s.name}
          </Text>
          <Chip tone={s.isActive ? 'success' : 'neutral'}>
            {s.isActive ? 'Active' : 'Inactive'}
          </Chip>
        </Flex>
      </Stack>
      <Tabs
        items={tabs}
        activeIndex={tabIndexFor(
          tabs.map((t) => t.label),
          search.get('tab'),
        )}
        onChange={(index) =>
          setSearch(
            (prev) => {
              const next = new URLSearchParams(prev);
              next.set('tab', tabs[index]!.label);
              return next;
            },
            { replace: true },
          )
        }
      />
    </Stack>
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
        <Loading label="Loading organisation" />
      ) : organisation.isError ? (
        <LoadError error={organisation.error} />
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
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  if (id === 'add') {
    const organisationId = search.get('organisationId');
    if (!organisationId)
      return (
        <Stack gap={1.5}>
          <H1>Add a healthcare service</H1>
          <PageAlert tone="error" title="Choose the organisation first">
            <Text as="p">Add a healthcare service from its organisation’s page.</Text>
          </PageAlert>
        </Stack>
      );
    return <AddService organisationId={organisationId} />;
  }
  return <ViewService key={id} id={id} />;
}

export { HealthcareServicePage as Component };

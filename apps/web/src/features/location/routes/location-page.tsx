import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Stack } from '@ag.ds-next/react/stack';
import { Flex } from '@ag.ds-next/react/flex';
import { H1 } from '@ag.ds-next/react/heading';
import { Text } from '@ag.ds-next/react/text';
import { TextLink } from '@ag.ds-next/react/text-link';
import { Button } from '@ag.ds-next/react/button';
import { LoadingBlanket } from '@ag.ds-next/react/loading';
import { PageAlert } from '@ag.ds-next/react/page-alert';
import {
  SummaryList,
  SummaryListItem,
  SummaryListItemDescription,
  SummaryListItemTerm,
} from '@ag.ds-next/react/summary-list';
import { Alert, Chip, Tabs, type TabItem } from '@pca/ui';
import { locationKindLabel, type LocationDetail } from '@pca/contracts';
import { ApiError } from '#lib/http.ts';
import {
  useCreateLocation,
  useLocation,
  useParentOrganisation,
  useUpdateLocation,
} from '../api/location.ts';
import { formValuesOf, LocationForm } from '../components/location-form.tsx';
import { HealthcareServicesTable, PartnerServicesTable } from '#lib/business/business-tables.tsx';
import { locationPath, organisationPath } from '#lib/business/links.ts';
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
          ? 'You do not have access to this location'
          : status === 404
            ? 'Location not found'
            : 'We could not load this location'
      }
    >
      <Text as="p">Check the link, or choose a business from Businesses.</Text>
    </PageAlert>
  );
}

const none = (v: string) => v || 'Not provided';
function Item({ term, value }: { term: string; value: React.ReactNode }) {
  return (
    <SummaryListItem>
      <SummaryListItemTerm>{term}</SummaryListItemTerm>
      <SummaryListItemDescription>{value}</SummaryListItemDescription>
    </SummaryListItem>
  );
}

function Details({ location: l }: { location: LocationDetail }) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const mutation = useUpdateLocation(l.id);
  if (editing)
    return (
      <LocationForm
        heading="Edit location"
        defaultValues={formValuesOf(l)}
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
  const address = [l.addressLine, [l.locality, l.state, l.postcode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    <Stack gap={1.5}>
      {saved ? (
        <Alert tone="success" title="Location saved" onClose={() => setSaved(false)} />
      ) : null}
      <SummaryList>
        <Item
          term="Organisation"
          value={
            <TextLink href={organisationPath(l.organisation.type, l.organisation.id)}>
              {l.organisation.name}
            </TextLink>
          }
        />
        <Item term="Location type" value={locationKindLabel[l.kind]} />
        {l.kind === 'physical' ? <Item term="Address" value={none(address)} /> : null}
        <Item term="Phone" value={none(l.phone)} />
        <Item term="After-hours phone" value={none(l.afterHoursPhone)} />
        <Item term="Email" value={none(l.email)} />
        <Item term="Fax" value={none(l.fax)} />
        <Item term="Website" value={none(l.website)} />
        <Item term="Publish phone numbers" value={l.suppressPhone ? 'No (suppressed)' : 'Yes'} />
        <Item term="Publish email" value={l.suppressEmail ? 'No (suppressed)' : 'Yes'} />
      </SummaryList>
      {l.canEdit ? (
        <div>
          <Button
            variant="secondary"
            onClick={() => {
              mutation.reset();
              setSaved(false);
              setEditing(true);
            }}
          >
            Edit location
          </Button>
        </div>
      ) : null}
    </Stack>
  );
}

function ViewLocation({ id }: { id: string }) {
  const [search, setSearch] = useSearchParams();
  const query = useLocation(id);
  if (query.isPending) return <Loading label="Loading location" />;
  if (query.isError)
    return (
      <Stack gap={1.5}>
        <H1>Location</H1>
        <LoadError error={query.error} />
      </Stack>
    );
  const l = query.data;
  const tabs: TabItem[] = [
    { label: 'Details', content: <Details location={l} /> },
    {
      label: 'Healthcare services',
      content: <HealthcareServicesTable rows={l.healthcareServices} />,
    },
    { label: 'Partner services', content: <PartnerServicesTable rows={l.partnerServices} /> },
  ];
  return (
    <Stack gap={1.5}>
      <Stack gap={0.5}>
        <H1>Location</H1>
        <Flex gap={1} alignItems="center" flexWrap="wrap">
          <Text as="p" fontSize="lg" fontWeight="bold">
            {l.name}
          </Text>
          <Chip tone={l.isActive ? 'success' : 'neutral'}>
            {l.isActive ? 'Active' : 'Inactive'}
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

function AddLocation({ organisationId }: { organisationId: string }) {
  const navigate = useNavigate();
  const organisation = useParentOrganisation(organisationId);
  const mutation = useCreateLocation(organisationId);
  if (organisation.isPending) return <Loading label="Loading organisation" />;
  if (organisation.isError)
    return (
      <Stack gap={1.5}>
        <H1>Add a location</H1>
        <LoadError error={organisation.error} />
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
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  if (id === 'add') {
    const organisationId = search.get('organisationId');
    if (!organisationId)
      return (
        <Stack gap={1.5}>
          <H1>Add a location</H1>
          <PageAlert tone="error" title="Choose the organisation first">
            <Text as="p">Add a location from its organisation’s page.</Text>
          </PageAlert>
        </Stack>
      );
    return <AddLocation organisationId={organisationId} />;
  }
  return <ViewLocation key={id} id={id} />;
}

export { LocationPage as Component };

import { pages, organisationHref } from '@pca/contracts/pages.ts';
import { useNavigate } from 'react-router';
import { TextLink } from '@pca/ui/primitives/text-link.ts';
import { SummaryList } from '@pca/ui/primitives/summary-list.ts';
import { locationKindLabel, type LocationDetail, type OrganisationDetail } from '@pca/contracts';
import { useCreateLocation, useLocation, useUpdateLocation } from '../api/location.ts';
import { formValuesOf, LocationForm } from '../components/location-form.tsx';
import { HealthcareServicesTable } from '#lib/business/business-tables.tsx';
import { PartnerPublicationsTab } from '#lib/publications/partner-publications-tab.tsx';
import { ContactSummaryItems, notProvided, SummaryItem } from '#lib/business/summary.tsx';
import { AddOrViewRoute, EditableDetails, EntityView } from '#lib/business/entity-page.tsx';

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
            <TextLink href={organisationHref(l.organisation.type, l.organisation.id)}>
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
        {
          label: 'Partner services',
          content: <PartnerPublicationsTab level="location" id={l.id} />,
        },
      ]}
    />
  );
}

function AddLocation({ organisation: o }: { organisation: OrganisationDetail }) {
  const navigate = useNavigate();
  const mutation = useCreateLocation(o.id);
  return (
    <LocationForm
      heading="Location details"
      defaultValues={formValuesOf(null)}
      saving={mutation.isPending}
      serverError={mutation.error}
      onCancel={() => void navigate(organisationHref(o.type, o.id))}
      onSubmit={(values) =>
        mutation.mutate(values, {
          onSuccess: ({ id }) => void navigate(pages.locations.view.href({ id: id })),
        })
      }
    />
  );
}

/** A location's page (tabs Details, Healthcare services, Partner services), or /add?organisationId= to add one. */
export function LocationPage() {
  return (
    <AddOrViewRoute
      addHeading="Add a location"
      noun="location"
      addForm={(organisation) => <AddLocation organisation={organisation} />}
      view={(id) => <ViewLocation key={id} id={id} />}
    />
  );
}

export { LocationPage as Component };

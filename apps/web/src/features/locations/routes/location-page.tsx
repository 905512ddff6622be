import { pages, organisationHref } from '@pca/contracts/pages.ts';
import { TextLink } from '@pca/ui/primitives/text-link.ts';
import { SummaryList } from '@pca/ui/primitives/summary-list.ts';
import {
  locationAmenities,
  locationKindLabel,
  type LocationDetail,
  type OrganisationDetail,
} from '@pca/contracts';
import { useCreateLocation, useLocation, useUpdateLocation } from '../api/location.ts';
import { formValuesOf, LocationForm } from '../components/location-form.tsx';
import { HealthcareServicesTable } from '#lib/business/business-tables.tsx';
import { endpointsTab } from '#lib/business/endpoints-tab.tsx';
import { partnerServicesTab } from '#lib/publications/partner-publications-tab.tsx';
import { ContactSummaryItems, notProvided, SummaryItem } from '#lib/business/summary.tsx';
import {
  AddOrViewRoute,
  EditableDetails,
  EntityView,
  useAddFormState,
} from '#lib/business/entity-page.tsx';

function Details({ location: l }: { location: LocationDetail }) {
  const mutation = useUpdateLocation(l.id);
  const address = [l.addressLine, [l.locality, l.state, l.postcode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const postal = l.postalAddressLine
    ? `${l.postalAddressLine}, ${[l.postalLocality, l.postalState, l.postalPostcode].filter(Boolean).join(' ')}`
    : '';
  const amenities = locationAmenities
    .filter((a) => l.amenities.includes(a.code))
    .map((a) => a.label)
    .join(', ');
  return (
    <EditableDetails
      canEdit={l.canEdit}
      editLabel="Edit location"
      savedTitle="Location saved"
      mutation={mutation}
      renderForm={(state) => (
        <LocationForm heading="Edit location" defaultValues={formValuesOf(l)} {...state} />
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
          <SummaryItem term="Postal address">{notProvided(postal)}</SummaryItem>
          {l.kind === 'physical' ? (
            <SummaryItem term="Map position">
              {notProvided(
                l.latitude !== null && l.longitude !== null ? `${l.latitude}, ${l.longitude}` : '',
              )}
            </SummaryItem>
          ) : null}
          <SummaryItem term="Amenities">{notProvided(amenities)}</SummaryItem>
          <ContactSummaryItems contact={l} />
        </SummaryList>
      }
    />
  );
}

function ViewLocation({ id }: { id: string }) {
  return (
    <EntityView
      title="Location"
      noun="location"
      query={useLocation(id)}
      tabs={(l) => [
        { label: 'Details', content: <Details location={l} /> },
        {
          label: 'Healthcare services',
          content: <HealthcareServicesTable rows={l.healthcareServices} />,
        },
        endpointsTab('location', l.id),
        partnerServicesTab('location', l.id),
      ]}
    />
  );
}

function AddLocation({ organisation }: { organisation: OrganisationDetail }) {
  const state = useAddFormState(organisation, useCreateLocation(organisation.id), (id) =>
    pages.locations.view.href({ id }),
  );
  return <LocationForm heading="Location details" defaultValues={formValuesOf(null)} {...state} />;
}

/**
 * A location's page (tabs Details, Healthcare services, Endpoints, Partner services), or /add?organisationId= to
 * add one.
 */
export function LocationPage() {
  return (
    <AddOrViewRoute
      addHeading="Add a location"
      noun="location"
      Add={AddLocation}
      View={ViewLocation}
    />
  );
}

export { LocationPage as Component };

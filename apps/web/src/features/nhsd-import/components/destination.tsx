import type { NhsdAppliesTo, NhsdLocationSearchItem, NhsdService } from '@pca/contracts';
import { nhsdMessages } from '@pca/contracts/nhsd-import-paths.ts';
import { Alert } from '@pca/ui/alert/alert.tsx';
import { SelectField } from '@pca/ui/input-fields/text-field.tsx';
import { Loading } from '@pca/ui/loading/loading.tsx';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { nhsdErrorText, pseudoLocationId, type OrganisationChoice } from '../wizard-state.ts';

/**
 * The pseudo-location's label (docs/decisions/029-nhsd-import-wizard.md): a new location made from the first selected
 * service's own details — its address for a physical service, its practice's name for a mobile or virtual one.
 */
export function pseudoLocationLabel(
  appliesTo: NhsdAppliesTo,
  first: NhsdService | undefined,
): string {
  if (!first) return "Use the service's own address (a new location)";
  if (appliesTo === 'si')
    return `Use the service's own address: a new location at ${first.addressText}`;
  const kind = appliesTo === 'home' ? 'mobile' : 'virtual';
  return `Use the service's own details: a new ${kind} location '${first.organisationName}'`;
}

/** Props of Destination. */
export type DestinationProps = {
  appliesTo: NhsdAppliesTo;
  /** Element id prefix of the fields. */
  idPrefix: string;
  organisations: OrganisationChoice[];
  organisationId: string;
  onOrganisation: (id: string) => void;
  /** The organisation's locations: undefined while loading. */
  locations: NhsdLocationSearchItem[] | undefined;
  locationsError: unknown;
  locationId: string;
  onLocation: (id: string) => void;
  /** The duplicate-type error of the location. */
  locationError: string | null;
  /** The first selected service, named by the pseudo-location. */
  firstService: NhsdService | undefined;
  validation: { busy: boolean; ok: boolean; error: unknown };
};

/**
 * Step 4, where the services import to (docs/product/features.md#nhsd-import): an organisation, then a location of
 * the services' business type or a new one from the service's own address. Choosing a location validates the
 * import; only a validation that succeeded enables 'Import now'.
 */
export function Destination({
  appliesTo,
  idPrefix,
  organisations,
  organisationId,
  onOrganisation,
  locations,
  locationsError,
  locationId,
  onLocation,
  locationError,
  firstService,
  validation,
}: DestinationProps) {
  const chosenLocation = locations?.find((l) => l.locationId === locationId);
  return (
    <Stack gap={1.5}>
      <SelectField
        id={`${idPrefix}-organisation`}
        label="Organisation"
        required
        placeholder="Select an organisation"
        options={organisations.map((o) => ({ value: o.id, label: o.label }))}
        value={organisationId}
        onValueChange={onOrganisation}
        maxWidth="xl"
      />
      {organisationId === '' ? null : locationsError ? (
        <div>
          <Alert tone="error" title={nhsdMessages.locationSearchError}>
            <Text as="p">
              {nhsdErrorText(locationsError, 'Please try again later.', 'the locations')}
            </Text>
          </Alert>
        </div>
      ) : !locations ? (
        <Loading message="Loading locations" />
      ) : (
        <SelectField
          id={`${idPrefix}-location`}
          label="Location"
          hint={
            locations.length === 0
              ? 'This organisation has no location of this type yet.'
              : appliesTo === 'si' && firstService
                ? `Confirm the location the services are delivered from. The services are at ${firstService.addressText}.`
                : 'Confirm the location the services are delivered from'
          }
          required
          placeholder="Select a location"
          options={[
            ...locations.map((l) => ({
              value: l.locationId,
              label: l.addressText ? `${l.name}, ${l.addressText}` : l.name,
            })),
            { value: pseudoLocationId, label: pseudoLocationLabel(appliesTo, firstService) },
          ]}
          value={locationId}
          onValueChange={onLocation}
          message={locationError ?? undefined}
          maxWidth="xl"
        />
      )}
      {/* A select shows only as much of its option as fits: the chosen location's whole address is said here. */}
      {chosenLocation ? (
        <Text as="p" data-testid="chosen-location-address">
          {`${chosenLocation.name}: ${chosenLocation.addressText || 'no address'}`}
        </Text>
      ) : null}
      {locationId === pseudoLocationId && firstService ? (
        <Text as="p">
          {appliesTo === 'si'
            ? `A new location will be made at ${firstService.addressText}, with the service's contact details.`
            : `A new ${appliesTo === 'home' ? 'mobile' : 'virtual'} location will be made from ${firstService.organisationName}'s details.`}
        </Text>
      ) : null}
      {validation.busy ? <Loading message="Checking the services can be imported there" /> : null}
      {validation.ok ? (
        <div>
          <Alert tone="success" title="Ready to import">
            <Text as="p">The selected services can be imported to this location.</Text>
          </Alert>
        </div>
      ) : null}
      {validation.error ? (
        <div>
          <Alert tone="error" title={nhsdMessages.importError}>
            <Text as="p">
              {nhsdErrorText(validation.error, 'Please try again later.', 'this import')}
            </Text>
          </Alert>
        </div>
      ) : null}
    </Stack>
  );
}

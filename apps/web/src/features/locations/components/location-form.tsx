import { useState } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Fieldset } from '@pca/ui/primitives/fieldset.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { SectionAlert } from '@pca/ui/primitives/section-alert.ts';
import { Button, RadioGroup } from '@pca/ui';
import {
  inAustralia,
  locationAmenities,
  LocationInput,
  locationKindLabel,
  type LocationDetail,
} from '@pca/contracts';
import { FormTextField, useFieldId, FormCheckboxGroupField } from '#lib/forms/form-kit.tsx';
import { EntityForm, type EntityFormProps } from '#lib/business/entity-form.tsx';
import { AddressFields, searchLocalities } from '#lib/business/address-fields.tsx';
import { ContactFields } from '#lib/business/contact-fields.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';

/** The form's values for a location. */
export function formValuesOf(l: LocationDetail | null): LocationInput {
  return {
    name: l?.name ?? '',
    kind: l?.kind ?? 'physical',
    addressLine: l?.addressLine ?? '',
    locality: l?.locality ?? '',
    postcode: l?.postcode ?? '',
    state: (l?.state ?? '') as LocationInput['state'],
    phone: l?.phone ?? '',
    afterHoursPhone: l?.afterHoursPhone ?? '',
    email: l?.email ?? '',
    fax: l?.fax ?? '',
    website: l?.website ?? '',
    suppressEmail: l?.suppressEmail ?? false,
    suppressPhone: l?.suppressPhone ?? false,
    amenities: l?.amenities ?? [],
    postalAddressLine: l?.postalAddressLine ?? '',
    postalLocality: l?.postalLocality ?? '',
    postalPostcode: l?.postalPostcode ?? '',
    postalState: (l?.postalState ?? '') as LocationInput['state'],
    latitude: l?.latitude == null ? '' : String(l.latitude),
    longitude: l?.longitude == null ? '' : String(l.longitude),
  };
}

const POSTAL_NAMES = {
  addressLine: 'postalAddressLine',
  locality: 'postalLocality',
  postcode: 'postalPostcode',
  state: 'postalState',
};

/** A typed degree, or null when it is not a number yet. */
const degreeOf = (v: string | undefined) => (v && /^-?\d{1,3}(\.\d+)?$/.test(v) ? Number(v) : null);

/**
 * "Map position (optional)": latitude and longitude, which the suburb's centre from the localities data can fill
 * and the person then corrects. Outside mainland Australia and Tasmania is a warning only
 * (docs/decisions/079-location-amenities-postal-position.md).
 */
function PositionFields({
  form,
  fieldId,
}: {
  form: UseFormReturn<LocationInput>;
  fieldId: (name: string) => string;
}) {
  const c = form.control;
  const [locality, postcode, state, latitude, longitude] = useWatch({
    control: c,
    name: ['locality', 'postcode', 'state', 'latitude', 'longitude'],
  });
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const lat = degreeOf(latitude);
  const lon = degreeOf(longitude);
  const outside = lat !== null && lon !== null && !inAustralia(lat, lon);

  async function fillFromSuburb() {
    if (!locality || !postcode || !state) {
      setNote('Choose the suburb or postcode of the address first.');
      return;
    }
    setBusy(true);
    try {
      const found = (await searchLocalities(`${locality} ${postcode}`)).find(
        (l) =>
          l.locality.toLowerCase() === locality.toLowerCase() &&
          l.postcode === postcode &&
          l.state === state,
      );
      if (!found) {
        setNote('We could not find the centre of that suburb. Enter the position yourself.');
        return;
      }
      const set = { shouldDirty: true, shouldValidate: true };
      form.setValue('latitude', String(found.latitude), set);
      form.setValue('longitude', String(found.longitude), set);
      setNote(
        `Filled with the centre of ${found.fullLocation}. Move it to the location's own position if you know it.`,
      );
    } catch {
      setNote(
        'We could not look up the suburb just now. Try again, or enter the position yourself.',
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Fieldset
      legend="Map position (optional)"
      hint="In decimal degrees, such as -33.8836 and 151.2118. Partners use it to find places near a person."
    >
      <Stack gap={1.5}>
        <FormTextField
          control={c}
          name="latitude"
          fieldId={fieldId}
          label="Latitude"
          maxWidth="md"
          maxLength={20}
        />
        <FormTextField
          control={c}
          name="longitude"
          fieldId={fieldId}
          label="Longitude"
          maxWidth="md"
          maxLength={20}
        />
        <div>
          <Button variant="secondary" onClick={fillFromSuburb} loading={busy}>
            Use the suburb’s centre
          </Button>
        </div>
        <div role="status">{note ? <Text>{note}</Text> : null}</div>
        {outside ? (
          <SectionAlert tone="warningMedium" title="This position is outside mainland Australia">
            <Text>
              Check the latitude and longitude are not swapped and that the latitude starts with a
              minus sign. You can still save it, for example for an external territory.
            </Text>
          </SectionAlert>
        ) : null}
      </Stack>
    </Fieldset>
  );
}

/** Props of LocationForm. */
export type LocationFormProps = EntityFormProps<LocationInput>;

/** Add or edit a location: its type, address (suburb/postcode autocomplete) and contact details. */
export function LocationForm({ defaultValues, ...frame }: LocationFormProps) {
  const fieldId = useFieldId();
  const form = useSchemaForm(LocationInput, {
    defaultValues,
  });
  const c = form.control;
  const kind = useWatch({ control: form.control, name: 'kind' });
  return (
    <EntityForm form={form} fieldId={fieldId} {...frame}>
      <FormTextField
        control={c}
        name="name"
        fieldId={fieldId}
        label="Location name"
        required
        maxWidth="xl"
      />
      <Controller
        control={c}
        name="kind"
        render={({ field }) => (
          <RadioGroup
            label="Location type"
            name={field.name}
            required
            options={(['physical', 'MOBL', 'VI'] as const).map((k) => ({
              value: k,
              label: locationKindLabel[k],
            }))}
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
      {kind === 'physical' ? (
        <Fieldset legend="Address">
          <Stack gap={1.5}>
            <AddressFields form={form} fieldId={fieldId} />
          </Stack>
        </Fieldset>
      ) : null}
      <Fieldset
        legend="Postal address (if different)"
        hint="Where mail for this location should go, such as a PO Box. Leave it empty if mail goes to the address above."
      >
        <Stack gap={1.5}>
          <AddressFields
            form={form}
            fieldId={fieldId}
            names={POSTAL_NAMES}
            lineLabel="Postal address"
            lineHint="For example PO Box 512"
            required={false}
          />
        </Stack>
      </Fieldset>
      {kind === 'physical' ? <PositionFields form={form} fieldId={fieldId} /> : null}
      <FormCheckboxGroupField
        control={c}
        name="amenities"
        label="Amenities"
        hint="What people can find at or near this location."
        options={locationAmenities.map((a) => ({ value: a.code, label: a.label }))}
      />
      <ContactFields control={c} fieldId={fieldId} />
    </EntityForm>
  );
}

import { z } from 'zod';
import {
  addressPartIssues,
  AustralianState,
  BusinessLocationKind,
  EntityContactDetails,
  EntityContactView,
  HealthcareServiceSummary,
  optionalText,
  ParentOrganisationRef,
  requiredText,
  streetAddressFields,
} from './entities.ts';
import { optionalSingleLineText } from './text.ts';
import { validationMessages as m } from './validation.ts';
import { Uuid } from './ids.ts';

/** Locations of an organisation: their kinds, summaries, form input and detail. */
/** API paths of locations. */
export const locationApiPaths = {
  /** POST: add a location to the organisation. */
  create: '/api/organisations/:id/locations',
  /** GET / PATCH one location. */
  location: '/api/locations/:id',
} as const;

/**
 * Amenities a location may list: HCPD's hc-location `amenity` extension binds the NCTS facility-amenity-1 value
 * set (required). Its codes are those HCPD's first snapshot published as its own code system (HCAmenity-cs),
 * which the guide then replaced by the NCTS one, keeping the codes (its example: `wheelchairAccess`)
 * — docs/decisions/079-location-amenities-postal-position.md.
 */
export const FACILITY_AMENITY_SYSTEM =
  'https://healthterminologies.gov.au/fhir/CodeSystem/facility-amenity-1';
export const locationAmenities = [
  ['wheelchairAccess', 'Wheelchair Access', 'Wheelchair access'],
  ['accessibleParking', 'Accessible Parking', 'Accessible parking'],
  ['accessibleFriendlyToilet', 'Accessible Toilet', 'Accessible toilet'],
  ['hearingInductionLoop', 'Hearing Induction Loop', 'Hearing loop'],
  ['ttyFacilities', 'Teletypewriter (TTY) Facilities', 'TTY (teletypewriter)'],
  ['brailleSignage', 'Braille Signage', 'Braille signs'],
  ['accessibleTelephones', 'Accessible Telephones', 'Accessible telephones'],
  ['lowSensorySpace', 'Low Sensory Space', 'Low-sensory space'],
  ['parkingFree', 'Free Parking', 'Free parking'],
  ['parkingPaid', 'Paid Parking', 'Paid parking'],
  ['toilet', 'Toilet', 'Toilets'],
  ['babyChangeFacility', 'Baby Change Facility', 'Baby change room'],
  ['childMindingOrCreche', 'Child Minding or Creche', 'Child minding or crèche'],
  ['publicTelephone', 'Public Telephone', 'Public telephone'],
  ['cafeteria', 'Cafeteria', 'Café or cafeteria'],
].map(([code, display, label]) => ({
  system: FACILITY_AMENITY_SYSTEM,
  code: code!,
  /** The code system's display, served to partners. */
  display: display!,
  /** What the portal's screens call it. */
  label: label!,
}));
const amenityCodes = locationAmenities.map((a) => a.code) as [string, ...string[]];
export const LocationAmenity = z.enum(amenityCodes, { message: 'Select amenities from the list' });

/**
 * Where mainland Australia and Tasmania lie: a map position outside is only a warning, as external territories
 * (Norfolk Island, Christmas Island…) are outside it and still Australian.
 */
export const AUSTRALIA_BOUNDS = { south: -44, north: -9, west: 112, east: 154 } as const;
/** Whether a position lies within AUSTRALIA_BOUNDS. */
export const inAustralia = (latitude: number, longitude: number) =>
  latitude >= AUSTRALIA_BOUNDS.south &&
  latitude <= AUSTRALIA_BOUNDS.north &&
  longitude >= AUSTRALIA_BOUNDS.west &&
  longitude <= AUSTRALIA_BOUNDS.east;

/** A decimal degree as typed ('' for none), within ±`limit`. */
const degrees = (limit: number, message: string) =>
  optionalSingleLineText(20).refine(
    (v) => v === '' || (/^-?\d{1,3}(\.\d+)?$/.test(v) && Math.abs(Number(v)) <= limit),
    message,
  );

/** Location fields shared by create and edit; a physical location needs an address. */
export const LocationInput = z
  .object({
    name: requiredText('Enter the location name'),
    kind: BusinessLocationKind,
    addressLine: optionalText(),
    locality: optionalText(),
    postcode: optionalSingleLineText(4, m.postcodeInvalid),
    state: z.union([AustralianState, z.literal('')]),
    suppressEmail: z.boolean(),
    suppressPhone: z.boolean(),
    // Optional in the body: a client that does not send them leaves them as they were
    // (docs/decisions/079-location-amenities-postal-position.md).
    amenities: z.array(LocationAmenity).max(locationAmenities.length).optional(),
    /** A postal address if different: all '' for none. */
    postalAddressLine: optionalText().optional(),
    postalLocality: optionalText().optional(),
    postalPostcode: optionalSingleLineText(4, m.postcodeInvalid).optional(),
    postalState: z.union([AustralianState, z.literal('')]).optional(),
    /** The map position in decimal degrees (WGS84), both or neither ('' for none). */
    latitude: degrees(90, 'Enter a latitude between -90 and 90').optional(),
    longitude: degrees(180, 'Enter a longitude between -180 and 180').optional(),
  })
  .extend(EntityContactDetails.shape)
  .superRefine((v, ctx) => {
    if (v.postalAddressLine || v.postalLocality || v.postalPostcode || v.postalState)
      addressPartIssues(
        ctx,
        {
          line: v.postalAddressLine,
          locality: v.postalLocality,
          postcode: v.postalPostcode,
          state: v.postalState,
        },
        {
          line: 'postalAddressLine',
          locality: 'postalLocality',
          lineMessage: 'Enter the postal address, such as a PO Box',
        },
      );
    if (!!v.latitude !== !!v.longitude)
      ctx.addIssue({
        code: 'custom',
        path: [v.latitude ? 'longitude' : 'latitude'],
        message: 'Enter both latitude and longitude, or neither',
      });
    if (v.kind === 'physical')
      addressPartIssues(ctx, { line: v.addressLine, ...v }, streetAddressFields);
  });
export type LocationInput = z.infer<typeof LocationInput>;

export const LocationDetail = z.object({
  id: Uuid,
  organisation: ParentOrganisationRef,
  name: z.string(),
  kind: BusinessLocationKind,
  addressLine: z.string(),
  locality: z.string(),
  postcode: z.string(),
  state: z.string(),
  amenities: z.array(z.string()),
  postalAddressLine: z.string(),
  postalLocality: z.string(),
  postalPostcode: z.string(),
  postalState: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  ...EntityContactView.shape,
  isActive: z.boolean(),
  canEdit: z.boolean(),
  healthcareServices: z.array(HealthcareServiceSummary),
});
export type LocationDetail = z.infer<typeof LocationDetail>;

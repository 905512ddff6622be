import { z } from 'zod';
import {
  AustralianState,
  BusinessLocationKind,
  EntityContactDetails,
  EntityContactView,
  HealthcareServiceSummary,
  optionalText,
  ParentOrganisationRef,
  requiredText,
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
  })
  .extend(EntityContactDetails.shape)
  .superRefine((v, ctx) => {
    if (v.kind !== 'physical') return;
    if (!v.addressLine)
      ctx.addIssue({ code: 'custom', path: ['addressLine'], message: 'Enter the street address' });
    if (!v.locality || !v.state || !/^\d{4}$/.test(v.postcode))
      ctx.addIssue({ code: 'custom', path: ['locality'], message: 'Select a suburb or postcode' });
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
  ...EntityContactView.shape,
  isActive: z.boolean(),
  canEdit: z.boolean(),
  healthcareServices: z.array(HealthcareServiceSummary),
});
export type LocationDetail = z.infer<typeof LocationDetail>;

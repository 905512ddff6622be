import { z } from 'zod';
import { optionalSingleLineText, singleLineText } from './text.ts';
import {
  isValidAbn,
  isValidEmail,
  isValidPhone,
  isValidWebsite,
  validationMessages as m,
} from './validation.ts';
import { billingCodes, languageCodes, organisationTypes } from './value-lists.ts';
import { Uuid } from './ids.ts';

/** What organisations, locations and healthcare services share: contact fields, addresses, publications, summaries. */
/** Fills `:id` in one of the paths above. */
export function businessApiPath(template: string, id: string): string {
  return template.replace(':id', encodeURIComponent(id));
}

const optional = (check: (v: string) => boolean, message: string) =>
  optionalSingleLineText(200).refine((v) => v === '' || check(v), message);

/** An optional phone number ('' when not given). */
export const OptionalPhone = optional(isValidPhone, m.phoneInvalid);
/** An optional fax number ('' when not given). */
export const OptionalFax = optional(isValidPhone, m.faxInvalid);
/** An optional email address ('' when not given). */
export const OptionalEmail = optional(isValidEmail, m.emailInvalid);
/** An optional website address ('' when not given). */
export const OptionalWebsite = optional(isValidWebsite, m.websiteInvalid);
/** A required Australian Business Number, checked by its checksum. */
export const Abn = singleLineText({ min: 1, max: 200, required: m.abnRequired })
  .refine(isValidAbn, m.abnInvalid)
  .transform((v) => v.replace(/\s+/g, ''));

export const requiredText = (message: string, max = 200) =>
  singleLineText({ min: 1, max, required: message });
export const optionalText = (max = 200) => optionalSingleLineText(max);

export const AustralianState = z.enum(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA']);

/** Contact details of a location or healthcare service ('' for a channel not given). */
export const EntityContactDetails = z.object({
  phone: OptionalPhone,
  afterHoursPhone: OptionalPhone,
  email: OptionalEmail,
  fax: OptionalFax,
  website: OptionalWebsite,
});
export type EntityContactDetails = z.infer<typeof EntityContactDetails>;

/** A street address with a locality chosen from the localities data. */
export const StreetAddress = z.object({
  addressLine: requiredText('Enter the street address'),
  locality: requiredText('Select a suburb or postcode'),
  postcode: singleLineText({ max: 4, tooLong: m.postcodeInvalid }).regex(
    /^\d{4}$/,
    m.postcodeInvalid,
  ),
  state: AustralianState,
});
export type StreetAddress = z.infer<typeof StreetAddress>;

/**
 * The checks of an address a form keeps as four fields (an optional one, once any part is given): the street
 * line, and a suburb chosen from the list (its locality, state and four-digit postcode), each missing part an
 * issue on its own field.
 */
export function addressPartIssues(
  ctx: z.RefinementCtx,
  address: { line?: string; locality?: string; postcode?: string; state?: string },
  fields: { line: string; locality: string; lineMessage: string },
) {
  if (!address.line)
    ctx.addIssue({ code: 'custom', path: [fields.line], message: fields.lineMessage });
  if (!address.locality || !address.state || !/^\d{4}$/.test(address.postcode ?? ''))
    ctx.addIssue({
      code: 'custom',
      path: [fields.locality],
      message: 'Select a suburb or postcode',
    });
}

/** The street address's fields and wording, for {@link addressPartIssues}. */
export const streetAddressFields = {
  line: 'addressLine',
  locality: 'locality',
  lineMessage: 'Enter the street address',
} as const;

/** Location types as the forms offer them; stored as [] / ['MOBL'] / ['VI']. */
export const BusinessLocationKind = z.enum(['physical', 'MOBL', 'VI']);
export type BusinessLocationKind = z.infer<typeof BusinessLocationKind>;
/** Display label of a location kind. */
export const locationKindLabel: Record<BusinessLocationKind, string> = {
  physical: 'Physical',
  MOBL: 'Mobile',
  VI: 'Virtual',
};

export const LocationSummary = z.object({
  id: Uuid,
  name: z.string(),
  kind: BusinessLocationKind,
  address: z.string(),
  isActive: z.boolean(),
});
export type LocationSummary = z.infer<typeof LocationSummary>;

export const HealthcareServiceSummary = z.object({
  id: Uuid,
  name: z.string(),
  serviceType: z.string(),
  locationName: z.string().nullable(),
  isActive: z.boolean(),
});
export type HealthcareServiceSummary = z.infer<typeof HealthcareServiceSummary>;

export const PractitionerRoleSummary = z.object({
  id: Uuid,
  practitionerName: z.string(),
  healthcareServiceId: Uuid,
  healthcareServiceName: z.string(),
  primaryType: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  isActive: z.boolean(),
});
export type PractitionerRoleSummary = z.infer<typeof PractitionerRoleSummary>;

/** The organisation a location or healthcare service belongs to. */
export const ParentOrganisationRef = z.object({
  id: Uuid,
  name: z.string(),
  type: z.enum(organisationTypes),
});

/** A location's or healthcare service's contact details as shown ('' when not given), with the publish flags. */
export const EntityContactView = z.object({
  phone: z.string(),
  afterHoursPhone: z.string(),
  email: z.string(),
  fax: z.string(),
  website: z.string(),
  suppressEmail: z.boolean(),
  suppressPhone: z.boolean(),
});
export type EntityContactView = z.infer<typeof EntityContactView>;

/** Created entity id. */
export const CreatedEntity = z.object({ id: Uuid });
export type CreatedEntity = z.infer<typeof CreatedEntity>;

/**
 * Codes chosen from a closed list, each at most once (docs/decisions/078-languages-and-billing.md). Optional in an
 * input: a client that does not send the field leaves what is stored as it was.
 */
const codesOf = (codes: readonly string[], message: string) =>
  z
    .array(z.enum(codes as [string, ...string[]], { error: message }))
    .max(codes.length)
    .refine((v) => new Set(v).size === v.length, 'Choose each one once');
/** Languages offered besides English: BCP 47 codes of value-lists.ts's languageOptions. */
export const LanguageCodes = codesOf(languageCodes, 'Choose languages from the list');
/** A healthcare service's billing: codes of value-lists.ts's billingOptions. */
export const BillingCodes = codesOf(billingCodes, 'Choose billing options from the list');

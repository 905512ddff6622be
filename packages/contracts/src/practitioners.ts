import { z } from 'zod';
import { calendarDate } from './dates.ts';
import { constants } from './constants.ts';
import { hpiiMessages, hpiiProblem } from './hpii.ts';
import { optionalSingleLineText, singleLineText } from './text.ts';
import { practitionersPageSize } from './practitioners-paths.ts';
import { Uuid, uuid } from './ids.ts';
import { LanguageCodes } from './entities.ts';
import { OpeningDay, OpeningHoursInput } from './opening-hours.ts';

// Paths, the page size and the list's wording live in practitioners-paths.ts, which the Practitioners page
// loads without zod; they are part of this contract all the same.
export * from './practitioners-paths.ts';

/** Where a service is delivered: a physical site, a mobile service or a virtual one. */
export const OfferingLocationType = z.enum(['Physical', 'Mobile', 'Virtual']);
export type OfferingLocationType = z.infer<typeof OfferingLocationType>;

const isoDate = calendarDate();

/**
 * A role's start date: required. Empty (a date picker cleared) says so; its format is the picker's, not the
 * person's, so "as YYYY-MM-DD" is only for a date sent otherwise.
 */
const startDate = z.string().min(1, 'Enter the start date').pipe(isoDate);

/** A service offering (practitioner role) as listed on the Practitioners page (docs/product/rules.md#entities). */
export const ServiceOffering = z.object({
  id: Uuid,
  healthcareServiceId: Uuid,
  healthcareServiceName: z.string(),
  organisationId: Uuid,
  locationAddress: z.string().nullable(),
  locationType: OfferingLocationType.nullable(),
  primaryType: z.string(),
  startDate: isoDate,
  endDate: isoDate.nullable(),
  isActive: z.boolean(),
  /** Decided on the server: HealthcareServiceManager or OrganisationManager on the role's service. */
  canManage: z.boolean(),
});
export type ServiceOffering = z.infer<typeof ServiceOffering>;

/** A practitioner list item with their service offerings (docs/product/rules.md#entities). */
export const PractitionerListItem = z.object({
  id: Uuid,
  givenName: z.string(),
  familyName: z.string(),
  hpiiIdentifier: z.string().nullable(),
  photoData: z.string().nullable(),
  serviceOfferings: z.array(ServiceOffering),
});
export type PractitionerListItem = z.infer<typeof PractitionerListItem>;

/** The Is active filter values (docs/product/shell.md#practitioners). */
export const IsActiveFilter = z.enum(['all', 'true', 'false']);
export type IsActiveFilter = z.infer<typeof IsActiveFilter>;

/** Query of the service-offerings call: the practitioners filter (docs/product/rules.md#entities) plus a page. */
export const ServiceOfferingsQuery = z.object({
  organisationId: Uuid.optional(),
  isActive: IsActiveFilter.default('all'),
  name: optionalSingleLineText(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(practitionersPageSize),
});
export type ServiceOfferingsQuery = z.input<typeof ServiceOfferingsQuery>;

/** One page of practitioners with their service offerings. */
export const ServiceOfferingsPage = z.object({
  practitioners: z.array(PractitionerListItem),
  /** Practitioners matching every filter. */
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  /** Whether any practitioner is linked to the (filtered) organisation at all, ignoring name and activity. */
  organisationHasPractitioners: z.boolean(),
  /** Whether the caller manages an active healthcare service (the Add practitioner button needs one). */
  hasActiveManageableService: z.boolean(),
});
export type ServiceOfferingsPage = z.infer<typeof ServiceOfferingsPage>;

/** A known practitioner found by name. */
export const PractitionerSummary = z.object({
  id: Uuid,
  givenName: z.string(),
  familyName: z.string(),
  hpiiIdentifier: z.string().nullable(),
});
export type PractitionerSummary = z.infer<typeof PractitionerSummary>;

/** Query of the practitioner name search. */
export const PractitionerSearchQuery = z.object({
  name: singleLineText({ min: 2, max: 100 }),
});

/** Answer of the practitioner name search. */
export const PractitionerSearchResult = z.object({ practitioners: z.array(PractitionerSummary) });
export type PractitionerSearchResult = z.infer<typeof PractitionerSearchResult>;

/**
 * The words of the HPI-I search on Add practitioner (docs/decisions/055-hpii-lookup-and-managing-powers.md),
 * in the style of the register-as-practitioner dialog's (docs/decisions/023-register-as-practitioner.md),
 * about someone else's number.
 */
export const hpiiSearchMessages = {
  hpiiRequired: 'Please enter their HPI-I number',
  hpiiDigits: hpiiMessages.digits,
  hpiiCheckDigit: 'Please check their HPI-I number, the check digit does not match',
  familyNameRequired: 'Please enter their family name',
  givenNameRequired: 'Please enter their given name',
  noMatchTitle: 'No match',
  noMatch:
    'The Healthcare Identifiers Service has no active practitioner with this HPI-I number and these names. Check the number and the names as they are registered with the HI Service, and search again.',
  matchTitle: 'Match found',
  match: (hpii: string, name: string) =>
    `The Healthcare Identifiers Service holds HPI-I ${hpii}, active, for ${name}.`,
  error: 'The Healthcare Identifiers Service could not be reached. Please try again.',
} as const;

/** An HPI-I typed for someone else: required, 16 digits and the Luhn check digit, one message at a time. */
const searchedHpii = singleLineText({
  min: 1,
  max: constants.hpiiLength,
  required: hpiiSearchMessages.hpiiRequired,
  tooLong: hpiiSearchMessages.hpiiDigits,
}).check((ctx) => {
  // Empty and too long already have their message from the text rule above.
  if (ctx.value === '' || ctx.value.length > constants.hpiiLength) return;
  const problem = hpiiProblem(ctx.value);
  if (problem)
    ctx.issues.push({
      code: 'custom',
      message: problem === hpiiMessages.checkDigit ? hpiiSearchMessages.hpiiCheckDigit : problem,
      input: ctx.value,
    });
});

/**
 * An HPI-I search, as the HI Service's own search for a provider: the number with the names
 * (docs/decisions/055-hpii-lookup-and-managing-powers.md). The answer is match or no match only, so a number
 * alone names nobody.
 */
export const HpiiSearch = z.object({
  hpii: searchedHpii,
  familyName: singleLineText({
    min: 1,
    max: 100,
    required: hpiiSearchMessages.familyNameRequired,
  }),
  givenName: singleLineText({ min: 1, max: 100, required: hpiiSearchMessages.givenNameRequired }),
});
export type HpiiSearch = z.input<typeof HpiiSearch>;

/** The answer of an HPI-I search: whether the HI Service holds the number, active, for these names. */
export const HpiiSearchResult = z.object({ match: z.boolean() });
export type HpiiSearchResult = z.infer<typeof HpiiSearchResult>;

/** A healthcare service the caller may add roles to. */
export const RoleServiceOption = z.object({
  id: Uuid,
  name: z.string(),
  organisationId: Uuid,
  organisationName: z.string(),
  isActive: z.boolean(),
});
export type RoleServiceOption = z.infer<typeof RoleServiceOption>;

/** What the role form chooses from. */
export const PractitionerRoleOptions = z.object({
  healthcareServices: z.array(RoleServiceOption),
  roleTypes: z.array(z.string()),
});
export type PractitionerRoleOptions = z.infer<typeof PractitionerRoleOptions>;

const optionalText = optionalSingleLineText(200)
  .transform((v) => (v === '' ? null : v))
  .nullable();

/** Days a week the practitioner works in the role, when given. */
const numberOfDays = z
  .number({ error: 'Enter a number of days from 1 to 7' })
  .int('Enter a whole number of days')
  .min(1, 'Enter a number of days from 1 to 7')
  .max(7, 'Enter a number of days from 1 to 7')
  .nullable();

/**
 * A specialty, chosen from the terminology's clinical-specialty concepts (docs/decisions/077-specialties.md);
 * optional: absent or empty is none.
 */
const specialtyText = optionalText.optional();

/** A role type, chosen from the options' list. */
const roleTypeText = singleLineText({ min: 1, max: 200, required: 'Select a role' });

/**
 * When the practitioner is available in the role (docs/decisions/080-hours-all-day-and-rsg.md): optional,
 * absent leaves the role's hours as they are; every day closed (or none) is no hours of its own.
 */
const availableTime = OpeningHoursInput.optional();

/** The editable fields of a practitioner role (docs/product/features.md: preferredName, numberOfDays, startDate, endDate). */
export const PractitionerRoleFields = z
  .object({
    primaryType: roleTypeText,
    specialty: specialtyText,
    /** Languages the practitioner offers in this role besides English (docs/decisions/078-languages-and-billing.md). */
    languages: LanguageCodes.optional(),
    preferredName: optionalText,
    numberOfDays,
    startDate,
    endDate: isoDate.nullable(),
    availableTime,
  })
  .refine((v) => v.endDate === null || v.endDate >= v.startDate, {
    path: ['endDate'],
    message: 'The end date must be on or after the start date',
  });
export type PractitionerRoleFields = z.input<typeof PractitionerRoleFields>;

/**
 * Body of adding a role: a known practitioner (by id) or one the HI Service matched (the HPI-I with the
 * names searched, checked again; a new practitioner record takes those names).
 */
export const CreatePractitionerRole = z
  .object({
    practitionerId: Uuid.nullable(),
    hiService: HpiiSearch.nullable(),
    healthcareServiceId: uuid('Select a healthcare service'),
    primaryType: roleTypeText,
    specialty: specialtyText,
    /** Languages the practitioner offers in this role besides English (docs/decisions/078-languages-and-billing.md). */
    languages: LanguageCodes.optional(),
    preferredName: optionalText,
    numberOfDays,
    startDate,
    endDate: isoDate.nullable(),
    availableTime,
  })
  .refine((v) => (v.practitionerId === null) !== (v.hiService === null), {
    path: ['practitionerId'],
    message: 'Find a practitioner by HPI-I or by name',
  })
  .refine((v) => v.endDate === null || v.endDate >= v.startDate, {
    path: ['endDate'],
    message: 'The end date must be on or after the start date',
  });
export type CreatePractitionerRole = z.input<typeof CreatePractitionerRole>;

/** Body of editing a role (its service stays: a role belongs to one healthcare service). */
export const UpdatePractitionerRole = PractitionerRoleFields;
export type UpdatePractitionerRole = z.input<typeof UpdatePractitionerRole>;

/** One practitioner role, for the edit and read views. */
export const PractitionerRoleDetail = z.object({
  id: Uuid,
  practitioner: PractitionerSummary,
  healthcareServiceId: Uuid,
  healthcareServiceName: z.string(),
  organisationId: Uuid,
  organisationName: z.string(),
  locationAddress: z.string().nullable(),
  locationType: OfferingLocationType.nullable(),
  primaryType: z.string(),
  specialty: z.string().nullable(),
  /** Language codes (value-lists.ts languageOptions), none when only English. */
  languages: z.array(z.string()),
  preferredName: z.string().nullable(),
  numberOfDays: z.number().int().nullable(),
  startDate: isoDate,
  endDate: isoDate.nullable(),
  /** When the practitioner is available in the role: every day in week order, or [] when it has none. */
  availableTime: z.array(OpeningDay),
  isActive: z.boolean(),
  canManage: z.boolean(),
});
export type PractitionerRoleDetail = z.infer<typeof PractitionerRoleDetail>;

/**
 * What the add and edit pages leave in the history entry when they return to the Practitioners page, which
 * says what was done (docs/product/shell.md#practitioners). Read with this schema: the history entry's
 * state is the browser's, not ours.
 */
export const PractitionerRoleOutcome = z.object({
  outcome: z.enum(['added', 'updated']),
  practitioner: z.string().min(1).max(200),
  service: z.string().min(1).max(200),
});
export type PractitionerRoleOutcome = z.infer<typeof PractitionerRoleOutcome>;

/** The Practitioners page's success message for an outcome. */
export const practitionerRoleOutcomeText = ({
  outcome,
  practitioner,
  service,
}: PractitionerRoleOutcome) =>
  outcome === 'added'
    ? `${practitioner} has been added to ${service}.`
    : `${practitioner}'s role at ${service} has been saved.`;

/** A role is active from its start date until its end date inclusive (spec: future start or past end = inactive). */
export function isRoleActive(
  role: { startDate: string; endDate: string | null },
  today: string,
): boolean {
  return role.startDate <= today && (role.endDate === null || role.endDate >= today);
}

// One formatter for every call: constructing an Intl.DateTimeFormat costs far more than formatting.
const sydneyDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Australia/Sydney',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's calendar date in Australia (Sydney), as YYYY-MM-DD. */
export function australianToday(now: Date = new Date()): string {
  return sydneyDate.format(now);
}

import { z } from 'zod';
import { OrganisationStatus, OrganisationType, PublisherApprovalStatus } from './organisations.ts';
import { RoleType } from './roles.ts';
import {
  isValidAbn,
  isValidEmail,
  isValidPhone,
  isValidWebsite,
  validationMessages as m,
} from './validation.ts';
import { multiLineText, optionalSingleLineText, singleLineText } from './text.ts';

/** API paths of businesses: organisations, locations, healthcare services, registration and approval. */
export const businessApiPaths = {
  /** GET: an organisation with its tabs' data; PATCH: edit its details. */
  organisation: '/api/organisations/:id',
  /** POST: add a location to the organisation. */
  organisationLocations: '/api/organisations/:id/locations',
  /** POST: add a healthcare service to the organisation. */
  organisationHealthcareServices: '/api/organisations/:id/healthcare-services',
  /** GET / PATCH one location. */
  location: '/api/locations/:id',
  /** GET / PATCH one healthcare service. */
  healthcareService: '/api/healthcare-services/:id',
  /** GET ?q=: suburb or postcode completions (at least 3 characters). */
  localities: '/api/localities',
  /** POST: start registering a business (business details step). */
  registrations: '/api/business-registrations',
  /** GET: a registration in progress; PUT: save one step. */
  registration: '/api/business-registrations/:id',
  /** POST: submit a registration for approval. */
  registrationSubmit: '/api/business-registrations/:id/submit',
  /** GET: the operator's queue of registrations pending approval. */
  adminRegistrations: '/api/admin/registrations',
  /** POST: approve a pending registration. */
  adminApprove: '/api/admin/registrations/:id/approve',
  /** POST { reason }: decline a pending registration (it returns to Pending Submission). */
  adminDecline: '/api/admin/registrations/:id/decline',
} as const;

/** Fills `:id` in one of the paths above. */
export function businessApiPath(template: string, id: string): string {
  return template.replace(':id', encodeURIComponent(id));
}

/** Minimum characters before the locality autocomplete searches. */
export const LOCALITY_MIN_CHARS = 3;
/** Most completions the locality autocomplete returns. */
export const LOCALITY_LIMIT = 20;

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

const requiredText = (message: string, max = 200) =>
  singleLineText({ min: 1, max, required: message });
const optionalText = (max = 200) => optionalSingleLineText(max);

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

/** One suburb/postcode completion. */
export const LocalityCompletion = z.object({
  id: z.string().uuid(),
  locality: z.string(),
  postcode: z.string(),
  state: z.string(),
  /** "Surry Hills NSW 2010". */
  fullLocation: z.string(),
});
export type LocalityCompletion = z.infer<typeof LocalityCompletion>;
export const LocalitySearchQuery = z.object({ q: optionalSingleLineText(60) });
export const LocalitySearchResult = z.object({ localities: z.array(LocalityCompletion) });
export type LocalitySearchResult = z.infer<typeof LocalitySearchResult>;

/** Where an entity is published (from publication preferences and service subscriptions). */
export const PartnerPublication = z.object({
  partnerServiceId: z.string().uuid(),
  name: z.string(),
  role: z.string(),
  /** Preference: the organisation's standing choice; Subscription: a healthcare service's own. */
  source: z.enum(['Preference', 'Subscription']),
  /** The healthcare service a subscription belongs to (null for a preference). */
  healthcareServiceName: z.string().nullable(),
  publishFuturePractitioners: z.boolean(),
});
export type PartnerPublication = z.infer<typeof PartnerPublication>;

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
  id: z.string().uuid(),
  name: z.string(),
  kind: BusinessLocationKind,
  address: z.string(),
  isActive: z.boolean(),
});
export type LocationSummary = z.infer<typeof LocationSummary>;

export const HealthcareServiceSummary = z.object({
  id: z.string().uuid(),
  name: z.string(),
  serviceType: z.string(),
  locationName: z.string().nullable(),
  isActive: z.boolean(),
});
export type HealthcareServiceSummary = z.infer<typeof HealthcareServiceSummary>;

export const PractitionerRoleSummary = z.object({
  id: z.string().uuid(),
  practitionerName: z.string(),
  healthcareServiceId: z.string().uuid(),
  healthcareServiceName: z.string(),
  primaryType: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  isActive: z.boolean(),
});
export type PractitionerRoleSummary = z.infer<typeof PractitionerRoleSummary>;

export const OrganisationSummary = z.object({
  id: z.string().uuid(),
  name: z.string(),
  hpio: z.string().nullable(),
  status: OrganisationStatus,
});
export type OrganisationSummary = z.infer<typeof OrganisationSummary>;

/** An organisation with everything its tabs show. */
export const OrganisationDetail = z.object({
  id: z.string().uuid(),
  type: OrganisationType,
  parent: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
  name: z.string(),
  alias: z.string().nullable(),
  businessName: z.string().nullable(),
  abn: z.string().nullable(),
  hpio: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  fax: z.string().nullable(),
  website: z.string().nullable(),
  isPublisher: z.boolean(),
  publisherApprovalStatus: PublisherApprovalStatus.nullable(),
  status: OrganisationStatus,
  dateCreated: z.string(),
  effectiveRoles: z.array(RoleType),
  /** OrganisationManager here or on an ancestor. */
  canEdit: z.boolean(),
  hiOrganisations: z.array(OrganisationSummary),
  locations: z.array(LocationSummary),
  healthcareServices: z.array(HealthcareServiceSummary),
  practitioners: z.array(PractitionerRoleSummary),
  partnerServices: z.array(PartnerPublication),
});
export type OrganisationDetail = z.infer<typeof OrganisationDetail>;

/** Editable organisation details. */
export const OrganisationUpdate = z.object({
  name: requiredText('Enter the organisation name'),
  alias: optionalText(),
  businessName: optionalText(),
  fax: OptionalFax,
  website: OptionalWebsite,
});
export type OrganisationUpdate = z.infer<typeof OrganisationUpdate>;

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

/** The organisation a location or healthcare service belongs to. */
export const ParentOrganisationRef = z.object({
  id: z.string().uuid(),
  name: z.string(),
  type: OrganisationType,
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

export const LocationDetail = z.object({
  id: z.string().uuid(),
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
  partnerServices: z.array(PartnerPublication),
});
export type LocationDetail = z.infer<typeof LocationDetail>;

export const weekDays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun', 'publicHoliday'] as const;
export const WeekDay = z.enum(weekDays);
export type WeekDay = z.infer<typeof WeekDay>;
/** Display label of a day of the opening hours. */
export const weekDayLabel: Record<WeekDay, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
  publicHoliday: 'Public holidays',
};

const time = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as hh:mm, for example 08:30');
export const OpeningTimeRange = z.object({ opens: time, closes: time });

/** One day of normal opening hours: closed (no ranges), open all day, or open in time ranges. */
export const OpeningDay = z
  .object({ day: WeekDay, allDay: z.boolean(), ranges: z.array(OpeningTimeRange).max(4) })
  .superRefine((v, ctx) => {
    if (v.allDay) return;
    const sorted = v.ranges
      .map((r, index) => ({ ...r, index }))
      .sort((a, b) => a.opens.localeCompare(b.opens));
    for (const r of sorted)
      if (r.closes <= r.opens)
        ctx.addIssue({
          code: 'custom',
          path: ['ranges', r.index, 'closes'],
          message: 'Closing time must be after opening time',
        });
    for (let i = 1; i < sorted.length; i++)
      if (sorted[i]!.opens < sorted[i - 1]!.closes)
        ctx.addIssue({
          code: 'custom',
          path: ['ranges', sorted[i]!.index, 'opens'],
          message: 'Time ranges on the same day must not overlap',
        });
  });
export type OpeningDay = z.infer<typeof OpeningDay>;

export const HealthcareServiceInput = z
  .object({
    name: requiredText('Enter the healthcare service name'),
    serviceType: requiredText('Enter the service type'),
    description: multiLineText({ max: 2000 }),
    locationId: z.string().uuid('Select a location'),
    startDate: z.union([z.iso.date('Enter a valid start date'), z.literal('')]),
    endDate: z.union([z.iso.date('Enter a valid end date'), z.literal('')]),
    suppressEmail: z.boolean(),
    suppressPhone: z.boolean(),
    openingHours: z.array(OpeningDay).max(weekDays.length),
  })
  .extend(EntityContactDetails.shape)
  .superRefine((v, ctx) => {
    if (v.startDate && v.endDate && v.endDate < v.startDate)
      ctx.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: 'End date must be on or after the start date',
      });
    const days = v.openingHours.map((d) => d.day);
    if (new Set(days).size !== days.length)
      ctx.addIssue({ code: 'custom', path: ['openingHours'], message: 'Each day may appear once' });
  });
export type HealthcareServiceInput = z.infer<typeof HealthcareServiceInput>;

export const HealthcareServiceDetail = z.object({
  id: z.string().uuid(),
  organisation: ParentOrganisationRef,
  location: z.object({ id: z.string().uuid(), name: z.string(), address: z.string() }).nullable(),
  name: z.string(),
  serviceType: z.string(),
  description: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  isActive: z.boolean(),
  ...EntityContactView.shape,
  openingHours: z.array(OpeningDay),
  /** Roles the user holds on the service (its organisation's or its own). */
  effectiveRoles: z.array(RoleType),
  canEdit: z.boolean(),
  /** Locations of the organisation the service may move to. */
  locationOptions: z.array(LocationSummary),
  practitioners: z.array(PractitionerRoleSummary),
  partnerServices: z.array(PartnerPublication),
});
export type HealthcareServiceDetail = z.infer<typeof HealthcareServiceDetail>;

/** Created entity id. */
export const CreatedEntity = z.object({ id: z.string().uuid() });
export type CreatedEntity = z.infer<typeof CreatedEntity>;

// Registration wizard (Register a business).

export const registrationSteps = [
  'businessDetails',
  'contactDetails',
  'primaryLocation',
  'agreement',
] as const;
export type RegistrationStep = (typeof registrationSteps)[number];
/** Step titles of the wizard, in order. */
export const registrationStepTitle: Record<RegistrationStep, string> = {
  businessDetails: 'Business details',
  contactDetails: 'Contact details',
  primaryLocation: 'Primary location',
  agreement: 'Participation agreement',
};

export const RegistrationBusinessDetails = z.object({
  legalName: requiredText('Enter the legal name'),
  businessName: requiredText('Enter the business name'),
  abn: Abn,
});
export type RegistrationBusinessDetails = z.input<typeof RegistrationBusinessDetails>;

export const RegistrationContactDetails = z.object({
  phone: OptionalPhone.refine((v) => v !== '', 'Enter the business phone number'),
  email: OptionalEmail.refine((v) => v !== '', 'Enter the business email address'),
  website: OptionalWebsite,
});
export type RegistrationContactDetails = z.input<typeof RegistrationContactDetails>;

export const RegistrationPrimaryLocation = StreetAddress;
export type RegistrationPrimaryLocation = z.input<typeof RegistrationPrimaryLocation>;

export const RegistrationAgreement = z.object({
  agreementAccepted: z.literal(true, {
    error: 'You must accept the participation agreement to continue',
  }),
});
export type RegistrationAgreement = z.input<typeof RegistrationAgreement>;

/** PUT body: one step's fields. */
export const RegistrationStepUpdate = z.discriminatedUnion('step', [
  RegistrationBusinessDetails.extend({ step: z.literal('businessDetails') }),
  RegistrationContactDetails.extend({ step: z.literal('contactDetails') }),
  RegistrationPrimaryLocation.extend({ step: z.literal('primaryLocation') }),
  RegistrationAgreement.extend({ step: z.literal('agreement') }),
]);
export type RegistrationStepUpdate = z.input<typeof RegistrationStepUpdate>;

/** A registration as saved so far ('' where a field is not filled yet). */
export const Registration = z.object({
  id: z.string().uuid(),
  status: PublisherApprovalStatus,
  legalName: z.string(),
  businessName: z.string(),
  abn: z.string(),
  phone: z.string(),
  email: z.string(),
  website: z.string(),
  primaryLocation: StreetAddress.nullable(),
  agreementAccepted: z.boolean(),
  /** The first step not yet complete (agreement when all are). */
  nextStep: z.enum(registrationSteps),
  /** Why an operator last declined it, while it waits to be corrected and resubmitted; else null. */
  declineReason: z.string().nullable(),
});
export type Registration = z.infer<typeof Registration>;

/** One registration in the operator's approval queue. */
export const PendingRegistration = z.object({
  id: z.string().uuid(),
  name: z.string(),
  businessName: z.string().nullable(),
  abn: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  primaryLocation: z.string().nullable(),
  dateCreated: z.string(),
  managers: z.array(z.string()),
});
export type PendingRegistration = z.infer<typeof PendingRegistration>;
export const PendingRegistrations = z.object({ registrations: z.array(PendingRegistration) });
export type PendingRegistrations = z.infer<typeof PendingRegistrations>;

export const DeclineRegistration = z.object({
  reason: multiLineText({ min: 1, max: 1000, required: 'Enter the reason for declining' }),
});
export type DeclineRegistration = z.infer<typeof DeclineRegistration>;

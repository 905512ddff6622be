import { z } from 'zod';
import { calendarDate } from './dates.ts';
import {
  BillingCodes,
  EntityContactDetails,
  LanguageCodes,
  EntityContactView,
  LocationSummary,
  ParentOrganisationRef,
  PractitionerRoleSummary,
  requiredText,
} from './entities.ts';
import { RoleType } from './roles.ts';
import { multiLineText, optionalSingleLineText } from './text.ts';
import { Uuid, uuid } from './ids.ts';
import { OpeningDay, weekDays } from './opening-hours.ts';

/** Healthcare services: summaries, opening hours, form input and detail. */
/** API paths of healthcare services. */
export const healthcareServiceApiPaths = {
  /** POST: add a healthcare service to the organisation. */
  create: '/api/organisations/:id/healthcare-services',
  /** GET / PATCH one healthcare service. */
  healthcareService: '/api/healthcare-services/:id',
} as const;

// Opening hours live in opening-hours.ts (a practitioner role's availability uses them too).
export * from './opening-hours.ts';

export const HealthcareServiceInput = z
  .object({
    name: requiredText('Enter the healthcare service name'),
    serviceType: requiredText('Enter the service type'),
    /** Chosen from the terminology's clinical-specialty concepts (docs/decisions/077-specialties.md); '' is none. */
    specialty: optionalSingleLineText(200).optional(),
    description: multiLineText({ max: 2000 }),
    locationId: uuid('Select a location'),
    startDate: z.union([calendarDate('Enter a valid start date'), z.literal('')]),
    endDate: z.union([calendarDate('Enter a valid end date'), z.literal('')]),
    suppressEmail: z.boolean(),
    suppressPhone: z.boolean(),
    openingHours: z.array(OpeningDay).max(weekDays.length),
    /** Languages the service is offered in besides English (docs/decisions/078-languages-and-billing.md). */
    languages: LanguageCodes.optional(),
    /** How the service bills: bulk billing, mixed, fees, no fee (docs/decisions/078-languages-and-billing.md). */
    billing: BillingCodes.optional(),
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
  id: Uuid,
  organisation: ParentOrganisationRef,
  location: z.object({ id: Uuid, name: z.string(), address: z.string() }).nullable(),
  name: z.string(),
  serviceType: z.string(),
  /** '' when the service has no specialty. */
  specialty: z.string(),
  description: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  isActive: z.boolean(),
  ...EntityContactView.shape,
  openingHours: z.array(OpeningDay),
  /** Language codes (value-lists.ts languageOptions), none when only English. */
  languages: z.array(z.string()),
  /** Billing codes (value-lists.ts billingOptions). */
  billing: z.array(z.string()),
  /** Roles the user holds on the service (its organisation's or its own). */
  effectiveRoles: z.array(RoleType),
  canEdit: z.boolean(),
  /** Locations of the organisation the service may move to. */
  locationOptions: z.array(LocationSummary),
  practitioners: z.array(PractitionerRoleSummary),
});
export type HealthcareServiceDetail = z.infer<typeof HealthcareServiceDetail>;

import { z } from 'zod';
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

/** Healthcare services: summaries, opening hours, form input and detail. */
/** API paths of healthcare services. */
export const healthcareServiceApiPaths = {
  /** POST: add a healthcare service to the organisation. */
  create: '/api/organisations/:id/healthcare-services',
  /** GET / PATCH one healthcare service. */
  healthcareService: '/api/healthcare-services/:id',
} as const;

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
    /** Chosen from the terminology's clinical-specialty concepts (docs/decisions/077-specialties.md); '' is none. */
    specialty: optionalSingleLineText(200).optional(),
    description: multiLineText({ max: 2000 }),
    locationId: uuid('Select a location'),
    startDate: z.union([z.iso.date('Enter a valid start date'), z.literal('')]),
    endDate: z.union([z.iso.date('Enter a valid end date'), z.literal('')]),
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

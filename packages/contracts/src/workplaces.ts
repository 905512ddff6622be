// My workplaces (`/my-workplaces`, docs/decisions/059-my-workplaces.md): where a practitioner works — their roles
// by healthcare service and location, active and past — and a summary of each of those services.
import { z } from 'zod';
import { calendarDate } from './dates.ts';
import { BusinessLocationKind } from './entities.ts';
import { OpeningDay } from './healthcare-services.ts';
import { Uuid } from './ids.ts';
import { organisationTypes, partnerServiceRoles } from './value-lists.ts';
import { workplaceRoleStatuses } from './workplaces-paths.ts';

export * from './workplaces-paths.ts';

const isoDate = calendarDate();

/** Whom the pages are about: the caller's own practitioner record, or the one a delegate manages. */
export const WorkplacePractitioner = z.object({
  id: Uuid,
  givenName: z.string(),
  familyName: z.string(),
});

/** One of the practitioner's roles at a healthcare service. */
export const WorkplaceRole = z.object({
  id: Uuid,
  primaryType: z.string(),
  preferredName: z.string().nullable(),
  numberOfDays: z.number().int().nullable(),
  startDate: isoDate,
  endDate: isoDate.nullable(),
  status: z.enum(workplaceRoleStatuses),
});
export type WorkplaceRole = z.infer<typeof WorkplaceRole>;

/** A healthcare service with its organisation, business and location, as both pages name it. */
export const WorkplaceService = z.object({
  id: Uuid,
  name: z.string(),
  serviceType: z.string(),
  organisation: z.object({ id: Uuid, name: z.string(), type: z.enum(organisationTypes) }),
  /** The participating organisation above it (the service's own organisation when it is one). */
  business: z.object({ id: Uuid, name: z.string() }),
  location: z
    .object({ id: Uuid, name: z.string(), kind: BusinessLocationKind, address: z.string() })
    .nullable(),
});
export type WorkplaceService = z.infer<typeof WorkplaceService>;

/** One healthcare service where the practitioner works or worked, with their roles there. */
export const Workplace = z.object({
  service: WorkplaceService,
  roles: z.array(WorkplaceRole),
});
export type Workplace = z.infer<typeof Workplace>;

/** The list: active roles and past (ended or inactive) ones, each grouped by healthcare service. */
export const Workplaces = z.object({
  practitioner: WorkplacePractitioner,
  /** True when a delegate is acting for the practitioner. */
  managing: z.boolean(),
  active: z.array(Workplace),
  past: z.array(Workplace),
});
export type Workplaces = z.infer<typeof Workplaces>;

/** A partner service the healthcare service is published to, and the level whose choice applies. */
export const WorkplacePublication = z.object({
  partner: z.object({ id: Uuid, name: z.string(), role: z.enum(partnerServiceRoles) }),
  from: z.object({
    level: z.enum(['healthcare-service', 'location', 'organisation']),
    name: z.string(),
  }),
});
export type WorkplacePublication = z.infer<typeof WorkplacePublication>;

/** The summary of one healthcare service the practitioner holds or held a role at. */
export const WorkplaceServiceSummary = z.object({
  practitioner: WorkplacePractitioner,
  managing: z.boolean(),
  service: WorkplaceService.extend({
    description: z.string(),
    startDate: isoDate.nullable(),
    endDate: isoDate.nullable(),
    isActive: z.boolean(),
    openingHours: z.array(OpeningDay),
    contact: z.object({
      phone: z.string(),
      afterHoursPhone: z.string(),
      email: z.string(),
      fax: z.string(),
      website: z.string(),
      suppressEmail: z.boolean(),
      suppressPhone: z.boolean(),
    }),
  }),
  roles: z.array(WorkplaceRole),
  publications: z.array(WorkplacePublication),
});
export type WorkplaceServiceSummary = z.infer<typeof WorkplaceServiceSummary>;

/** Path parameters of one service. */
export const WorkplaceServiceParams = z.object({ id: Uuid });

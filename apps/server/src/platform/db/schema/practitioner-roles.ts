import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns.ts';
import { healthcareServices, type OpeningHours } from './healthcare-services.ts';
import { ownerPractitionerId } from './practitioners.ts';

/** A practitioner's service offering at a healthcare service; active while today is within its dates. */
export const practitionerRoles = pgTable(
  'practitioner_roles',
  {
    id: id(),
    practitionerId: ownerPractitionerId(),
    healthcareServiceId: uuid('healthcare_service_id')
      .notNull()
      .references(() => healthcareServices.id, { onDelete: 'cascade' }),
    primaryType: text('primary_type').notNull(),
    // The role's specialty as words matched to the terminology's clinical-specialty concepts, like the type
    // (docs/decisions/077-specialties.md); null when none is given.
    specialty: text('specialty'),
    // Languages the practitioner offers in this role besides English (BCP 47 codes, the contracts' list;
    // docs/decisions/078-languages-and-billing.md); none by default.
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    preferredName: text('preferred_name'),
    numberOfDays: integer('number_of_days'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    // When the practitioner is available in this role, stored as a service's opening hours are; none ([])
    // is "no hours of its own", never the service's (docs/decisions/080-hours-all-day-and-rsg.md).
    availableTime: jsonb('available_time').$type<OpeningHours[]>().notNull().default([]),
    createdAt: createdAt(),
    // The last save of any of its fields (an edit, an import), served as the partner API's lastUpdated so a
    // partner reading `_lastUpdated=gt…` sees the change.
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('practitioner_roles_practitioner_id_idx').on(t.practitionerId),
    // A service's roles in the partner API's page order: a role search reads a page's worth per service
    // (docs/decisions/031-fhir-partner-api.md); lookups by service alone use its first column.
    index('practitioner_roles_service_start_idx').on(t.healthcareServiceId, t.startDate, t.id),
  ],
);

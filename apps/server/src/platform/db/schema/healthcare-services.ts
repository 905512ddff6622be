import { sql } from 'drizzle-orm';
import { date, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, contactDetails, createdAt, id, suppressFlags } from './columns.ts';
import { locations } from './locations.ts';
import { organisations } from './organisations.ts';

/** One opening period of a healthcare service, e.g. Monday 08:00-18:00. */
export interface OpeningHours {
  day: 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun' | 'publicHoliday';
  opens: string;
  closes: string;
}

/** Services an organisation offers at a location; practitioners work in them through roles. */
export const healthcareServices = pgTable(
  'healthcare_services',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id').references(() => locations.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    serviceType: text('service_type').notNull(),
    // The service's specialty as words matched to the terminology's clinical-specialty concepts
    // (docs/decisions/077-specialties.md); null when none is given.
    specialty: text('specialty'),
    description: text('description'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    ...contactDetails(),
    ...suppressFlags(),
    openingHours: jsonb('opening_hours').$type<OpeningHours[]>().notNull().default([]),
    // Languages offered besides English (BCP 47 codes) and how the service bills (service provision codes),
    // from the contracts' closed lists (docs/decisions/078-languages-and-billing.md); none by default.
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    billing: text('billing')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // Set when imported from the NHSD, so a second import of the same directory entry is refused.
    nhsdResourceIdentifier: text('nhsd_resource_identifier').unique(),
    // When someone last saved or confirmed the details: 120 days later the reminder job asks them to
    // confirm they are still current (docs/decisions/027-reminders.md).
    detailsVerifiedAt: at('details_verified_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('healthcare_services_organisation_id_idx').on(t.organisationId),
    index('healthcare_services_location_id_idx').on(t.locationId),
  ],
);

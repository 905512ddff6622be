import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, contactDetails, createdAt, id, suppressFlags } from './columns.ts';
import type { locationTypeCodes } from './enums.ts';
import { organisations } from './organisations.ts';

/** Where an organisation delivers services; type codes: empty = physical, MOBL = mobile, VI = virtual. */
export const locations = pgTable(
  'locations',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type')
      .array()
      .$type<(typeof locationTypeCodes)[number][]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    addressLines: text('address_lines')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    locality: text('locality'),
    postcode: text('postcode'),
    state: text('state'),
    ...contactDetails(),
    ...suppressFlags(),
    isActive: boolean('is_active').notNull().default(true),
    // When someone last saved or confirmed the details: 120 days later the reminder job asks them to
    // confirm they are still current (docs/decisions/027-reminders.md).
    detailsVerifiedAt: at('details_verified_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('locations_organisation_id_idx').on(t.organisationId)],
);

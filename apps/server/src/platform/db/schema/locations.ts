import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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
    // What HCPD's hc-location carries beyond the address (docs/decisions/079-location-amenities-postal-position.md):
    // amenity codes of the facility-amenity list (contracts/locations.ts), a postal address if different
    // (all four set or none), and a map position (both or neither).
    amenities: text('amenities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    postalAddressLine: text('postal_address_line'),
    postalLocality: text('postal_locality'),
    postalPostcode: text('postal_postcode'),
    postalState: text('postal_state'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    isActive: boolean('is_active').notNull().default(true),
    // When someone last saved or confirmed the details: 120 days later the reminder job asks them to
    // confirm they are still current (docs/decisions/027-reminders.md).
    detailsVerifiedAt: at('details_verified_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('locations_organisation_id_idx').on(t.organisationId),
    check(
      'locations_position_check',
      sql`(${t.latitude} is null) = (${t.longitude} is null) and ${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180`,
    ),
  ],
);

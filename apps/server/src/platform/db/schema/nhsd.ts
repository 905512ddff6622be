import { sql } from 'drizzle-orm';
import { check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { id, inList } from './columns.ts';
import { nhsdAppliesTo } from './enums.ts';

/** The local copy of the National Health Services Directory that the import wizard searches. */
export const nhsdServices = pgTable(
  'nhsd_services',
  {
    id: id(),
    nhsdResourceIdentifier: text('nhsd_resource_identifier').notNull().unique(),
    name: text('name').notNull(),
    serviceTypes: text('service_types').array().notNull(),
    organisationName: text('organisation_name').notNull(),
    addressLines: text('address_lines')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    city: text('city').notNull(),
    postcode: text('postcode').notNull(),
    state: text('state').notNull(),
    // Business type the entry is found under: si (site), home (home visits) or virtual.
    appliesTo: text('applies_to', { enum: nhsdAppliesTo }).notNull(),
    phone: text('phone'),
    email: text('email'),
    website: text('website'),
    // What a name search matches: the service's and the organisation's names, lower-cased once when written
    // rather than on every search (docs/benchmarks/nhsd.md).
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(name || ' ' || organisation_name)`),
  },
  (t) => [
    index('nhsd_services_city_idx').on(sql`lower(${t.city})`),
    index('nhsd_services_postcode_idx').on(t.postcode),
    index('nhsd_services_service_types_idx').using('gin', t.serviceTypes),
    // A name search (home, virtual) walks one business type in the order it answers, testing search_text, and
    // stops at the search limit: never the whole directory (docs/benchmarks/nhsd.md).
    index('nhsd_services_applies_to_name_idx').on(t.appliesTo, t.name, t.nhsdResourceIdentifier),
    check('nhsd_services_applies_to_check', sql.raw(`applies_to IN (${inList(nhsdAppliesTo)})`)),
  ],
);

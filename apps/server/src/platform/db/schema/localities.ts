import { sql } from 'drizzle-orm';
import { doublePrecision, index, pgTable, text } from 'drizzle-orm/pg-core';
import { id } from './columns.ts';

/** Australian localities (suburbs) for location autocomplete and coverage areas. */
export const localities = pgTable(
  'localities',
  {
    id: id(),
    locality: text('locality').notNull(),
    postcode: text('postcode').notNull(),
    state: text('state').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
  },
  (t) => [
    // text_pattern_ops lets `lower(locality) LIKE 'abc%'` use the index whatever the collation.
    index('localities_locality_prefix_idx').on(sql`lower(${t.locality}) text_pattern_ops`),
    index('localities_postcode_idx').on(t.postcode),
  ],
);

import { integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns.ts';

/** Named code lists the SPA loads once (service types, professions, states...). */
export const valueSets = pgTable('value_sets', {
  id: id(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

/** The concepts of a value set, in display order. */
export const valueSetConcepts = pgTable(
  'value_set_concepts',
  {
    id: id(),
    valueSetId: uuid('value_set_id')
      .notNull()
      .references(() => valueSets.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    display: text('display').notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [unique('value_set_concepts_code_unique').on(t.valueSetId, t.code)],
);

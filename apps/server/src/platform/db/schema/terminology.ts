import { sql, type SQL } from 'drizzle-orm';
import { check, index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, inList } from './columns.ts';

/** The value sets of the terminology (the contracts' TerminologyValueSet). */
const terminologyValueSetCodes = [
  'service-type',
  'practitioner-role',
  'clinical-specialty',
] as const;

/**
 * SNOMED CT-AU concepts of the value sets HCPD and AU PD bind (docs/decisions/071-terminology-and-codes.md):
 * one row a concept of a value set, with where the code was taken from.
 */
export const terminologyConcepts = pgTable(
  'terminology_concepts',
  {
    id: id(),
    valueSet: text('value_set').notNull(),
    system: text('system').notNull(),
    code: text('code').notNull(),
    display: text('display').notNull(),
    /** Where the code was taken from (an IG's source file, or its published example). */
    source: text('source').notNull(),
  },
  (t) => [
    unique('terminology_concepts_value_set_code_unique').on(t.valueSet, t.code),
    check(
      'terminology_concepts_value_set_check',
      sql.raw(`value_set in (${inList(terminologyValueSetCodes)})`),
    ),
  ],
);

/**
 * The texts people entered matched to concepts: each concept's display (exact, case and spacing aside), a
 * small reviewed list of synonyms, and what an operator mapped. `text_key` is the text as terminologyKey
 * compares it (lower case, spacing collapsed): the partner API codes a service or role by this one lookup, so
 * an operator's mapping applies to every record with that text at once.
 */
export const terminologyMappings = pgTable(
  'terminology_mappings',
  {
    id: id(),
    valueSet: text('value_set').notNull(),
    textKey: text('text_key').notNull(),
    conceptId: uuid('concept_id')
      .notNull()
      .references(() => terminologyConcepts.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['display', 'synonym', 'operator'] }).notNull(),
    /** The operator who mapped it (null for the seeded displays and synonyms). */
    mappedBy: uuid('mapped_by'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('terminology_mappings_value_set_text_unique').on(t.valueSet, t.textKey),
    index('terminology_mappings_concept_idx').on(t.conceptId),
  ],
);

/** SQL of terminologyKey over a text column: how the database compares a text with `text_key`. */
export const terminologyKeyOf = (column: SQL) =>
  sql`lower(regexp_replace(btrim(${column}), '\\s+', ' ', 'g'))`;

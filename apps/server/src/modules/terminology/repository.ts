import { asc, eq, sql } from 'drizzle-orm';
import type { TerminologyValueSet } from '@pca/contracts';
import type { Database, Transaction } from '#db/client.ts';
import { terminologyConcepts, terminologyKeyOf, terminologyMappings } from '#db/schema/index.ts';

/** The texts in use of each value set: the column that holds them. */
const TEXTS_IN_USE: Record<
  Exclude<TerminologyValueSet, 'clinical-specialty'>,
  ReturnType<typeof sql>
> = {
  'service-type': sql`select service_type as text from healthcare_services`,
  'practitioner-role': sql`select primary_type as text from practitioner_roles`,
};

export function terminologyRepository(db: Database | Transaction) {
  return {
    concepts: (valueSet: TerminologyValueSet) =>
      db
        .select({
          id: terminologyConcepts.id,
          valueSet: terminologyConcepts.valueSet,
          system: terminologyConcepts.system,
          code: terminologyConcepts.code,
          display: terminologyConcepts.display,
        })
        .from(terminologyConcepts)
        .where(eq(terminologyConcepts.valueSet, valueSet))
        .orderBy(asc(terminologyConcepts.display)),

    async concept(id: string) {
      const [row] = await db
        .select()
        .from(terminologyConcepts)
        .where(eq(terminologyConcepts.id, id));
      return row;
    },

    /**
     * Each value set's texts in use with how many records hold them, and whether a mapping matches them: one
     * statement a value set, grouped by the compared form of the text (its most used spelling shown).
     */
    async usage(valueSet: keyof typeof TEXTS_IN_USE) {
      const result = (await db.execute(sql`
        with used as (${TEXTS_IN_USE[valueSet]}),
        grouped as (
          select ${terminologyKeyOf(sql`text`)} as key, text, count(*)::int as n from used group by 1, 2
        )
        select min(g.text) filter (where g.n = (select max(n) from grouped g2 where g2.key = g.key)) as text,
          sum(g.n)::int as count,
          exists (select 1 from terminology_mappings m where m.value_set = ${valueSet} and m.text_key = g.key) as matched
        from grouped g group by g.key order by count desc, text`)) as unknown as {
        rows: Array<{ text: string; count: number; matched: boolean }>;
      };
      return result.rows;
    },

    /** Maps a text to a concept; an existing mapping of the same text is replaced. */
    async map(valueSet: TerminologyValueSet, text: string, conceptId: string, mappedBy: string) {
      const key = sql`${terminologyKeyOf(sql`${text}::text`)}`;
      const [row] = await db
        .insert(terminologyMappings)
        .values({ valueSet, textKey: key, conceptId, source: 'operator', mappedBy })
        .onConflictDoUpdate({
          target: [terminologyMappings.valueSet, terminologyMappings.textKey],
          set: { conceptId, source: 'operator', mappedBy, createdAt: sql`now()` },
        })
        .returning({ id: terminologyMappings.id, textKey: terminologyMappings.textKey });
      return row!;
    },
  };
}

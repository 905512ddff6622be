import { and, eq, sql } from 'drizzle-orm';
import type { TerminologyValueSet } from '@pca/contracts';
import type { Database, Transaction } from '#db/client.ts';
import { terminologyConcepts, terminologyKeyOf, terminologyMappings } from '#db/schema/index.ts';

/**
 * The concept a text is matched to in a value set, if any (docs/decisions/071-terminology-and-codes.md): the
 * one lookup the partner API codes a text by, shared by the modules that hold their texts to the terminology.
 */
export async function conceptOfText(
  db: Database | Transaction,
  valueSet: TerminologyValueSet,
  text: string,
) {
  const [row] = await db
    .select({
      id: terminologyConcepts.id,
      code: terminologyConcepts.code,
      display: terminologyConcepts.display,
    })
    .from(terminologyMappings)
    .innerJoin(terminologyConcepts, eq(terminologyConcepts.id, terminologyMappings.conceptId))
    .where(
      and(
        eq(terminologyMappings.valueSet, valueSet),
        eq(terminologyMappings.textKey, terminologyKeyOf(sql`${text}::text`)),
      ),
    );
  return row;
}

/** The service type's concept (healthcare services hold their type to the terminology). */
export const serviceTypeConcept = (db: Database | Transaction, text: string) =>
  conceptOfText(db, 'service-type', text);

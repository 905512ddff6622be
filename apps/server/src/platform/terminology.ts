import { and, eq, sql } from 'drizzle-orm';
import type { TerminologyValueSet } from '@pca/contracts';
import type { Database, Transaction } from '#db/client.ts';
import { ValidationError } from './errors.ts';
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

/** The specialty's concept (roles and services hold their specialty to the terminology, decision 077). */
export const specialtyConcept = (db: Database | Transaction, text: string) =>
  conceptOfText(db, 'clinical-specialty', text);

/**
 * A specialty as stored: trimmed, null for none (empty), the one before when not sent. A new or changed one must match a clinical-specialty concept
 * (400 on `specialty`); one kept as it was stays, matched or not, as service types do
 * (docs/decisions/077-specialties.md).
 */
export async function checkedSpecialty(
  db: Database | Transaction,
  input: string | null | undefined,
  before: string | null,
): Promise<string | null> {
  // A client that does not send the field (it predates it) leaves the specialty as it was.
  if (input === undefined) return before;
  const specialty = input?.trim() || null;
  if (specialty === null || specialty === before) return specialty;
  if (!(await specialtyConcept(db, specialty)))
    throw new ValidationError([
      { field: 'specialty', message: 'Select a specialty from the list' },
    ]);
  return specialty;
}

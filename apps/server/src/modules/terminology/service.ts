import type {
  MapTerm,
  TerminologyConcepts,
  TerminologyValueSet,
  UnmatchedTerms,
} from '@pca/contracts';
import type { Database } from '#db/client.ts';
import { appendAudit } from '#platform/audit.ts';
import { NotFoundError } from '#platform/errors.ts';
import { terminologyRepository } from './repository.ts';

// The terminology (docs/decisions/071-terminology-and-codes.md): the screens' pickers read its concepts, the
// operator sees the texts no concept matches and maps them.

export function terminologyService(db: Database) {
  const repository = terminologyRepository(db);
  return {
    async concepts(valueSet: TerminologyValueSet): Promise<TerminologyConcepts> {
      const concepts = await repository.concepts(valueSet);
      return {
        concepts: concepts.map((c) => ({ ...c, valueSet: c.valueSet as TerminologyValueSet })),
      };
    },

    async unmatched(): Promise<UnmatchedTerms> {
      const terms: UnmatchedTerms['terms'] = [];
      const matched: UnmatchedTerms['matched'] = {};
      for (const valueSet of ['service-type', 'practitioner-role'] as const) {
        const usage = await repository.usage(valueSet);
        matched[valueSet] = usage.filter((u) => u.matched).reduce((n, u) => n + u.count, 0);
        for (const u of usage)
          if (!u.matched) terms.push({ valueSet, text: u.text, count: u.count });
      }
      return { terms, matched };
    },

    /** Maps a text to a concept of the same value set, audited. */
    async map(operatorId: string, input: MapTerm, requestId: string): Promise<void> {
      const concept = await repository.concept(input.conceptId);
      if (!concept || concept.valueSet !== input.valueSet)
        throw new NotFoundError('The concept does not exist in that value set.');
      await db.transaction(async (tx) => {
        const mapping = await terminologyRepository(tx).map(
          input.valueSet,
          input.text,
          concept.id,
          operatorId,
        );
        await appendAudit(tx, {
          actorUserId: operatorId,
          action: 'terminology.mapped',
          entityType: 'TerminologyMapping',
          entityId: mapping.id,
          changedFields: {
            valueSet: input.valueSet,
            text: input.text,
            code: concept.code,
            display: concept.display,
          },
          requestId,
        });
      });
    },
  };
}

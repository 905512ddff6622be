import { useQuery } from '@tanstack/react-query';
import {
  terminologyApiPaths,
  type TerminologyConcepts,
  type TerminologyValueSet,
} from '@pca/contracts';
import { constants } from '@pca/contracts/constants.ts';
import { httpQuery } from './http-query.ts';

/**
 * One value set's concepts (docs/decisions/071-terminology-and-codes.md). Value sets are reference data
 * that no screen changes: an answer serves every picker for an hour without asking the server again, and
 * is kept that long while no picker shows it (the value-set cache of docs/product/rules.md#calls, held in
 * the query cache).
 */
export const terminologyConceptsQueryOptions = (valueSet: TerminologyValueSet) => ({
  ...httpQuery<TerminologyConcepts>(
    ['terminology', 'concepts', valueSet],
    `${terminologyApiPaths.concepts}?valueSet=${valueSet}`,
  ),
  staleTime: constants.valueSetCacheMs,
  gcTime: constants.valueSetCacheMs,
});

/** The concepts of one value set, for a picker. */
export const useTerminologyConcepts = (valueSet: TerminologyValueSet) =>
  useQuery(terminologyConceptsQueryOptions(valueSet));

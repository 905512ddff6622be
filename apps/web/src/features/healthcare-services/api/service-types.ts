import { useQuery } from '@tanstack/react-query';
import { terminologyApiPaths, type TerminologyConcepts } from '@pca/contracts';
import { http } from '#lib/http.ts';

/** The service types a service may have: the terminology's (docs/decisions/071-terminology-and-codes.md). */
export const useServiceTypes = () =>
  useQuery({
    queryKey: ['terminology', 'concepts', 'service-type'],
    queryFn: ({ signal }) =>
      http<TerminologyConcepts>(`${terminologyApiPaths.concepts}?valueSet=service-type`, {
        signal,
      }),
    staleTime: 5 * 60_000,
  });

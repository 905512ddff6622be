import { useMutation } from '@tanstack/react-query';
import {
  practitionerApiPaths,
  type PractitionerSearchResult,
} from '@pca/contracts/practitioners.ts';
import { http } from '#lib/http.ts';

/** Finds known practitioners by name. */
export function searchPractitioners(name: string): Promise<PractitionerSearchResult> {
  return http<PractitionerSearchResult>(
    `${practitionerApiPaths.practitionerSearch}?${new URLSearchParams({ name }).toString()}`,
  );
}

/** A name search started by the user's Search button. */
export function useSearchPractitioners() {
  return useMutation({ mutationFn: searchPractitioners });
}

import { useMutation } from '@tanstack/react-query';
import { practitionerApiPaths } from '@pca/contracts/practitioners-paths.ts';
import type { HpiiSearch, HpiiSearchResult } from '@pca/contracts/practitioners.ts';
import { http } from '#lib/http.ts';

/**
 * Asks the HI Service (through the API) whether it holds this HPI-I for these names: match or no match,
 * nothing more (docs/decisions/055-hpii-lookup-and-managing-powers.md).
 */
export function searchHpii(body: HpiiSearch): Promise<HpiiSearchResult> {
  return http<HpiiSearchResult>(practitionerApiPaths.hiServiceSearch, { method: 'POST', body });
}

/** An HPI-I search started by the user's Search button. */
export function useSearchHpii() {
  return useMutation({ mutationFn: searchHpii });
}

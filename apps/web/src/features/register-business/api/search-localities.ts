import { businessApiPaths, type LocalitySearchResult } from '@pca/contracts';
import { http } from '#lib/http.ts';

/** Suburb/postcode completions for the typed text (the API answers none under 3 characters). */
export async function searchLocalities(q: string, signal?: AbortSignal) {
  const url = `${businessApiPaths.localities}?q=${encodeURIComponent(q)}`;
  return (await http<LocalitySearchResult>(url, { signal })).localities;
}

import { z } from 'zod';
import { optionalSingleLineText } from './text.ts';
import { Uuid } from './ids.ts';

/** Suburb and postcode completions for address fields. */
/** API paths of the localities lookup. */
export const localityApiPaths = {
  /** GET ?q=: suburb or postcode completions (at least 3 characters). */
  search: '/api/localities',
} as const;

/** Minimum characters before the locality autocomplete searches. */
export const LOCALITY_MIN_CHARS = 3;
/** Most completions the locality autocomplete returns. */
export const LOCALITY_LIMIT = 20;

/** One suburb/postcode completion. */
export const LocalityCompletion = z.object({
  id: Uuid,
  locality: z.string(),
  postcode: z.string(),
  state: z.string(),
  /** "Surry Hills NSW 2010". */
  fullLocation: z.string(),
  /** The locality's centre (WGS84), which a location's map position may start from. */
  latitude: z.number(),
  longitude: z.number(),
});
export type LocalityCompletion = z.infer<typeof LocalityCompletion>;
export const LocalitySearchQuery = z.object({ q: optionalSingleLineText(60) });
export const LocalitySearchResult = z.object({ localities: z.array(LocalityCompletion) });
export type LocalitySearchResult = z.infer<typeof LocalitySearchResult>;

/** What a page tells the list when it returns to it: the change made and the partner's name. */
export interface PublicationOutcome {
  outcome: 'added' | 'updated' | 'removed';
  partnerName: string;
}

/** The outcome carried in the history entry's state, if it is one. */
export function outcomeOf(state: unknown): PublicationOutcome | null {
  if (typeof state !== 'object' || state === null) return null;
  const { outcome, partnerName } = state as Record<string, unknown>;
  if (
    (outcome === 'added' || outcome === 'updated' || outcome === 'removed') &&
    typeof partnerName === 'string'
  )
    return { outcome, partnerName };
  return null;
}

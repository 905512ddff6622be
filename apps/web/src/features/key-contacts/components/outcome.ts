/** What a key contact page tells the list when it returns to it: the change and the contact's name. */
export interface KeyContactOutcome {
  outcome: 'added' | 'updated';
  name: string;
}

/** The outcome carried in the history entry's state, if it is one. */
export function outcomeOf(state: unknown): KeyContactOutcome | null {
  if (typeof state !== 'object' || state === null) return null;
  const { outcome, name } = state as Record<string, unknown>;
  if ((outcome === 'added' || outcome === 'updated') && typeof name === 'string')
    return { outcome, name };
  return null;
}

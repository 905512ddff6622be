import { outcomeReader } from '#lib/history-outcome.tsx';

/** What a page tells the list when it returns to it: the change made and the partner's name. */
export interface PublicationOutcome {
  outcome: 'added' | 'updated' | 'removed';
  partnerName: string;
}

/** The outcome carried in the history entry's state, if it is one. */
export const outcomeOf: (state: unknown) => PublicationOutcome | null = outcomeReader(
  ['added', 'updated', 'removed'],
  'partnerName',
);

import type { DelegationOutcome } from '@pca/contracts';

/**
 * The navigation state the delegation pages hand each other (docs/product/features.md#delegation): an object
 * with these string fields, or null when the page was opened without it (a reload, a typed address).
 */
function stringState<K extends string>(
  state: unknown,
  keys: readonly K[],
): Record<K, string> | null {
  if (typeof state !== 'object' || state === null) return null;
  const s = state as Record<string, unknown>;
  return keys.every((k) => typeof s[k] === 'string') ? (s as Record<K, string>) : null;
}

/** What a delegation page hands the delegates list when it navigates there: what happened, to whom. */
export type OutcomeState = { outcome: DelegationOutcome; givenName: string; email: string };

/** The outcome carried in the list's navigation state, if it is one. */
export const outcomeOf = (state: unknown) =>
  stringState(state, ['outcome', 'givenName', 'email']) as OutcomeState | null;

/** What the resend page needs in its navigation state. */
export type ResendState = {
  authIdentifier: string;
  email: string;
  familyName: string;
  givenName: string;
};

/** The resend page's state, or null (then it sends the user to the list). */
export const resendStateOf = (state: unknown): ResendState | null =>
  stringState(state, ['authIdentifier', 'email', 'familyName', 'givenName']);

/** What the stop page needs in its navigation state. */
export type StopState = { givenName: string; email: string };

/** The stop page's state, or null. */
export const stopStateOf = (state: unknown): StopState | null =>
  stringState(state, ['givenName', 'email']);

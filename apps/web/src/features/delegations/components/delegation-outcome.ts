import type { DelegationOutcome } from '@pca/contracts';

/** What a delegation page hands the delegates list when it navigates there: what happened, to whom. */
export type OutcomeState = { outcome: DelegationOutcome; givenName: string; email: string };

/** The outcome carried in the list's navigation state, if it is one. */
export function outcomeOf(state: unknown): OutcomeState | null {
  const s = state as Partial<OutcomeState> | null;
  return s &&
    typeof s.outcome === 'string' &&
    typeof s.givenName === 'string' &&
    typeof s.email === 'string'
    ? (s as OutcomeState)
    : null;
}

/** What the resend page needs in its navigation state (docs/product/features.md#delegation). */
export type ResendState = {
  authIdentifier: string;
  email: string;
  familyName: string;
  givenName: string;
};

/** The resend page's state, or null when it came without one (then it sends the user to the list). */
export function resendStateOf(state: unknown): ResendState | null {
  const s = state as Partial<ResendState> | null;
  return s &&
    typeof s.authIdentifier === 'string' &&
    typeof s.email === 'string' &&
    typeof s.familyName === 'string' &&
    typeof s.givenName === 'string'
    ? (s as ResendState)
    : null;
}

/** What the stop page needs in its navigation state (docs/product/features.md#delegation). */
export type StopState = { givenName: string; email: string };

/** The stop page's state, or null. */
export function stopStateOf(state: unknown): StopState | null {
  const s = state as Partial<StopState> | null;
  return s && typeof s.givenName === 'string' && typeof s.email === 'string'
    ? (s as StopState)
    : null;
}

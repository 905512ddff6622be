import { maintenanceMessage } from '@pca/contracts/constants.ts';
import { ApiError } from '../http.ts';

/** What went wrong, as a person needs to know it: each kind asks them to do something different. */
export type ApiErrorKind =
  | 'forbidden'
  | 'not-found'
  | 'maintenance'
  | 'rate-limited'
  | 'session-ended'
  | 'refused'
  | 'failed';

/** What failed, so the message can name it. */
export type ErrorSubject = {
  /**
   * The thing, in lower case, as it reads after 'access to' and 'load': e.g. 'this organisation',
   * 'the practitioners'. A 404 reads '<Thing> does not exist'.
   */
  thing: string;
  /** What was being done with it: load (default), save, remove or withdraw (a transfer). */
  action?: 'load' | 'save' | 'remove' | 'withdraw';
  /** Whom to ask for access after a 403; an administrator of the business unless given. */
  askWhom?: string;
};

/** The message of one error: an alert's tone, title and text, and whether trying again can help. */
export type ErrorDescription = {
  kind: ApiErrorKind;
  tone: 'error' | 'warning';
  title: string;
  detail: string | null;
  /** True only where a retry may succeed on its own (network failures and 5xx other than maintenance). */
  canRetry: boolean;
};

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** '30 seconds', '1 minute', '2 minutes': how long the API asked to wait, rounded up to whole minutes past one. */
export function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** An id's name in a request: `id`, or a name ending in `Id` (`practitionerId`). */
const idField = /^(id|[a-z][A-Za-z0-9]*Id)$/;

/**
 * A 400 whose only invalid fields are ids: on a load (a GET, with no body) these come from the address, and an
 * id that is not even well formed (`/bank-account/add-edit/not-a-uuid`) names nothing, just as an unknown one.
 */
function malformedIdOnly({ status, problem }: ApiError): boolean {
  const errors = problem?.errors ?? [];
  return status === 400 && errors.length > 0 && errors.every((e) => idField.test(e.field));
}

/**
 * Turns any error of an API call into what the person is told (docs/decisions/011-errors-people-see.md):
 * a refusal says who can grant access, a missing thing (or a load by a malformed id) says it does not exist,
 * an outage shows the maintenance message, a rate limit says how long to wait; only network failures and other
 * server errors say to try again later.
 */
export function describeApiError(error: unknown, subject: ErrorSubject): ErrorDescription {
  const { thing, action = 'load', askWhom = 'an administrator of the business' } = subject;
  const failedTitle = `We could not ${action} ${thing}`;
  // Anything but an API answer (fetch rejected: offline, DNS, connection reset) is a network failure.
  if (!(error instanceof ApiError))
    return {
      kind: 'failed',
      tone: 'error',
      title: failedTitle,
      detail: 'Check your internet connection, then try again later.',
      canRetry: true,
    };
  const { status, problem } = error;
  if (status === 403)
    return {
      kind: 'forbidden',
      tone: 'warning',
      title: `You do not have access to ${thing}`,
      detail: `Ask ${askWhom} to give you access.`,
      canRetry: false,
    };
  if (status === 404 || (action === 'load' && malformedIdOnly(error)))
    return {
      kind: 'not-found',
      tone: 'error',
      title: `${capitalised(thing)} does not exist`,
      detail: 'It may have been removed, or the link may be wrong.',
      canRetry: false,
    };
  if (status === 503)
    return {
      kind: 'maintenance',
      tone: 'warning',
      title: maintenanceMessage,
      detail: null,
      canRetry: false,
    };
  if (status === 429)
    return {
      kind: 'rate-limited',
      tone: 'warning',
      title: 'Too many requests',
      detail: `You have made too many requests in a short time. Wait ${waitText(
        error.retryAfterSeconds ?? 60,
      )}, then try again.`,
      canRetry: false,
    };
  if (status === 401)
    return {
      kind: 'session-ended',
      tone: 'warning',
      title: 'Your session has ended',
      detail: 'Sign in again to continue.',
      canRetry: false,
    };
  if (status < 500)
    return {
      kind: 'refused',
      tone: 'error',
      title: failedTitle,
      // The API's own explanation (problem+json detail, else its title) says what to change.
      detail: problem?.detail ?? problem?.title ?? null,
      canRetry: false,
    };
  return {
    kind: 'failed',
    tone: 'error',
    title: failedTitle,
    detail: 'Please try again later. If the problem continues, contact support.',
    canRetry: true,
  };
}

/** True when the error is the API's maintenance answer (503). */
export const isMaintenance = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 503;

/** The description as one or two sentences, for places with room for a line (error summaries, outcome alerts). */
export function describeApiErrorText(error: unknown, subject: ErrorSubject): string {
  const { title, detail } = describeApiError(error, subject);
  return [title, detail]
    .filter((part): part is string => Boolean(part))
    .map((part) => (/[.!?]$/.test(part) ? part : `${part}.`))
    .join(' ');
}

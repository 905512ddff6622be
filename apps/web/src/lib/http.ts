import type { Problem } from '@pca/contracts';
import { ApiError, parseRetryAfter } from './api-error.ts';
import { shellPages } from '@pca/contracts/shell-pages.ts';
import { clearSessionToken, getSessionToken } from './session-token.ts';
import { redirectToLogin } from './login.ts';
import { leaveTo } from './browser-navigation.ts';
import { takeEarlyResponse } from './early-requests.ts';

export { ApiError, parseRetryAfter };

/** Options of one API request. */
export type HttpOptions = {
  /** HTTP method; GET unless given. */
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON when present; a FormData is sent as multipart/form-data, as it is (an upload). */
  body?: unknown;
  /** Aborts the request (TanStack Query passes one to every query function). */
  signal?: AbortSignal;
  /**
   * Whether a 401 sends the browser to sign in (docs/product/rules.md#errors). Only the sign-in and sign-out calls
   * turn this off: their 401 means "that code/session is no good", and re-login would loop.
   */
  redirectOnUnauthorized?: boolean;
};

function isProblem(value: unknown): value is Problem {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.type === 'string' && typeof v.title === 'string' && typeof v.status === 'number';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Calls the portal API: JSON in and out, the session's Bearer token, typed errors, 401 → sign in again. */
export async function http<T>(path: string, options: HttpOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, redirectOnUnauthorized = true } = options;
  const headers: Record<string, string> = { Accept: 'application/json, application/problem+json' };
  const token = getSessionToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const form = body instanceof FormData;
  if (body !== undefined && !form) headers['Content-Type'] = 'application/json';

  const response = await ((method === 'GET' ? takeEarlyResponse(path, token) : undefined) ??
    fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      signal,
    }));
  const payload = await readJson(response);
  if (response.ok) return payload as T;

  throw failure(response, payload, token !== null && redirectOnUnauthorized);
}

/**
 * The error a refused answer throws. A 401 to a request that carried the session's token means the session
 * ended under the user (docs/product/rules.md#errors): the token is dropped and the browser sent to sign in
 * again. A call made with no token comes from a page already signed out, e.g. after the idle logout, which
 * must not redirect (docs/product/rules.md#states).
 */
function failure(response: Response, payload: unknown, redirectOnUnauthorized: boolean): ApiError {
  const error = new ApiError(
    response.status,
    isProblem(payload) ? payload : null,
    parseRetryAfter(response.headers.get('Retry-After')),
  );
  if (response.status === 401 && redirectOnUnauthorized) {
    // The token is missing, expired or revoked: drop it so the UI stops treating the user as signed in.
    clearSessionToken();
    // An operator deactivated the account: signing in again would only be refused, so the inactive-user
    // page says why instead (docs/decisions/063-users.md).
    // 'inactive-user' is INACTIVE_USER_PROBLEM of contracts/auth.ts, which brings zod along: this file is
    // on every page's critical path (docs/decisions/018-critical-path-javascript.md).
    if (error.hasProblemType('inactive-user')) leaveTo(shellPages.auth.inactiveUser.href());
    else redirectToLogin();
  }
  return error;
}

/** The file name an answer's Content-Disposition gives (its UTF-8 form first). */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1]!);
    } catch {
      // Not valid percent-encoding: fall back to the plain name.
    }
  }
  return /filename="([^"]*)"/i.exec(disposition)?.[1] ?? null;
}

/**
 * Downloads a file the API serves as an attachment (a credential document, a CSV), with the session's Bearer
 * token, which a plain link cannot carry: the answer becomes a file the browser saves under the name the
 * API's Content-Disposition gives, else `fallbackName`. A refusal is thrown as http() throws it, a 401
 * included (sign in again).
 */
export async function downloadFile(path: string, fallbackName = 'document'): Promise<void> {
  const token = getSessionToken();
  const response = await fetch(path, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw failure(response, await readJson(response), token !== null);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('Content-Disposition')) ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

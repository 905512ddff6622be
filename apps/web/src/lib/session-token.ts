import { useSyncExternalStore } from 'react';

/** The sessionStorage key holding the opaque API session token. */
export const SESSION_TOKEN_KEY = 'pca.sessionToken';

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** The stored session token, or null when signed out. */
export function getSessionToken(): string | null {
  return window.sessionStorage.getItem(SESSION_TOKEN_KEY);
}

/** Stores the session token returned by the token exchange. */
export function setSessionToken(token: string): void {
  window.sessionStorage.setItem(SESSION_TOKEN_KEY, token);
  notify();
}

/** Forgets the session token (logout, or the API said it is no longer valid). */
export function clearSessionToken(): void {
  window.sessionStorage.removeItem(SESSION_TOKEN_KEY);
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let prerenderedSignedIn = false;

/**
 * Which shell the page the server sent was prerendered with (signed in or not): hydration renders with it,
 * so the markup it adopts matches, and then renders with the stored token (docs/decisions/076-prerendered-shell.md).
 */
export function setPrerenderedSession(signedIn: boolean): void {
  prerenderedSignedIn = signedIn;
}

/** Re-renders when the token is stored or cleared; true while a token is held. */
export function useHasSession(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => getSessionToken() !== null,
    () => prerenderedSignedIn,
  );
}

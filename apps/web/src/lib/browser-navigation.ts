/**
 * Full-document navigation, for places the SPA router cannot go (the API's login redirect, the
 * identity provider's end-session page). One module so tests can observe where the browser was sent.
 */
export function leaveTo(url: string): void {
  window.location.assign(url);
}

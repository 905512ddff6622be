/**
 * How code outside React moves the SPA: the router is created after the query client (which loads on
 * first need, docs/decisions/018-critical-path-javascript.md), so the app registers its router's navigate
 * here once it exists. This module imports nothing, so the signed-out entry can hold it at no cost.
 */
type Navigate = (to: string) => void;

let current: Navigate | undefined;

/** Registers the router's navigate (the app does it once, when it creates its router). */
export function setAppNavigate(navigate: Navigate): void {
  current = navigate;
}

/** The registered navigate, if any. */
export const appNavigate = (): Navigate | undefined => current;

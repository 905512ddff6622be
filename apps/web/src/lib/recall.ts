/** Where to return after login (docs/product/rules.md#entities): path and query string, kept in session storage. */
export type Recall = { path: string; query: string };

/** sessionStorage key of the path to return to after login. */
export const RECALL_URL_KEY = 'pca.recallUrl';
/** sessionStorage key of the query string (with its leading '?', or empty) to return to after login. */
export const RECALL_QUERY_KEY = 'pca.recallQuery';

/** Paths that must never be recalled: returning to them after login would replay a spent code. */
const NEVER_RECALLED = ['/authorization-code/callback', '/smart-authorization-code/callback'];

/** Remembers where the user was so the sign-in callback can bring them back. */
export function storeRecall(path: string, query: string): void {
  if (NEVER_RECALLED.includes(path)) return;
  window.sessionStorage.setItem(RECALL_URL_KEY, path);
  window.sessionStorage.setItem(RECALL_QUERY_KEY, query);
}

/** The stored return path and query; empty strings when nothing is stored. */
export function readRecall(): Recall {
  return {
    path: window.sessionStorage.getItem(RECALL_URL_KEY) ?? '',
    query: window.sessionStorage.getItem(RECALL_QUERY_KEY) ?? '',
  };
}

/** Forgets the stored return path and query (done once sign-in completes). */
export function clearRecall(): void {
  window.sessionStorage.removeItem(RECALL_URL_KEY);
  window.sessionStorage.removeItem(RECALL_QUERY_KEY);
}

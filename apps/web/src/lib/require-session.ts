import { redirectDocument, type LoaderFunctionArgs } from 'react-router';
import { apiPaths } from '@pca/contracts/paths.ts';
import { getSessionToken } from './session-token.ts';
import { storeRecall } from './recall.ts';

/**
 * Route loader guarding signed-in pages (docs/product/rules.md#permissions): without a session token it remembers the
 * requested page and sends the browser (a full document load) to the provider login.
 */
export function requireSession({ request }: LoaderFunctionArgs): null {
  if (getSessionToken()) return null;
  const url = new URL(request.url);
  storeRecall(url.pathname, url.search);
  throw redirectDocument(apiPaths.login);
}

import { pages } from '@pca/contracts/pages.ts';

/** Stored return paths that mean "nowhere in particular" (docs/product/shell.md#sign-in-callback). */
const IGNORED_PATHS = new Set(['', '/', '/home', 'home']);

/**
 * Where sign-in lands (docs/product/shell.md#sign-in-callback): the stored path unless it is empty, '/' or '/home'; otherwise
 * /welcome/add-business when the user can show publishing settings, else /welcome.
 */
export function resolvePostLoginPath(
  storedPath: string | null | undefined,
  canShowPublishingSettings: boolean,
): string {
  const path = (storedPath ?? '').trim();
  const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (!IGNORED_PATHS.has(normalised)) return path;
  return canShowPublishingSettings
    ? pages.welcome.addBusiness.href()
    : pages.welcome.dashboard.href();
}

/** API paths shared by the server routes and the web fetchers, so neither builds them by hand. */
export const apiPaths = {
  health: '/api/health',
  /** Readiness for a load balancer: 503 while the database is unreachable, migrations are pending or the process is stopping. */
  ready: '/api/ready',
  config: '/api/config',
  docs: '/api/docs',
  login: '/api/auth/login',
  token: '/api/auth/token',
  logout: '/api/auth/logout',
  me: '/api/me',
} as const;

/**
 * The id of the JSON data element in which the server writes what `apiPaths.config` answers into the app
 * shell, and from which the SPA reads it (docs/decisions/018-critical-path-javascript.md).
 */
export const embeddedConfigElementId = 'pca-runtime-config';

/** Paths of the signed-in user's own resources. */
export const meApiPaths = {
  organisations: '/api/me/organisations',
} as const;

/**
 * API paths of the application shell: managing another practitioner, the bell, post-login landing.
 * Kept here, apart from the zod schemas in shell.ts, so the signed-out page's HTTP client does not pull in zod.
 */
export const shellApiPaths = {
  /** GET: practitioners the caller is an accepted delegate of ("get practitioners for a delegate"). */
  managedPractitioners: '/api/managing/practitioners',
  /** PUT { practitionerId }: start managing; DELETE: switch back to My account. */
  managing: '/api/managing',
  /** GET: unread notifications of the user's own (or the managed) practitioner. */
  unreadNotificationCount: '/api/me/unread-notification-count',
  /** GET: whether sign-in should land on /welcome/add-business (docs/product/shell.md#sign-in-callback). */
  publishingSettingsEligibility: '/api/me/publishing-settings-eligibility',
} as const;

/** The names of those of `paths` that have an `:id` to fill. */
export type IdPathName<P> = {
  [K in keyof P]: P[K] extends `${string}:id${string}` ? K : never;
}[keyof P];

/**
 * Fills `:id` in those of `paths` that have one (e.g. `delegationApiPath('stop', id)`). Which paths take an id
 * is read from the paths themselves, so no list of their names beside them can fall behind.
 */
export const idPathFiller =
  <P extends Record<string, string>>(paths: P) =>
  (path: IdPathName<P>, id: string): string =>
    paths[path as keyof P]!.replace(':id', encodeURIComponent(id));

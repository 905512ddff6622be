// Paths live apart from the schemas so the dashboard can import them without loading zod.

/** API paths of the welcome dashboard and the mandatory registration dialogs (docs/product/shell.md#welcome, docs/product/rules.md#states). */
export const welcomeApiPaths = {
  /** GET: the organisation the sign-up banner is about. */
  signUpBanner: '/api/welcome/sign-up-banner',
  /** GET: organisations the user may set up a site for. */
  siteOrganisations: '/api/welcome/site-organisations',
  /** GET: setup-helper tile states of one of those organisations. */
  setupHelper: '/api/welcome/site-organisations/:organisationId/setup-helper',
} as const;

/** The setup-helper path of one organisation. */
export const setupHelperApiPath = (organisationId: string) =>
  welcomeApiPaths.setupHelper.replace(':organisationId', encodeURIComponent(organisationId));

/** Business constants of docs/product/rules.md#constants and docs/product/features.md#feature-constants. */
export const constants = {
  idleTimeoutSeconds: 1200,
  logoutCountdownSeconds: 300,
  switchAccountAutoCloseMs: 3000,
  valueSetCacheMs: 3_600_000,
  filterDebounceMs: 200,
  raNumberLength: 10,
  hpiiLength: 16,
  emailMaxLength: 100,
  phoneMaxLength: 100,
  notificationPageSize: 10,
  nhsdAutocompleteDebounceMs: 500,
  resendVerificationLockMs: 300_000,
  smartStatePrefix: 'po:',
  smartStateOrganisationIdLength: 36,
} as const;

/** Dialog widths in px (docs/product/rules.md#constants, docs/product/features.md#feature-constants). */
export const dialogWidths = {
  privacy: 1200,
  ipNotices: 1200,
  needHelp: 1025,
  accessibility: 1000,
  switchAccount: 470,
  parentBusiness: 700,
  acceptParticipation: 950,
  registerUser: 900,
  delegateSetup: 900,
  setupHelper: 600,
  cancelImport: 800,
  photoUpload: 400,
  registerPractitioner: 500,
  registerPractitionerTerms: 950,
  dismissTask: 800,
} as const;

/** Layout sizes in px (docs/product/shell.md#layout). */
export const layout = {
  headerHeight: 120,
  sideNavWidth: 120,
  mainMaxWidth: 1320,
  demoSideNavWidth: 240,
} as const;

/**
 * The outage message: the API's 503 detail and what the SPA shows while the system is unavailable. Here,
 * not beside the problem schema, so the SPA's error messages do not pull zod into every page.
 */
export const maintenanceMessage =
  'The system is currently under maintenance. Please try again later.';

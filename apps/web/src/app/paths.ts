/** Typed SPA paths (ARCHITECTURE §3): components link with these, never with string-built URLs. */
export const paths = {
  /** Signed-out home page. */
  home: () => '/',
  /** Signed-in dashboard. */
  welcome: () => '/welcome',
  /** Dashboard variant that opens on adding a business (spec 1 §2.3). */
  welcomeAddBusiness: () => '/welcome/add-business',
  /** Where the identity provider returns the authorisation code. */
  authorizationCallback: () => '/authorization-code/callback',
  /** Shown to users whose account has been made inactive. */
  inactiveUser: () => '/inactive-user',
  /** The design-system gallery. */
  designSystem: () => '/design-system',
} as const;

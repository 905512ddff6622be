// Paths, the page size and the list's wording live apart from the schemas so the Practitioners page can
// import them without loading zod (docs/decisions/018-critical-path-javascript.md); practitioners.ts
// re-exports them.

/** API paths of the Practitioners page and practitioner roles (docs/product/shell.md#practitioners, docs/product/rules.md#calls). */
export const practitionerApiPaths = {
  /** GET ?organisationId&isActive&name&page&pageSize: practitioners, each with their service offerings. */
  serviceOfferings: '/api/practitioners/service-offerings',
  /** GET ?name: known practitioners in the caller's organisations, by name. */
  practitionerSearch: '/api/practitioners/search',
  /**
   * POST { hpii, familyName, givenName }: whether the HI Service knows this HPI-I under these names, and
   * nothing more (docs/decisions/055-hpii-lookup-and-managing-powers.md).
   */
  hiServiceSearch: '/api/practitioners/hi-service/search',
  /** GET: healthcare services the caller may add roles to, and the role types. */
  roleOptions: '/api/practitioner-roles/options',
  /** POST: add a practitioner role. */
  roles: '/api/practitioner-roles',
  /** GET / PUT one practitioner role (route pattern). */
  role: '/api/practitioner-roles/:roleId',
} as const;

/** The URL of one practitioner role. */
export const practitionerRolePath = (roleId: string) =>
  practitionerApiPaths.role.replace(':roleId', encodeURIComponent(roleId));

/** Practitioners per page of the Practitioners page. */
export const practitionersPageSize = 20;

/** Empty messages of the Practitioners page (docs/product/shell.md#practitioners). */
export const practitionerEmptyMessages = {
  noneInOrganisation: 'There are no practitioners linked to this organisation',
  noneFound: 'No practitioners found',
} as const;

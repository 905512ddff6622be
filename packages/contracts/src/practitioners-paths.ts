// Paths, the page size and the list's wording live apart from the schemas so the Practitioners page can
// import them without loading zod (docs/decisions/018-critical-path-javascript.md); practitioners.ts
// re-exports them.

/** API paths of the Practitioners page and practitioner roles (docs/product/shell.md#practitioners, docs/product/rules.md#calls). */
export const practitionerApiPaths = {
  /** GET ?organisationId&isActive&name&page&pageSize: practitioners, each with their service offerings. */
  serviceOfferings: '/api/practitioners/service-offerings',
  /** GET ?name: known practitioners in the caller's organisations, by name. */
  practitionerSearch: '/api/practitioners/search',
  /** GET: the HI Service's answer for one HPI-I (route pattern). */
  hiServiceLookup: '/api/practitioners/hi-service/:hpii',
  /** GET: healthcare services the caller may add roles to, and the role types. */
  roleOptions: '/api/practitioner-roles/options',
  /** POST: add a practitioner role. */
  roles: '/api/practitioner-roles',
  /** GET / PUT one practitioner role (route pattern). */
  role: '/api/practitioner-roles/:roleId',
} as const;

/** The URL of the HI Service lookup for one HPI-I. */
export const hiServiceLookupPath = (hpii: string) =>
  practitionerApiPaths.hiServiceLookup.replace(':hpii', encodeURIComponent(hpii));

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

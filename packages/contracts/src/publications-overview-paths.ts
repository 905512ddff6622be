// Paths live apart from the schemas so a page can import them without loading zod.

/**
 * API paths of the operator's publications overview (docs/product/publications-overview.md,
 * docs/decisions/066-publications-overview.md): what is published to each partner service, read-only,
 * for the agency's operator (System admin) alone.
 */
export const publicationsOverviewApiPaths = {
  /** GET: every partner service with counts of what it receives, and the last change. */
  list: '/api/publications-overview',
  /** GET ?type=&page=&pageSize=: one page of what is published to one partner service. */
  entities: '/api/publications-overview/:partnerServiceId/entities',
  /** GET ?type=: every entity published to the partner service, as CSV, streamed. */
  csv: '/api/publications-overview/:partnerServiceId/csv',
} as const;

/** The kinds of entity a partner receives, in the order the drill-down lists them. */
export const publishedEntityTypes = {
  organisation: { label: 'Organisation', plural: 'Organisations' },
  location: { label: 'Location', plural: 'Locations' },
  'healthcare-service': { label: 'Healthcare service', plural: 'Healthcare services' },
  'practitioner-role': { label: 'Practitioner role', plural: 'Practitioner roles' },
  practitioner: {
    label: "Practitioner's own publication",
    plural: "Practitioners' own publications",
  },
} as const;

export type PublishedEntityType = keyof typeof publishedEntityTypes;

/** What the pages say when there is nothing to show. */
export const publicationsOverviewMessages = {
  noPartners: 'No partner services are registered yet.',
  nothingPublished: 'Nothing is published to this partner service yet.',
  noneOfType: 'Nothing of this kind is published to this partner service.',
  notRecorded: 'Not recorded',
} as const;

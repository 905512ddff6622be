import { z } from 'zod';
import {
  publishedEntityTypes,
  type PublishedEntityType as Kind,
} from './publications-overview-paths.ts';
import { Uuid } from './ids.ts';

export * from './publications-overview-paths.ts';

export const PublishedEntityType = z.enum(Object.keys(publishedEntityTypes) as [Kind, ...Kind[]]);
export type PublishedEntityType = Kind;

/** Rows a drill-down page holds unless asked (and the most it may). */
export const publishedEntitiesPageSize = 25;
export const publishedEntitiesMaxPageSize = 100;

/** What one partner service receives, counted as the partner API serves it. */
export const PublicationCounts = z.object({
  organisations: z.number().int(),
  locations: z.number().int(),
  healthcareServices: z.number().int(),
  practitionerRoles: z.number().int(),
  /** Practitioners' own choices (practitioner_publications) that publish to the partner. */
  practitioners: z.number().int(),
});
export type PublicationCounts = z.infer<typeof PublicationCounts>;

/** The newest change of a publication to the partner: when, and who (null: not recorded). */
export const PublicationChange = z.object({
  at: z.string(),
  by: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type PublicationChange = z.infer<typeof PublicationChange>;

/** One partner service of the overview. */
export const PartnerPublicationSummary = z.object({
  id: z.string(),
  name: z.string(),
  role: z.string(),
  counts: PublicationCounts,
  /** Null when nothing has ever been chosen for this partner. */
  lastChange: PublicationChange.nullable(),
});
export type PartnerPublicationSummary = z.infer<typeof PartnerPublicationSummary>;

export const PublicationsOverview = z.object({ partners: z.array(PartnerPublicationSummary) });
export type PublicationsOverview = z.infer<typeof PublicationsOverview>;

export const PartnerServiceParams = z.object({ partnerServiceId: Uuid });

/** The CSV's query: which kind of entity (all when absent). */
export const PublishedEntitiesFilter = z.object({ type: PublishedEntityType.optional() });
export type PublishedEntitiesFilter = z.input<typeof PublishedEntitiesFilter>;

/** A drill-down page's query: the kind, the page (from 1) and its size. */
export const PublishedEntitiesQuery = z.object({
  type: PublishedEntityType.optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(publishedEntitiesMaxPageSize)
    .default(publishedEntitiesPageSize),
});
export type PublishedEntitiesQuery = z.input<typeof PublishedEntitiesQuery>;

const Named = z.object({ id: z.string(), name: z.string() });

/** One entity published to the partner, with what its portal page needs. */
export const PublishedEntity = z.object({
  type: PublishedEntityType,
  id: z.string(),
  name: z.string(),
  /** An organisation's kind (its page differs); null for other entities. */
  organisationType: z.enum(['ParticipatingOrganisation', 'HiOrganisation']).nullable(),
  /** The organisation a location, service or role belongs to; null for organisations and practitioners. */
  organisation: Named.nullable(),
  /** A practitioner role's healthcare service; null otherwise. */
  healthcareService: Named.nullable(),
});
export type PublishedEntity = z.infer<typeof PublishedEntity>;

/** One page of the drill-down. */
export const PublishedEntitiesPage = z.object({
  partner: Named,
  items: z.array(PublishedEntity),
  /** Every entity the filter matches (the pages together). */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PublishedEntitiesPage = z.infer<typeof PublishedEntitiesPage>;

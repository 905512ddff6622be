// A practitioner's own publication choices (`practitioner/publish`, docs/decisions/030-publishing-to-partners.md):
// which partner services receive their practitioner details and, only after that partner asked, their personal
// contact details (docs/product/publishing.md#personal-contact-requests).
import { z } from 'zod';
import { partnerServiceRoles } from './value-lists.ts';
import { Uuid } from './ids.ts';
import { InformationUseStatement } from './publications.ts';

export * from './practitioner-publications-paths.ts';

/**
 * A partner service as the practitioner publication pages name it, with its latest information use statement
 * (null when the partner has none: it cannot be published to) — the one the pages show for accepting
 * (docs/decisions/081-practitioner-publication-acceptance.md).
 */
export const PractitionerPublicationPartner = z.object({
  id: Uuid,
  code: z.string(),
  name: z.string(),
  role: z.enum(partnerServiceRoles),
  latestStatement: InformationUseStatement.nullable(),
});
export type PractitionerPublicationPartner = z.infer<typeof PractitionerPublicationPartner>;

/** One partner service in the practitioner's publishing settings. */
export const PractitionerPublication = z.object({
  partner: PractitionerPublicationPartner,
  /** Null while the practitioner has made no choice (the partner's request for contact details made the row). */
  publish: z.boolean().nullable(),
  /** The statement accepted for this partner, who accepted it and when (null: none accepted). */
  acceptance: z
    .object({
      version: z.number().int(),
      /** Who accepted it (null: the person is no longer recorded). */
      acceptedBy: z.string().nullable(),
      /** True when a delegate accepted it on the practitioner's behalf. */
      byDelegate: z.boolean(),
      acceptedAt: z.string(),
    })
    .nullable(),
  /**
   * True when the row publishes but not on the partner's latest statement accepted by a person: the partner API
   * does not serve it until someone accepts the latest version.
   */
  needsAcceptance: z.boolean(),
  /** Whether the partner has asked for the practitioner's personal contact details, and when. */
  personalContactRequested: z.boolean(),
  personalContactRequestedAt: z.string().nullable(),
  sharePersonalContact: z.boolean(),
  updatedAt: z.string(),
});
export type PractitionerPublication = z.infer<typeof PractitionerPublication>;

/** The practitioner's publishing settings, with whom they are for and what the caller may change. */
export const PractitionerPublications = z.object({
  practitioner: z.object({
    id: Uuid,
    givenName: z.string(),
    familyName: z.string(),
  }),
  /** True when a delegate is acting for the practitioner. */
  managing: z.boolean(),
  /** False for a delegate without the consent to share information including personal contact details. */
  mayChangePersonalContactSharing: z.boolean(),
  items: z.array(PractitionerPublication),
});
export type PractitionerPublications = z.infer<typeof PractitionerPublications>;

/** Partner services that can still be added, by name. */
export const AvailablePublicationPartners = z.object({
  items: z.array(PractitionerPublicationPartner),
});
export type AvailablePublicationPartners = z.infer<typeof AvailablePublicationPartners>;

/**
 * Body of Edit: what one partner service receives. Publishing needs the partner's latest information use
 * statement accepted, already or in this request (`acceptInformationUseStatementId`: the statement the page
 * showed, which must be the latest).
 */
export const PractitionerPublicationSettings = z.object({
  publish: z.boolean(),
  sharePersonalContact: z.boolean(),
  acceptInformationUseStatementId: Uuid.optional(),
});
export type PractitionerPublicationSettings = z.infer<typeof PractitionerPublicationSettings>;

/** Body of Add: the partner service and what it receives. */
export const PractitionerPublicationRequest = PractitionerPublicationSettings.extend({
  partnerServiceId: Uuid,
});
export type PractitionerPublicationRequest = z.infer<typeof PractitionerPublicationRequest>;

/** Path parameters of one publication. */
export const PractitionerPublicationParams = z.object({ partnerServiceId: Uuid });

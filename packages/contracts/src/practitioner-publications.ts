// A practitioner's own publication choices (`practitioner/publish`, docs/decisions/030-publishing-to-partners.md):
// which partner services receive their practitioner details and, only after that partner asked, their personal
// contact details (docs/product/publishing.md#personal-contact-requests).
import { z } from 'zod';
import { partnerServiceRoles } from './value-lists.ts';
import { Uuid } from './ids.ts';

export * from './practitioner-publications-paths.ts';

/** A partner service as the practitioner publication pages name it. */
export const PractitionerPublicationPartner = z.object({
  id: Uuid,
  code: z.string(),
  name: z.string(),
  role: z.enum(partnerServiceRoles),
});
export type PractitionerPublicationPartner = z.infer<typeof PractitionerPublicationPartner>;

/** One partner service in the practitioner's publishing settings. */
export const PractitionerPublication = z.object({
  partner: PractitionerPublicationPartner,
  publish: z.boolean(),
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

/** Body of Edit: what one partner service receives. */
export const PractitionerPublicationSettings = z.object({
  publish: z.boolean(),
  sharePersonalContact: z.boolean(),
});
export type PractitionerPublicationSettings = z.infer<typeof PractitionerPublicationSettings>;

/** Body of Add: the partner service and what it receives. */
export const PractitionerPublicationRequest = PractitionerPublicationSettings.extend({
  partnerServiceId: Uuid,
});
export type PractitionerPublicationRequest = z.infer<typeof PractitionerPublicationRequest>;

/** Path parameters of one publication. */
export const PractitionerPublicationParams = z.object({ partnerServiceId: Uuid });

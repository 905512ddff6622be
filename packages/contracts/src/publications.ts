// Publication choices on the Partner services tab of an organisation, location and healthcare service, and who
// is mailed when they change (docs/decisions/030-publishing-to-partners.md).
import { z } from 'zod';
import { constants } from './constants.ts';
import { publicationLevels } from './publications-paths.ts';
import { singleLineText } from './text.ts';
import { isValidEmail, validationMessages } from './validation.ts';
import { Uuid } from './ids.ts';

export * from './publications-paths.ts';

export const PublicationLevel = z.enum(publicationLevels);
export type PublicationLevel = z.infer<typeof PublicationLevel>;

/** Path params of the partner list of an entity at a level. */
export const PublicationEntityParams = z.object({
  level: PublicationLevel,
  id: Uuid,
});

/** Path params of one partner's choice at a level. */
export const PublicationPartnerParams = PublicationEntityParams.extend({
  partnerServiceId: Uuid,
});

/** A partner service as the tab shows it. */
export const PublicationPartner = z.object({
  id: Uuid,
  code: z.string(),
  name: z.string(),
  role: z.string(),
});

/** A version of a partner's information use statement. */
export const InformationUseStatement = z.object({
  id: Uuid,
  version: z.number().int(),
  title: z.string(),
  content: z.string(),
});
export type InformationUseStatement = z.infer<typeof InformationUseStatement>;

/** A choice made at one level: what is published and which statement version was accepted, by whom, when. */
export const PublicationChoice = z.object({
  publish: z.boolean(),
  publishFuturePractitioners: z.boolean(),
  /** The statement version accepted at this level (null: none accepted). */
  acceptedVersion: z.number().int().nullable(),
  /** Who accepted it (null: not recorded, e.g. moved from before acceptance was recorded). */
  acceptedBy: z.string().nullable(),
  acceptedAt: z.string().nullable(),
});
export type PublicationChoice = z.infer<typeof PublicationChoice>;

/** A choice made at a higher level and where it was made. */
export const InheritedPublicationChoice = PublicationChoice.extend({
  from: z.object({ level: PublicationLevel, id: Uuid, name: z.string() }),
});
export type InheritedPublicationChoice = z.infer<typeof InheritedPublicationChoice>;

/**
 * One partner on the tab: this level's own choice (null when none) and the nearest higher level's (null when
 * none). What applies is the own choice, else the inherited one, else not published. `needsLatestAcceptance`:
 * the choice that applies accepted an older version than the partner's latest statement.
 */
export const PartnerPublicationView = z.object({
  partner: PublicationPartner,
  latestStatement: InformationUseStatement,
  own: PublicationChoice.nullable(),
  inherited: InheritedPublicationChoice.nullable(),
  needsLatestAcceptance: z.boolean(),
});
export type PartnerPublicationView = z.infer<typeof PartnerPublicationView>;

/** The tab's answer: the entity, whether the caller may change its choices, and every partner offered. */
export const PartnerPublicationList = z.object({
  level: PublicationLevel,
  entityId: Uuid,
  organisationId: Uuid,
  canEdit: z.boolean(),
  partners: z.array(PartnerPublicationView),
});
export type PartnerPublicationList = z.infer<typeof PartnerPublicationList>;

/**
 * A change of one partner's choice at a level. Publishing needs the partner's latest statement accepted at this
 * level, already or in this request (`acceptInformationUseStatementId`, which must be the latest version).
 */
export const PartnerPublicationChange = z.object({
  publish: z.boolean(),
  publishFuturePractitioners: z.boolean(),
  acceptInformationUseStatementId: Uuid.optional(),
});
export type PartnerPublicationChange = z.infer<typeof PartnerPublicationChange>;

/** Someone mailed when an organisation's publication changes. */
export const PublicationEmailRecipient = z.object({
  id: Uuid,
  email: z.string(),
  createdAt: z.string(),
});
export type PublicationEmailRecipient = z.infer<typeof PublicationEmailRecipient>;

export const PublicationEmailRecipientList = z.object({
  organisationId: Uuid,
  organisationName: z.string(),
  canEdit: z.boolean(),
  recipients: z.array(PublicationEmailRecipient),
});
export type PublicationEmailRecipientList = z.infer<typeof PublicationEmailRecipientList>;

/** Add a recipient: a valid email address (compared and kept in lower case). */
export const PublicationEmailRecipientAdd = z.object({
  email: singleLineText({
    min: 1,
    max: constants.emailMaxLength,
    required: validationMessages.emailInvalid,
    tooLong: validationMessages.emailInvalid,
  })
    .refine(isValidEmail, validationMessages.emailInvalid)
    .transform((v) => v.toLowerCase()),
});
export type PublicationEmailRecipientAdd = z.input<typeof PublicationEmailRecipientAdd>;

export const PublicationRecipientParams = z.object({
  id: Uuid,
  recipientId: Uuid,
});

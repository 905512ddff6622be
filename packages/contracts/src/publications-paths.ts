// Paths, levels and messages of the Partner services tab's publication choices and of the publication mail
// recipients, apart from the schemas so a page can import them without loading zod
// (docs/decisions/030-publishing-to-partners.md).

/** The level of an organisation's tree a publication choice is made at. */
export const publicationLevels = ['organisation', 'location', 'healthcare-service'] as const;
export type PublicationLevel = (typeof publicationLevels)[number];

/**
 * API paths of publishing to partners. Reading needs access to the entity (a Viewer reads); writing needs the
 * entity's edit right (OrganisationManager; a HealthcareServiceManager for their service); the mail recipients
 * are an organisation's, changed by its OrganisationManager.
 */
export const publicationApiPaths = {
  /** GET: every partner service offered, with this level's own choice and the one it inherits. */
  partners: '/api/publications/:level/:id/partners',
  /** PUT { publish, publishFuturePractitioners, acceptInformationUseStatementId? }; DELETE: back to inherited. */
  partner: '/api/publications/:level/:id/partners/:partnerServiceId',
  /** GET: who is mailed when the organisation's publication changes; POST { email }: add one. */
  emailRecipients: '/api/publications/organisations/:id/email-recipients',
  /** DELETE: stop mailing one recipient. */
  emailRecipient: '/api/publications/organisations/:id/email-recipients/:recipientId',
} as const;

/** The partner list of an entity at a level. */
export const publicationPartnersPath = (level: PublicationLevel, id: string) =>
  publicationApiPaths.partners.replace(':level', level).replace(':id', encodeURIComponent(id));

/** One partner's choice at a level. */
export const publicationPartnerPath = (
  level: PublicationLevel,
  id: string,
  partnerServiceId: string,
) =>
  publicationApiPaths.partner
    .replace(':level', level)
    .replace(':id', encodeURIComponent(id))
    .replace(':partnerServiceId', encodeURIComponent(partnerServiceId));

/** An organisation's publication mail recipients (or one of them). */
export const publicationEmailRecipientsPath = (organisationId: string, recipientId?: string) =>
  recipientId === undefined
    ? publicationApiPaths.emailRecipients.replace(':id', encodeURIComponent(organisationId))
    : publicationApiPaths.emailRecipient
        .replace(':id', encodeURIComponent(organisationId))
        .replace(':recipientId', encodeURIComponent(recipientId));

/** What the level is called in sentences ("inherited from the organisation Harbour Medical Group"). */
export const publicationLevelLabel: Record<PublicationLevel, string> = {
  organisation: 'organisation',
  location: 'location',
  'healthcare-service': 'healthcare service',
};

/** Problem types (`/problems/<slug>`) of publishing besides the house's (decision 008). */
export const publicationProblemTypes = {
  /** Publishing without the partner's latest information use statement accepted at this level. */
  statementNotAccepted: '/problems/publication-statement-not-accepted',
  /** Accepting a statement that is not the partner's latest version. */
  statementNotLatest: '/problems/publication-statement-not-latest',
  /** Adding a mail recipient the organisation already has. */
  recipientExists: '/problems/publication-recipient-exists',
} as const;

/** Every message of the Partner services tab and the publication mail page. */
export const publicationMessages = {
  statementNotAccepted: (partner: string) =>
    `Accept the latest version of ${partner}'s information use statement to publish to it.`,
  statementNotLatest: (partner: string) =>
    `${partner} has published a newer information use statement. Read and accept the latest version.`,
  statementOfOtherPartner: 'Choose a statement of this partner service',
  recipientExists: 'This email address is already on the list.',
  publishLabel: (partner: string) => `Publish to ${partner}`,
  futureLabel: 'Publish future practitioners',
  acceptLatest: 'Accept the latest version',
  readStatement: 'Read the information use statement',
  acceptAndPublish: 'Accept and publish',
  accept: 'Accept',
  useInherited: 'Use the inherited choice',
  saved: (partner: string) => `Your publication choices for ${partner} are saved.`,
  saveError: 'Your changes could not be saved. Try again.',
  loadError: 'The partner services could not be loaded. Try again later.',
  noPartners: 'No partner services are offered.',
  readOnly: 'You can see these publication choices but not change them.',
  emailTitle: 'Publication email notifications',
  emailIntro:
    'These people are emailed whenever what this organisation publishes to a partner service changes.',
  emailAdded: (email: string) => `${email} will be emailed when publication changes.`,
  emailRemoved: (email: string) => `${email} will no longer be emailed.`,
  noRecipients: 'Nobody is emailed yet.',
} as const;

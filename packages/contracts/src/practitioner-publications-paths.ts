// Paths and messages of the practitioner's own publication choices live apart from the schemas so a page can
// import them without loading zod.

/**
 * API paths of a practitioner's own publication choices (`practitioner/publish`,
 * docs/decisions/030-publishing-to-partners.md). They act for the caller's practitioner record, or for the
 * practitioner the caller manages as a delegate; anyone else gets 403.
 */
export const practitionerPublicationApiPaths = {
  /**
   * GET: the practitioner's publications; POST { partnerServiceId, publish, sharePersonalContact,
   * acceptInformationUseStatementId? }: add one. Publishing needs the partner's latest statement accepted
   * (409 `publication-statement-not-latest` for an older one, 400 for another partner's).
   */
  list: '/api/practitioner-publications',
  /** GET: partner services not yet added (feature flags applied), by name. */
  availablePartners: '/api/practitioner-publications/available-partners',
  /** PUT { publish, sharePersonalContact, acceptInformationUseStatementId? }: change one; DELETE: remove it. */
  item: '/api/practitioner-publications/:partnerServiceId',
} as const;

/** The item path with its :partnerServiceId filled in. */
export const practitionerPublicationApiPath = (partnerServiceId: string) =>
  practitionerPublicationApiPaths.item.replace(
    ':partnerServiceId',
    encodeURIComponent(partnerServiceId),
  );

/** Problem types (`/problems/<slug>`) the practitioner publications answer besides the house's (decision 008). */
export const practitionerPublicationProblemTypes = {
  /** 409: personal contact details shared before the partner asked for them. */
  personalContactNotRequested: '/problems/personal-contact-not-requested',
  /** 403: a delegate changing the sharing of personal contact details without the practitioner's consent. */
  delegateConsentMissing: '/problems/delegate-consent-missing',
  /** 403: the caller is no practitioner and manages none. */
  noPractitioner: '/problems/no-practitioner',
} as const;

/**
 * Every text of the practitioner publication pages and API (docs/product/publishing.md#personal-contact-requests,
 * docs/decisions/030-publishing-to-partners.md).
 */
export const practitionerPublicationMessages = {
  listTitle: 'Publishing settings',
  listIntro:
    'Choose which partner services receive your practitioner details and, once they have asked for them, your personal contact details.',
  listIntroManaging: (name: string) =>
    `Choose which partner services receive ${name}'s practitioner details and, once they have asked for them, their personal contact details.`,
  addTitle: 'Add publishing settings',
  editTitle: 'Edit publishing settings',
  empty: 'No partner services have been added yet.',
  loading: 'Loading publishing settings..',
  loadError: 'There was an error while loading your publishing settings.',
  saveError: 'There was an error while saving your publishing settings.',
  noPartnersLeft: 'Every partner service has been added.',
  add: 'Add partner service',
  edit: 'Edit',
  remove: 'Remove',
  save: 'Save',
  cancel: 'Cancel',
  partnerLabel: 'Partner service',
  partnerRequired: 'Select a partner service',
  publishLabel: 'Publish my practitioner details to this partner service',
  shareLabel: 'Share my personal contact details with this partner service',
  /** The two choices as a delegate reads them, about the practitioner they manage. */
  publishLabelManaging: (name: string) =>
    `Publish ${name}'s practitioner details to this partner service`,
  shareLabelManaging: (name: string) =>
    `Share ${name}'s personal contact details with this partner service`,
  removeTitle: (partner: string) => `Remove ${partner}?`,
  removeWarning: (partner: string) =>
    `${partner} will no longer receive these practitioner details from this setting, and its request for personal contact details is forgotten.`,
  removeConfirm: 'Remove partner service',
  published: 'Published',
  notPublished: 'Not published',
  contactShared: 'Personal contact details: Shared',
  contactNotShared: 'Personal contact details: Not shared',
  contactNotRequested: 'Personal contact details: Not requested',
  requestedOn: (date: string) => `Requested on ${date}`,
  /**
   * The tooltip of the sharing choice before the partner's request
   * (docs/product/publishing.md#personal-contact-requests).
   */
  requestTooltip:
    "Organisations must request your personal contact details before it's shared by your delegates. We will notify you of these requests.",
  consentMissingHint:
    'The practitioner has not consented to you sharing their personal contact details on their behalf.',
  added: (partner: string) => `${partner} was added to your publishing settings.`,
  updated: (partner: string) => `Your publishing settings for ${partner} were saved.`,
  removed: (partner: string) => `${partner} was removed from your publishing settings.`,
  notFoundTitle: 'Partner service not found',
  notFound: 'This partner service is not in your publishing settings.',
  notChosen: 'Not chosen yet',
  notChosenHint: (partner: string) =>
    `You have not chosen yet. ${partner} receives these practitioner details only where a workplace publishes its practitioners to it.`,
  needsAcceptance: 'Paused: accept the new statement',
  acceptAgain: 'Accept the new statement',
  pausedAlertTitle: (count: number) =>
    count === 1
      ? 'One partner service needs its new information use statement accepted'
      : `${count} partner services need their new information use statements accepted`,
  pausedAlertText: (count: number) =>
    count === 1
      ? 'This partner service has published a newer information use statement. It does not receive the practitioner details until someone accepts it.'
      : 'These partner services have published newer information use statements. They do not receive the practitioner details until someone accepts them.',
  pausedEditText: (partner: string, version: number) =>
    `${partner} has published version ${version} of its information use statement. It does not receive the practitioner details until someone accepts that version below.`,
  statementHeading: (partner: string) => `Information use statement of ${partner}`,
  statementVersion: (version: number) => `Version ${version}`,
  acceptLabel: (partner: string, version: number) =>
    `I have read and accept the information use statement of ${partner} (version ${version})`,
  acceptLabelManaging: (partner: string, version: number, name: string) =>
    `I have read and accept the information use statement of ${partner} (version ${version}) on behalf of ${name}`,
  acceptRequired: 'Accept the information use statement to publish to this partner service',
  noStatement:
    'This partner service has no information use statement yet, so it cannot be published to.',
  acceptedOn: (version: number, who: string | null, date: string, byDelegate: boolean) =>
    `Statement version ${version} accepted${who ? ` by ${who}` : ''}${byDelegate ? ' as a delegate, on behalf of the practitioner,' : ''} on ${date}`,
  // Problem details.
  noPractitioner:
    'Publishing settings belong to a practitioner. Register as a practitioner, or manage a practitioner you are a delegate of.',
  personalContactNotRequested:
    'This partner service has not requested personal contact details. Organisations must request personal contact details before they are shared.',
  delegateConsentMissing:
    'The practitioner has not consented to their delegate sharing information including personal contact details on their behalf.',
  alreadyAdded: 'This partner service is already in the publishing settings.',
  partnerNotOffered: 'This partner service is not offered.',
  /** The notification a practitioner gets when their delegate changes the sharing of their personal contact details. */
  notificationSubject: 'Your delegate changed the sharing of your personal contact details',
  notificationMessage: (delegate: string, partner: string, shared: boolean) =>
    `${delegate} ${shared ? 'shared' : 'stopped sharing'} your personal contact details with ${partner} on your behalf.`,
  /**
   * The notification a practitioner gets when a partner asks for their personal contact details
   * (docs/product/publishing.md#personal-contact-requests).
   */
  requestNotificationSubject: (partner: string) =>
    `${partner} asked for your personal contact details`,
  requestNotificationMessage: (partner: string) =>
    `${partner} asked for your personal email and phone. They are not shared until you, or a delegate you gave consent to, choose to share them in your publishing settings.`,
  requestNotificationLink: (partner: string) => `Your publishing settings for ${partner}`,
} as const;

// Paths and messages of My workplaces live apart from the schemas so a page can import them without loading zod.

/**
 * API paths of My workplaces (docs/product/workplaces.md, docs/decisions/059-my-workplaces.md). They read for
 * the caller's practitioner record, or for the practitioner the caller manages as a delegate.
 */
export const workplacesApiPaths = {
  /** GET: the practitioner's roles, by healthcare service, split into active and past. */
  list: '/api/workplaces',
  /** GET: one healthcare service the practitioner holds or held a role at (404 for any other). */
  service: '/api/workplaces/healthcare-services/:id',
} as const;

/** The service path with its :id filled in. */
export const workplaceServiceApiPath = (id: string) =>
  workplacesApiPaths.service.replace(':id', encodeURIComponent(id));

/** Problem types (`/problems/<slug>`) My workplaces answers besides the house's (decision 008). */
export const workplacesProblemTypes = {
  /** 403: the caller is no practitioner and manages none. */
  noPractitioner: '/problems/no-practitioner',
} as const;

/** Why a role is not active today (`active`: it is). */
export const workplaceRoleStatuses = [
  'active',
  'notStarted',
  'ended',
  'serviceEnded',
  'businessClosed',
] as const;
export type WorkplaceRoleStatus = (typeof workplaceRoleStatuses)[number];

/** Every text of the My workplaces pages and API (docs/product/workplaces.md). */
export const workplacesMessages = {
  listTitle: 'My workplaces',
  listIntro: 'The healthcare services where you work, with your roles at each.',
  listIntroManaging: (name: string) =>
    `The healthcare services where ${name} works, with their roles at each.`,
  activeHeading: 'Active',
  pastHeading: 'Past',
  noActive: 'You have no active roles at a healthcare service.',
  noActiveManaging: (name: string) => `${name} has no active roles at a healthcare service.`,
  noPast: 'No past roles.',
  empty:
    'You are not linked to any healthcare service yet. A manager of the business you work for adds you to their healthcare services.',
  emptyManaging: (name: string) =>
    `${name} is not linked to any healthcare service yet. A manager of the business they work for adds them to their healthcare services.`,
  loading: 'Loading your workplaces',
  thing: 'your workplaces',
  askWhom: 'a practitioner or their delegate',
  noPractitioner: 'My workplaces is for practitioners and the delegates managing them.',
  serviceTitle: 'Healthcare service summary',
  serviceLoading: 'Loading the healthcare service',
  serviceThing: 'this healthcare service',
  serviceNotFound: 'Healthcare service not found.',
  viewSummary: (name: string) => `View summary of ${name}`,
  backToList: 'Back to My workplaces',
  rolesHeading: 'Your roles here',
  rolesHeadingManaging: (name: string) => `${name}'s roles here`,
  detailsHeading: 'Details',
  hoursHeading: 'Opening hours',
  noHours: 'No opening hours recorded.',
  contactHeading: 'Contact details',
  publishedHeading: 'Published to partner services',
  notPublished: 'This healthcare service is not published to any partner service.',
  notPublishedContact: 'Not published',
  statusLabel: {
    active: 'Active',
    notStarted: 'Not started',
    ended: 'Ended',
    serviceEnded: 'Service ended',
    businessClosed: 'Business closed',
  } satisfies Record<WorkplaceRoleStatus, string>,
} as const;

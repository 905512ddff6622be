// Paths live apart from the schemas so a page can import them without loading zod.
import { idPathFiller } from './paths.ts';

/** API paths of delegation (docs/product/features.md#feature-calls Delegate API). */
export const delegationApiPaths = {
  /** GET ?page=&status=: the caller's delegates, paged from 1. */
  list: '/api/delegations',
  /** GET: the consent text in force (its version is sent back with every consent). */
  consent: '/api/delegations/consent',
  /** POST { authIdentifier, familyName }: find a user to invite. */
  searchUser: '/api/delegations/user-search',
  /** GET: users linked to the caller's businesses who could be their delegate. */
  potentialDelegates: '/api/delegations/potential-delegates',
  /** POST { authIdentifier, email, familyName, givenName, consent… }: invite someone. */
  invitations: '/api/delegations/invitations',
  /** POST { userId, consent… }: add a connection as a delegate. */
  connections: '/api/delegations/connections',
  /** POST: cancel an invitation. */
  cancel: '/api/delegations/:id/cancel',
  /** POST { consent… }: stop an accepted delegation. */
  stop: '/api/delegations/:id/stop',
  /** POST { consent… }: re-assign a stopped delegate. */
  reassign: '/api/delegations/:id/reassign',
  /** POST { authIdentifier, email, familyName, givenName, delegateInvitationId, consent… }: resend an invitation. */
  resend: '/api/delegations/:id/resend',
  /** POST { acceptDetailsUpdate, delegateInvitationId }: the practitioner's answer to a delegate's changed details. */
  detailsUpdateResponse: '/api/delegations/:id/details-update-response',
} as const;

/** A delegation path with its :id filled in. */
export const delegationApiPath = idPathFiller(delegationApiPaths);

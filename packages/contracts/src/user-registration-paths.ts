// Paths live apart from the schemas so a page can import them without loading zod.
import { idPathFiller } from './paths.ts';

/** API paths of user registration (docs/product/features.md#feature-calls User register; docs/product/rules.md#states mandatory dialogs). */
export const registrationApiPaths = {
  /** POST: register-user dialog (email, phone, terms and privacy). */
  registerUser: '/api/registration/register-user',
  /** GET: a delegate invitation addressed to the caller. */
  delegateInvitation: '/api/registration/delegate-invitations/:id',
  /** POST: accept the invitation (becomes an approved delegate, profile complete). */
  acceptDelegateInvitation: '/api/registration/delegate-invitations/:id/accept',
  /** POST: accept the invitation with a profile that is already complete (the delegation consent only). */
  acceptDelegateInvitationAsRegisteredUser:
    '/api/registration/delegate-invitations/:id/accept-as-registered-user',
  /** POST: decline the invitation. */
  declineDelegateInvitation: '/api/registration/delegate-invitations/:id/decline',
  /** POST: accept participation (agreement and privacy). */
  acceptParticipation: '/api/registration/accept-participation',
} as const;

/** A registration path with its :id filled in. */
export const delegateInvitationApiPath = idPathFiller(registrationApiPaths);

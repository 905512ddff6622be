import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcceptDelegateInvitationAsRegisteredUserRequest,
  AcceptDelegateInvitationRequest,
  AcceptParticipationRequest,
  DelegateInvitation,
  DelegateInvitationOutcome,
  RegisterUserRequest,
  registrationApiPaths,
  Uuid,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { registrationService } from './service.ts';
import { declareRoutes } from '#platform/http/declare-routes.ts';
import { writes } from '#platform/http/route-schema.ts';

const InvitationParams = z.object({ id: Uuid });

/**
 * The mandatory registration dialogs (docs/product/rules.md#states): register user, delegate setup, participation;
 * and the invitation of a user whose profile is complete (docs/decisions/092-invitation-for-a-complete-profile.md).
 */
export const userRegistrationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = registrationService(
    deps.db,
    deps.config.runtime.productName,
    deps.config.publicUrl,
  );
  const route = declareRoutes(app, { tag: 'registration' });

  route.post(registrationApiPaths.registerUser, {
    summary: 'Register the signed-in user: email, phone, terms of use and privacy notice',
    schema: { body: RegisterUserRequest, 204: z.null(), ...writes },
    handler: (request, caller) => service.registerUser(caller, request.body, request.id),
  });

  route.get(registrationApiPaths.delegateInvitation, {
    summary: 'A delegate invitation addressed to the caller (by RA number or email)',
    schema: { params: InvitationParams, 200: DelegateInvitation, ...writes },
    handler: (request, caller) => service.invitation(caller, request.params.id),
  });

  route.post(registrationApiPaths.acceptDelegateInvitation, {
    summary: 'Accept a delegate invitation and complete the profile',
    schema: {
      params: InvitationParams,
      body: AcceptDelegateInvitationRequest,
      200: DelegateInvitationOutcome,
      ...writes,
    },
    handler: (request, caller) =>
      service.acceptInvitation(caller, request.params.id, request.body, request.id),
  });

  route.post(registrationApiPaths.acceptDelegateInvitationAsRegisteredUser, {
    summary:
      'Accept a delegate invitation with a profile that is already complete: the delegation consent only',
    schema: {
      params: InvitationParams,
      body: AcceptDelegateInvitationAsRegisteredUserRequest,
      200: DelegateInvitationOutcome,
      ...writes,
    },
    handler: (request, caller) =>
      service.acceptInvitationAsRegisteredUser(caller, request.params.id, request.body, request.id),
  });

  route.post(registrationApiPaths.declineDelegateInvitation, {
    summary: 'Decline a delegate invitation',
    schema: { params: InvitationParams, 200: DelegateInvitationOutcome, ...writes },
    handler: (request, caller) => service.declineInvitation(caller, request.params.id, request.id),
  });

  route.post(registrationApiPaths.acceptParticipation, {
    summary: 'Accept the participation agreement and privacy notice',
    schema: { body: AcceptParticipationRequest, 204: z.null(), ...writes },
    handler: (request, caller) => service.acceptParticipation(caller, request.body, request.id),
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcceptDelegateInvitationRequest,
  AcceptParticipationRequest,
  DelegateInvitation,
  DelegateInvitationOutcome,
  RegisterUserRequest,
  registrationApiPaths,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { requireAuth } from '#platform/auth/authenticate.ts';
import { registrationService } from './service.ts';
import { problems, signedInSchema } from '#platform/http/route-schema.ts';

const InvitationParams = z.object({ id: z.string().uuid() });
const errors = problems(400, 403, 404, 409);

/** The mandatory registration dialogs (docs/product/rules.md#states): register user, delegate setup, participation. */
export const userRegistrationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = registrationService(
    deps.db,
    deps.config.runtime.productName,
    deps.config.publicUrl,
  );
  const doc = signedInSchema('registration');

  app.post(
    registrationApiPaths.registerUser,
    {
      schema: doc('Register the signed-in user: email, phone, terms of use and privacy notice', {
        body: RegisterUserRequest,
        response: { 204: z.null(), ...errors },
      }),
    },
    async (request, reply) => {
      await service.registerUser(requireAuth(request), request.body, request.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    registrationApiPaths.delegateInvitation,
    {
      schema: doc('A delegate invitation addressed to the caller (by RA number or email)', {
        params: InvitationParams,
        response: { 200: DelegateInvitation, ...errors },
      }),
    },
    async (request) => service.invitation(requireAuth(request), request.params.id),
  );

  app.post(
    registrationApiPaths.acceptDelegateInvitation,
    {
      schema: doc('Accept a delegate invitation and complete the profile', {
        params: InvitationParams,
        body: AcceptDelegateInvitationRequest,
        response: { 200: DelegateInvitationOutcome, ...errors },
      }),
    },
    async (request) =>
      service.acceptInvitation(requireAuth(request), request.params.id, request.body, request.id),
  );

  app.post(
    registrationApiPaths.declineDelegateInvitation,
    {
      schema: doc('Decline a delegate invitation', {
        params: InvitationParams,
        response: { 200: DelegateInvitationOutcome, ...errors },
      }),
    },
    async (request) =>
      service.declineInvitation(requireAuth(request), request.params.id, request.id),
  );

  app.post(
    registrationApiPaths.acceptParticipation,
    {
      schema: doc('Accept the participation agreement and privacy notice', {
        body: AcceptParticipationRequest,
        response: { 204: z.null(), ...errors },
      }),
    },
    async (request, reply) => {
      await service.acceptParticipation(requireAuth(request), request.body, request.id);
      return reply.status(204).send(null);
    },
  );
};

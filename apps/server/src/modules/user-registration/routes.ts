import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcceptDelegateInvitationRequest,
  AcceptParticipationRequest,
  DelegateInvitation,
  DelegateInvitationOutcome,
  Problem,
  RegisterUserRequest,
  registrationApiPaths,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { requireAuth } from '#platform/auth/authenticate.ts';
import { registrationService } from './service.ts';

const InvitationParams = z.object({ id: z.string().uuid() });
const errors = { 400: Problem, 401: Problem, 403: Problem, 404: Problem, 409: Problem };

/** The mandatory registration dialogs (docs/product/rules.md#states): register user, delegate setup, participation. */
export const userRegistrationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = registrationService(
    deps.db,
    deps.config.runtime.productName,
    deps.config.publicUrl,
  );
  const common = { preHandler: deps.authenticate };
  const meta = { tags: ['registration'], security: [{ bearer: [] }] };

  app.post(
    registrationApiPaths.registerUser,
    {
      ...common,
      schema: {
        ...meta,
        summary: 'Register the signed-in user: email, phone, terms of use and privacy notice',
        body: RegisterUserRequest,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.registerUser(requireAuth(request), request.body, request.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    registrationApiPaths.delegateInvitation,
    {
      ...common,
      schema: {
        ...meta,
        summary: 'A delegate invitation addressed to the caller (by RA number or email)',
        params: InvitationParams,
        response: { 200: DelegateInvitation, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await service.invitation(requireAuth(request), request.params.id)),
  );

  app.post(
    registrationApiPaths.acceptDelegateInvitation,
    {
      ...common,
      schema: {
        ...meta,
        summary: 'Accept a delegate invitation and complete the profile',
        params: InvitationParams,
        body: AcceptDelegateInvitationRequest,
        response: { 200: DelegateInvitationOutcome, ...errors },
      },
    },
    async (request) =>
      service.acceptInvitation(requireAuth(request), request.params.id, request.body, request.id),
  );

  app.post(
    registrationApiPaths.declineDelegateInvitation,
    {
      ...common,
      schema: {
        ...meta,
        summary: 'Decline a delegate invitation',
        params: InvitationParams,
        response: { 200: DelegateInvitationOutcome, ...errors },
      },
    },
    async (request) =>
      service.declineInvitation(requireAuth(request), request.params.id, request.id),
  );

  app.post(
    registrationApiPaths.acceptParticipation,
    {
      ...common,
      schema: {
        ...meta,
        summary: 'Accept the participation agreement and privacy notice',
        body: AcceptParticipationRequest,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.acceptParticipation(requireAuth(request), request.body, request.id);
      return reply.status(204).send(null);
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddDelegateRequest,
  DelegateUserSearchRequest,
  DelegateUserSearchResult,
  DelegationConsent,
  DelegationListItem,
  DelegationsPage,
  DelegationsQuery,
  DetailsUpdateResponse,
  DetailsUpdateResponseRequest,
  InviteDelegateRequest,
  PotentialDelegates,
  ReassignDelegationRequest,
  ResendInvitationRequest,
  StopDelegationRequest,
  delegationApiPaths,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { requireAuth } from '#platform/auth/authenticate.ts';
import { delegationsService } from './service.ts';
import { IdParams, problems, signedInSchema } from '#platform/http/route-schema.ts';

const doc = signedInSchema('delegations');
const reads = problems(400, 403);
const writes = problems(400, 403, 404, 409);

/** Delegation: the Delegate API of docs/product/features.md#feature-calls (docs/decisions/020-delegation.md). */
export const delegationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = delegationsService(deps.db, {
    productName: deps.config.runtime.productName,
    publicUrl: deps.config.publicUrl,
  });
  // Delegation bodies are a few hundred bytes: anything past 100 KB is refused (413) before it is parsed.
  const common = { bodyLimit: 102_400 };

  app.get(
    delegationApiPaths.list,
    {
      ...common,
      schema: doc('The caller’s delegates, one page (from 1) with the total', {
        querystring: DelegationsQuery,
        response: { 200: DelegationsPage, ...reads },
      }),
    },
    async (request) => service.list(requireAuth(request), request.query, request.id),
  );

  app.get(
    delegationApiPaths.consent,
    {
      ...common,
      schema: doc('The delegation consent text in force, with its version', {
        response: { 200: DelegationConsent },
      }),
    },
    async () => service.consent(),
  );

  app.post(
    delegationApiPaths.searchUser,
    {
      ...common,
      schema: doc('Find a user to invite by RA number and last name', {
        body: DelegateUserSearchRequest,
        response: { 200: DelegateUserSearchResult, ...reads },
      }),
    },
    async (request) => service.searchUser(requireAuth(request), request.body, request.id),
  );

  app.get(
    delegationApiPaths.potentialDelegates,
    {
      ...common,
      schema: doc(
        'Practice and business managers linked to the caller who could be their delegate',
        {
          response: { 200: PotentialDelegates, ...reads },
        },
      ),
    },
    async (request) => ({
      users: await service.potentialDelegates(requireAuth(request), request.id),
    }),
  );

  app.post(
    delegationApiPaths.invitations,
    {
      ...common,
      schema: doc('Invite someone as a delegate (Invited); the invitation is mailed', {
        body: InviteDelegateRequest,
        response: { 201: DelegationListItem, ...writes },
      }),
    },
    async (request, reply) =>
      reply.status(201).send(await service.invite(requireAuth(request), request.body, request.id)),
  );

  app.post(
    delegationApiPaths.connections,
    {
      ...common,
      schema: doc('Add one of the caller’s connections as a delegate (Accepted)', {
        body: AddDelegateRequest,
        response: { 201: DelegationListItem, ...writes },
      }),
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.addConnection(requireAuth(request), request.body, request.id)),
  );

  app.post(
    delegationApiPaths.cancel,
    {
      ...common,
      schema: doc('Cancel an invitation (Invited or Pending → Cancelled)', {
        params: IdParams,
        response: { 200: DelegationListItem, ...writes },
      }),
    },
    async (request) => service.cancel(requireAuth(request), request.params.id, request.id),
  );

  app.post(
    delegationApiPaths.stop,
    {
      ...common,
      schema: doc('Stop a delegation (Accepted → Stopped)', {
        params: IdParams,
        body: StopDelegationRequest,
        response: { 200: DelegationListItem, ...writes },
      }),
    },
    async (request) =>
      service.stop(requireAuth(request), request.params.id, request.body, request.id),
  );

  app.post(
    delegationApiPaths.reassign,
    {
      ...common,
      schema: doc('Re-assign a stopped delegate (Stopped → Accepted)', {
        params: IdParams,
        body: ReassignDelegationRequest,
        response: { 200: DelegationListItem, ...writes },
      }),
    },
    async (request) =>
      service.reassign(requireAuth(request), request.params.id, request.body, request.id),
  );

  app.post(
    delegationApiPaths.resend,
    {
      ...common,
      schema: doc('Resend an invitation (Invited), with corrected names or email', {
        params: IdParams,
        body: ResendInvitationRequest,
        response: { 200: DelegationListItem, ...writes },
      }),
    },
    async (request) =>
      service.resend(requireAuth(request), request.params.id, request.body, request.id),
  );

  app.post(
    delegationApiPaths.detailsUpdateResponse,
    {
      ...common,
      schema: doc('Answer a delegate’s changed details (Pending → Accepted or Cancelled)', {
        params: IdParams,
        body: DetailsUpdateResponseRequest,
        response: { 200: DetailsUpdateResponse, ...writes },
      }),
    },
    async (request) =>
      service.respondToDetailsUpdate(
        requireAuth(request),
        request.params.id,
        request.body,
        request.id,
      ),
  );
};

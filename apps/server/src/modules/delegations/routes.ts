import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
  Problem,
  ReassignDelegationRequest,
  ResendInvitationRequest,
  StopDelegationRequest,
  delegationApiPaths,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { requireAuth } from '#platform/auth/authenticate.ts';
import { delegationsService } from './service.ts';

const IdParams = z.object({ id: z.string().uuid() });
const security = [{ bearer: [] }];
const tags = ['delegations'];
const reads = { 400: Problem, 401: Problem, 403: Problem };
const writes = { 400: Problem, 401: Problem, 403: Problem, 404: Problem, 409: Problem };

/** Delegation: the Delegate API of docs/product/features.md#feature-calls (docs/decisions/020-delegation.md). */
export const delegationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = delegationsService(deps.db, {
    productName: deps.config.runtime.productName,
    publicUrl: deps.config.publicUrl,
  });
  // Delegation bodies are a few hundred bytes: anything past 100 KB is refused (413) before it is parsed.
  const common = { preHandler: deps.authenticate, bodyLimit: 102_400 };

  app.get(
    delegationApiPaths.list,
    {
      ...common,
      schema: {
        tags,
        summary: 'The caller’s delegates, one page (from 1) with the total',
        security,
        querystring: DelegationsQuery,
        response: { 200: DelegationsPage, ...reads },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await service.list(requireAuth(request), request.query, request.id)),
  );

  app.get(
    delegationApiPaths.consent,
    {
      ...common,
      schema: {
        tags,
        summary: 'The delegation consent text in force, with its version',
        security,
        response: { 200: DelegationConsent, 401: Problem },
      },
    },
    async () => service.consent(),
  );

  app.post(
    delegationApiPaths.searchUser,
    {
      ...common,
      schema: {
        tags,
        summary: 'Find a user to invite by RA number and last name',
        security,
        body: DelegateUserSearchRequest,
        response: { 200: DelegateUserSearchResult, ...reads },
      },
    },
    async (request) => service.searchUser(requireAuth(request), request.body, request.id),
  );

  app.get(
    delegationApiPaths.potentialDelegates,
    {
      ...common,
      schema: {
        tags,
        summary: 'Practice and business managers linked to the caller who could be their delegate',
        security,
        response: { 200: PotentialDelegates, ...reads },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send({ users: await service.potentialDelegates(requireAuth(request), request.id) }),
  );

  app.post(
    delegationApiPaths.invitations,
    {
      ...common,
      schema: {
        tags,
        summary: 'Invite someone as a delegate (Invited); the invitation is mailed',
        security,
        body: InviteDelegateRequest,
        response: { 201: DelegationListItem, ...writes },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.invite(requireAuth(request), request.body, request.id)),
  );

  app.post(
    delegationApiPaths.connections,
    {
      ...common,
      schema: {
        tags,
        summary: 'Add one of the caller’s connections as a delegate (Accepted)',
        security,
        body: AddDelegateRequest,
        response: { 201: DelegationListItem, ...writes },
      },
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
      schema: {
        tags,
        summary: 'Cancel an invitation (Invited or Pending → Cancelled)',
        security,
        params: IdParams,
        response: { 200: DelegationListItem, ...writes },
      },
    },
    async (request) => service.cancel(requireAuth(request), request.params.id, request.id),
  );

  app.post(
    delegationApiPaths.stop,
    {
      ...common,
      schema: {
        tags,
        summary: 'Stop a delegation (Accepted → Stopped)',
        security,
        params: IdParams,
        body: StopDelegationRequest,
        response: { 200: DelegationListItem, ...writes },
      },
    },
    async (request) =>
      service.stop(requireAuth(request), request.params.id, request.body, request.id),
  );

  app.post(
    delegationApiPaths.reassign,
    {
      ...common,
      schema: {
        tags,
        summary: 'Re-assign a stopped delegate (Stopped → Accepted)',
        security,
        params: IdParams,
        body: ReassignDelegationRequest,
        response: { 200: DelegationListItem, ...writes },
      },
    },
    async (request) =>
      service.reassign(requireAuth(request), request.params.id, request.body, request.id),
  );

  app.post(
    delegationApiPaths.resend,
    {
      ...common,
      schema: {
        tags,
        summary: 'Resend an invitation (Invited), with corrected names or email',
        security,
        params: IdParams,
        body: ResendInvitationRequest,
        response: { 200: DelegationListItem, ...writes },
      },
    },
    async (request) =>
      service.resend(requireAuth(request), request.params.id, request.body, request.id),
  );

  app.post(
    delegationApiPaths.detailsUpdateResponse,
    {
      ...common,
      schema: {
        tags,
        summary: 'Answer a delegate’s changed details (Pending → Accepted or Cancelled)',
        security,
        params: IdParams,
        body: DetailsUpdateResponseRequest,
        response: { 200: DetailsUpdateResponse, ...writes },
      },
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

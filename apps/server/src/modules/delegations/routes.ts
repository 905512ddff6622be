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
import { delegationsService } from './service.ts';
import { declareRoutes } from '#platform/http/declare-routes.ts';
import { IdParams, problems, writes } from '#platform/http/route-schema.ts';

const reads = problems(400, 403);

/** Delegation: the Delegate API of docs/product/features.md#feature-calls (docs/decisions/020-delegation.md). */
export const delegationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = delegationsService(deps.db, {
    productName: deps.config.runtime.productName,
    publicUrl: deps.config.publicUrl,
  });
  // Delegation bodies are a few hundred bytes: anything past 100 KB is refused (413) before it is parsed.
  const route = declareRoutes(app, { tag: 'delegations', bodyLimit: 102_400 });

  route.get(delegationApiPaths.list, {
    summary: 'The caller’s delegates, one page (from 1) with the total',
    schema: { querystring: DelegationsQuery, 200: DelegationsPage, ...reads },
    handler: (request, caller) => service.list(caller, request.query, request.id),
  });

  route.get(delegationApiPaths.consent, {
    summary: 'The delegation consent text in force, with its version',
    schema: { 200: DelegationConsent },
    handler: () => service.consent(),
  });

  route.post(delegationApiPaths.searchUser, {
    summary: 'Find a user to invite by RA number and last name',
    schema: { body: DelegateUserSearchRequest, 200: DelegateUserSearchResult, ...reads },
    handler: (request, caller) => service.searchUser(caller, request.body, request.id),
  });

  route.get(delegationApiPaths.potentialDelegates, {
    summary: 'Practice and business managers linked to the caller who could be their delegate',
    schema: { 200: PotentialDelegates, ...reads },
    handler: async (request, caller) => ({
      users: await service.potentialDelegates(caller, request.id),
    }),
  });

  route.post(delegationApiPaths.invitations, {
    summary: 'Invite someone as a delegate (Invited); the invitation is mailed',
    schema: { body: InviteDelegateRequest, 201: DelegationListItem, ...writes },
    handler: (request, caller) => service.invite(caller, request.body, request.id),
  });

  route.post(delegationApiPaths.connections, {
    summary: 'Add one of the caller’s connections as a delegate (Accepted)',
    schema: { body: AddDelegateRequest, 201: DelegationListItem, ...writes },
    handler: (request, caller) => service.addConnection(caller, request.body, request.id),
  });

  route.post(delegationApiPaths.cancel, {
    summary: 'Cancel an invitation (Invited or Pending → Cancelled)',
    schema: { params: IdParams, 200: DelegationListItem, ...writes },
    handler: (request, caller) => service.cancel(caller, request.params.id, request.id),
  });

  route.post(delegationApiPaths.stop, {
    summary: 'Stop a delegation (Accepted → Stopped)',
    schema: { params: IdParams, body: StopDelegationRequest, 200: DelegationListItem, ...writes },
    handler: (request, caller) => service.stop(caller, request.params.id, request.body, request.id),
  });

  route.post(delegationApiPaths.reassign, {
    summary: 'Re-assign a stopped delegate (Stopped → Accepted)',
    schema: {
      params: IdParams,
      body: ReassignDelegationRequest,
      200: DelegationListItem,
      ...writes,
    },
    handler: (request, caller) =>
      service.reassign(caller, request.params.id, request.body, request.id),
  });

  route.post(delegationApiPaths.resend, {
    summary: 'Resend an invitation (Invited), with corrected names or email',
    schema: { params: IdParams, body: ResendInvitationRequest, 200: DelegationListItem, ...writes },
    handler: (request, caller) =>
      service.resend(caller, request.params.id, request.body, request.id),
  });

  route.post(delegationApiPaths.detailsUpdateResponse, {
    summary: 'Answer a delegate’s changed details (Pending → Accepted or Cancelled)',
    schema: {
      params: IdParams,
      body: DetailsUpdateResponseRequest,
      200: DetailsUpdateResponse,
      ...writes,
    },
    handler: (request, caller) =>
      service.respondToDetailsUpdate(caller, request.params.id, request.body, request.id),
  });
};

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
import { IdParams, problems } from '#platform/http/route-schema.ts';

const reads = problems(400, 403);
const writes = problems(400, 403, 404, 409);

/** Delegation: the Delegate API of docs/product/features.md#feature-calls (docs/decisions/020-delegation.md). */
export const delegationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = delegationsService(deps.db, {
    productName: deps.config.runtime.productName,
    publicUrl: deps.config.publicUrl,
  });
  // Delegation bodies are a few hundred bytes: anything past 100 KB is refused (413) before it is parsed.
  const route = declareRoutes(app, { tag: 'delegations', bodyLimit: 102_400 });

  route({
    method: 'GET',
    url: delegationApiPaths.list,
    summary: 'The caller’s delegates, one page (from 1) with the total',
    querystring: DelegationsQuery,
    response: { 200: DelegationsPage, ...reads },
    handler: (request, caller) => service.list(caller, request.query, request.id),
  });

  route({
    method: 'GET',
    url: delegationApiPaths.consent,
    summary: 'The delegation consent text in force, with its version',
    response: { 200: DelegationConsent },
    handler: () => service.consent(),
  });

  route({
    method: 'POST',
    url: delegationApiPaths.searchUser,
    summary: 'Find a user to invite by RA number and last name',
    body: DelegateUserSearchRequest,
    response: { 200: DelegateUserSearchResult, ...reads },
    handler: (request, caller) => service.searchUser(caller, request.body, request.id),
  });

  route({
    method: 'GET',
    url: delegationApiPaths.potentialDelegates,
    summary: 'Practice and business managers linked to the caller who could be their delegate',
    response: { 200: PotentialDelegates, ...reads },
    handler: async (request, caller) => ({
      users: await service.potentialDelegates(caller, request.id),
    }),
  });

  route({
    method: 'POST',
    url: delegationApiPaths.invitations,
    summary: 'Invite someone as a delegate (Invited); the invitation is mailed',
    body: InviteDelegateRequest,
    response: { 201: DelegationListItem, ...writes },
    handler: (request, caller) => service.invite(caller, request.body, request.id),
  });

  route({
    method: 'POST',
    url: delegationApiPaths.connections,
    summary: 'Add one of the caller’s connections as a delegate (Accepted)',
    body: AddDelegateRequest,
    response: { 201: DelegationListItem, ...writes },
    handler: (request, caller) => service.addConnection(caller, request.body, request.id),
  });

  route({
    method: 'POST',
    url: delegationApiPaths.cancel,
    summary: 'Cancel an invitation (Invited or Pending → Cancelled)',
    params: IdParams,
    response: { 200: DelegationListItem, ...writes },
    handler: (request, caller) => service.cancel(caller, request.params.id, request.id),
  });

  route({
    method: 'POST',
    url: delegationApiPaths.stop,
    summary: 'Stop a delegation (Accepted → Stopped)',
    params: IdParams,
    body: StopDelegationRequest,
    response: { 200: DelegationListItem, ...writes },
    handler: (request, caller) => service.stop(caller, request.params.id, request.body, request.id),
  });

  route({
    method: 'POST',
    url: delegationApiPaths.reassign,
    summary: 'Re-assign a stopped delegate (Stopped → Accepted)',
    params: IdParams,
    body: ReassignDelegationRequest,
    response: { 200: DelegationListItem, ...writes },
    handler: (request, caller) =>
      service.reassign(caller, request.params.id, request.body, request.id),
  });

  route({
    method: 'POST',
    url: delegationApiPaths.resend,
    summary: 'Resend an invitation (Invited), with corrected names or email',
    params: IdParams,
    body: ResendInvitationRequest,
    response: { 200: DelegationListItem, ...writes },
    handler: (request, caller) =>
      service.resend(caller, request.params.id, request.body, request.id),
  });

  route({
    method: 'POST',
    url: delegationApiPaths.detailsUpdateResponse,
    summary: 'Answer a delegate’s changed details (Pending → Accepted or Cancelled)',
    params: IdParams,
    body: DetailsUpdateResponseRequest,
    response: { 200: DetailsUpdateResponse, ...writes },
    handler: (request, caller) =>
      service.respondToDetailsUpdate(caller, request.params.id, request.body, request.id),
  });
};

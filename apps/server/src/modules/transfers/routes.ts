import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DeclineTransfer,
  StartTransfer,
  Transfer,
  TransferOptions,
  Transfers,
  transfersApiPaths as paths,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { declareRoutes } from '#platform/http/declare-routes.ts';
import { IdParams, problems, reads, writes } from '#platform/http/route-schema.ts';
import { transfersService } from './service.ts';

/**
 * Transfers (docs/decisions/067-transfers.md): the operator starts and withdraws them; the receiving
 * organisation's managers accept or decline; both organisations' managers see theirs. A transfer the caller
 * may not see is 404; a session managing a practitioner is 403.
 */
export const transfersRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = transfersService(deps.db);
  const route = declareRoutes(app, { tag: 'transfers' });

  route.get(paths.list, {
    summary: "Transfers the caller may see: the operator's every one, a manager's organisations'",
    schema: { 200: Transfers, ...problems(403) },
    handler: (_request, caller) => service.list(caller),
  });

  route.get(paths.options, {
    summary:
      'Organisations with their locations and services, to choose a transfer from (operator)',
    schema: { 200: TransferOptions, ...problems(403) },
    handler: (_request, caller) => service.options(caller),
  });

  route.post(paths.list, {
    summary: 'Start moving a location or a healthcare service to another organisation (operator)',
    schema: { body: StartTransfer, 201: Transfer, ...problems(400, 403, 409) },
    handler: (request, caller) => service.start(caller, request.body, request.id),
  });

  route.get(paths.transfer, {
    summary: 'One transfer',
    schema: { params: IdParams, 200: Transfer, ...reads },
    handler: (request, caller) => service.get(caller, request.params.id),
  });

  route.post(paths.accept, {
    summary: "Accept a transfer (the receiving organisation's manager): the entity moves",
    schema: { params: IdParams, 200: Transfer, ...writes },
    handler: (request, caller) => service.accept(caller, request.params.id, request.id),
  });

  route.post(paths.decline, {
    summary: "Decline a transfer with a reason (the receiving organisation's manager)",
    schema: {
      params: IdParams,
      body: DeclineTransfer,
      200: Transfer,
      ...writes,
    },
    handler: (request, caller) =>
      service.decline(caller, request.params.id, request.body.reason, request.id),
  });

  route.post(paths.cancel, {
    summary: 'Withdraw a pending transfer (operator)',
    schema: { params: IdParams, 200: Transfer, ...writes },
    handler: (request, caller) => service.cancel(caller, request.params.id, request.id),
  });
};

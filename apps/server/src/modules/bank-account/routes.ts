import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BankAccountInput,
  BankAccountParams,
  BankAccountPayer,
  BankAccountShareParams,
  BankAccountShareRequest,
  BankAccountView,
  MaskedBankAccount,
  Problem,
  bankAccountApiPaths as paths,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { declareRoutes } from '#platform/http/declare-routes.ts';
import { problems } from '#platform/http/route-schema.ts';
import { bankAccountService } from './service.ts';

const reads = problems(400, 404);
const writes = { ...reads, 409: Problem };

/**
 * A practitioner's bank account (docs/decisions/058-bank-account.md). Every route names the practitioner; the
 * service answers 404 unless the caller is that practitioner (not managing anyone) or manages them with the
 * consent to share bank details.
 */
export const bankAccountRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = bankAccountService(deps);
  const route = declareRoutes(app, { tag: 'bank-account', bodyLimit: 4096 });

  route({
    method: 'GET',
    url: paths.account,
    summary: "The practitioner's bank account (masked), the payers offered and the shares",
    params: BankAccountParams,
    response: { 200: BankAccountView, ...reads },
    handler: (request, caller) => service.view(caller, request.params.practitionerId),
  });

  route({
    method: 'PUT',
    url: paths.account,
    summary: "Save the practitioner's bank account (replaces the saved one)",
    params: BankAccountParams,
    body: BankAccountInput,
    response: { 200: MaskedBankAccount, ...writes },
    handler: (request, caller) =>
      service.save(caller, request.params.practitionerId, request.body, request.id),
  });

  route({
    method: 'POST',
    url: paths.shares,
    summary: 'Share the bank account with a payer organisation, by consent to the shown text',
    params: BankAccountParams,
    body: BankAccountShareRequest,
    response: { 201: BankAccountPayer, ...writes },
    handler: (request, caller) =>
      service.share(caller, request.params.practitionerId, request.body, request.id),
  });

  route({
    method: 'DELETE',
    url: paths.share,
    summary: 'Withdraw the consent to share the bank account with a payer organisation',
    params: BankAccountShareParams,
    response: { 204: z.null(), ...writes },
    handler: (request, caller) =>
      service.withdraw(
        caller,
        request.params.practitionerId,
        request.params.partnerServiceId,
        request.id,
      ),
  });
};

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

  route.get(paths.account, {
    summary: "The practitioner's bank account (masked), the payers offered and the shares",
    schema: { params: BankAccountParams, 200: BankAccountView, ...reads },
    handler: (request, caller) => service.view(caller, request.params.practitionerId),
  });

  route.put(paths.account, {
    summary: "Save the practitioner's bank account (replaces the saved one)",
    schema: {
      params: BankAccountParams,
      body: BankAccountInput,
      200: MaskedBankAccount,
      ...writes,
    },
    handler: (request, caller) =>
      service.save(caller, request.params.practitionerId, request.body, request.id),
  });

  route.post(paths.shares, {
    summary: 'Share the bank account with a payer organisation, by consent to the shown text',
    schema: {
      params: BankAccountParams,
      body: BankAccountShareRequest,
      201: BankAccountPayer,
      ...writes,
    },
    handler: (request, caller) =>
      service.share(caller, request.params.practitionerId, request.body, request.id),
  });

  route.delete(paths.share, {
    summary: 'Withdraw the consent to share the bank account with a payer organisation',
    schema: { params: BankAccountShareParams, 204: z.null(), ...writes },
    handler: (request, caller) =>
      service.withdraw(
        caller,
        request.params.practitionerId,
        request.params.partnerServiceId,
        request.id,
      ),
  });
};

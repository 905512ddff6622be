import { useQuery } from '@tanstack/react-query';
import type {
  BankAccountPayer,
  BankAccountShareRequest,
  BankAccountValues,
  BankAccountView,
  MaskedBankAccount,
} from '@pca/contracts';
import {
  bankAccountApiPath,
  bankAccountShareApiPath,
  bankAccountSharesApiPath,
} from '@pca/contracts/bank-account-paths.ts';
import { http } from '#lib/http.ts';
import { httpQuery } from '#lib/http-query.ts';
import { useRefreshingWrite } from '#lib/refreshing-write.ts';

/** Every query of the page lives under this key; each change refetches it. */
const root = ['bank-account'] as const;

/** The practitioner's bank account (masked), the payers and the shares. */
export function useBankAccount(practitionerId: string) {
  return useQuery(
    httpQuery<BankAccountView>([...root, practitionerId], bankAccountApiPath(practitionerId)),
  );
}

export const useSaveBankAccount = (practitionerId: string) =>
  useRefreshingWrite(root, (body: BankAccountValues) =>
    http<MaskedBankAccount>(bankAccountApiPath(practitionerId), { method: 'PUT', body }),
  );

export const useShareBankAccount = (practitionerId: string) =>
  useRefreshingWrite(root, (body: BankAccountShareRequest) =>
    http<BankAccountPayer>(bankAccountSharesApiPath(practitionerId), { method: 'POST', body }),
  );

export const useWithdrawShare = (practitionerId: string) =>
  useRefreshingWrite(root, (partnerServiceId: string) =>
    http<null>(bankAccountShareApiPath(practitionerId, partnerServiceId), { method: 'DELETE' }),
  );

import { useQuery } from '@tanstack/react-query';
import {
  transferApiPath,
  transfersApiPaths,
  type StartTransfer,
  type Transfer,
  type TransferOptions,
  type Transfers,
} from '@pca/contracts';
import { http } from '#lib/http.ts';
import { httpQuery } from '#lib/http-query.ts';
import { useRefreshingWrite } from '#lib/refreshing-write.ts';

/** Every query of the feature starts with this key, so a write refreshes them all. */
const root = ['transfers'] as const;

/** Query options of the transfers the caller may see. */
export function transfersQueryOptions() {
  return httpQuery<Transfers>(root, transfersApiPaths.list);
}

/** The transfers the caller may see (the operator's every one; a manager's organisations'). */
export function useTransfers() {
  return useQuery(transfersQueryOptions());
}

/** What the operator may choose from when starting a transfer. */
export function useTransferOptions() {
  return useQuery(httpQuery<TransferOptions>([...root, 'options'], transfersApiPaths.options));
}

/** Starts a transfer (operator); the operator home's pending counts are read again. */
export const useStartTransfer = () =>
  useRefreshingWrite(
    root,
    (body: StartTransfer) => http<Transfer>(transfersApiPaths.list, { method: 'POST', body }),
    ['admin'],
  );

/**
 * Accepts, declines (with a reason) or withdraws a transfer. An accepted one moves its entities: their
 * pages, the two organisations' pages and the operator home's counts are read again.
 */
export const useAnswerTransfer = () =>
  useRefreshingWrite(
    root,
    ({
      id,
      action,
      reason,
    }: {
      id: string;
      action: 'accept' | 'decline' | 'cancel';
      reason?: string;
    }) =>
      http<Transfer>(transferApiPath(id, action), {
        method: 'POST',
        ...(action === 'decline' ? { body: { reason } } : {}),
      }),
    ['admin'],
    ['organisations'],
    ['locations'],
    ['healthcare-services'],
  );

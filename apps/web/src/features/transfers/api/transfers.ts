import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  transferApiPath,
  transfersApiPaths,
  type StartTransfer,
  type Transfer,
  type TransferOptions,
  type Transfers,
} from '@pca/contracts';
import { http } from '#lib/http.ts';

/** Query options of the transfers the caller may see. */
export function transfersQueryOptions() {
  return queryOptions({
    queryKey: ['transfers'],
    queryFn: ({ signal }) => http<Transfers>(transfersApiPaths.list, { signal }),
  });
}

/** The transfers the caller may see (the operator's every one; a manager's organisations'). */
export function useTransfers() {
  return useQuery(transfersQueryOptions());
}

/** What the operator may choose from when starting a transfer. */
export function useTransferOptions() {
  return useQuery({
    queryKey: ['transfers', 'options'],
    queryFn: ({ signal }) => http<TransferOptions>(transfersApiPaths.options, { signal }),
  });
}

function useTransferMutation<V>(send: (values: V) => Promise<Transfer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: ['transfers'] }),
  });
}

/** Starts a transfer (operator). */
export const useStartTransfer = () =>
  useTransferMutation((body: StartTransfer) =>
    http<Transfer>(transfersApiPaths.list, { method: 'POST', body }),
  );

/** Accepts, declines (with a reason) or withdraws a transfer. */
export const useAnswerTransfer = () =>
  useTransferMutation(
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
  );

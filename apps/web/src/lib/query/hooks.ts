import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { noop, type MutationOptions, type QueryOptions } from './client.ts';
import { useQueryClient } from './context.tsx';

// The React side of the query layer (docs/decisions/032-own-query-layer.md): useQuery and useMutation
// as the app uses TanStack Query's, under the same names.

export { useQueryClient };

/** A query as a component observes it. */
export interface UseQueryOptions<T> extends QueryOptions<T> {
  /** false: not fetched on mount or by invalidation (refetch() still fetches); default true. */
  enabled?: boolean;
  /** Shown while the query has no data (status 'success'), e.g. keepPreviousData. */
  placeholderData?: (previousData: T | undefined) => T | undefined;
}

type QueryResultBase = {
  /** A fetch is in flight (or about to start on mount). */
  isFetching: boolean;
  /** Fetches again now, even if fresh or disabled; never rejects. */
  refetch: () => Promise<void>;
};

/** What useQuery answers; the flags narrow `data` and `error`. */
export type UseQueryResult<T> = QueryResultBase &
  (
    | {
        status: 'pending';
        isPending: true;
        isError: false;
        isSuccess: false;
        data: undefined;
        error: null;
      }
    | {
        status: 'error';
        isPending: false;
        isError: true;
        isSuccess: false;
        data: T | undefined;
        error: unknown;
      }
    | {
        status: 'success';
        isPending: false;
        isError: false;
        isSuccess: true;
        data: T;
        error: null;
      }
  );

/** Types query options once, for useQuery, fetchQuery and ensureQueryData alike. */
export const queryOptions = <T>(options: UseQueryOptions<T>): UseQueryOptions<T> => options;

/** placeholderData that keeps the previous key's data on screen while the new key's loads. */
export const keepPreviousData = <T>(previousData: T | undefined): T | undefined => previousData;

/**
 * The query of `options.queryKey`: fetched on mount when stale (no data, invalidated, or older than
 * staleTime), refetched when invalidated while mounted, shared with every other observer of the key.
 */
export function useQuery<T>(options: UseQueryOptions<T>): UseQueryResult<T> {
  const client = useQueryClient();
  const query = client.build(options.queryKey, options);
  const enabled = options.enabled ?? true;
  const state = useSyncExternalStore(query.subscribe, () => query.state);
  useEffect(() => (enabled ? query.activate() : undefined), [query, enabled]);
  // The last query this hook showed data of: its data is placeholderData's argument.
  const [shown, setShown] = useState(query);
  if (state.data !== undefined && shown !== query) setShown(query);
  let { data, status } = state;
  if (status === 'pending' && options.placeholderData) {
    data = options.placeholderData(shown.state.data);
    if (data !== undefined) status = 'success';
  }
  return {
    data,
    error: state.error,
    status,
    isPending: status === 'pending',
    isError: status === 'error',
    isSuccess: status === 'success',
    // A stale query no mounted component observes yet is fetched by the mount effect: it counts as
    // fetching already, so no frame shows it idle.
    isFetching: state.isFetching || (enabled && !query.active && query.isStale()),
    refetch: query.refetch,
  } as UseQueryResult<T>;
}

/**
 * Callbacks of one mutate call: they run after the mutation's own, if this call is still the latest and
 * its component was mounted when the mutation function settled.
 */
export interface MutateCallbacks<T, V> {
  onSuccess?: (data: T, variables: V) => unknown;
  onError?: (error: unknown, variables: V) => unknown;
  onSettled?: (data: T | undefined, error: unknown, variables: V) => unknown;
}

type MutationState<T, V> = {
  status: 'idle' | 'pending' | 'success' | 'error';
  data: T | undefined;
  error: unknown;
  /** What the latest call was given, from its start. */
  variables: V | undefined;
};

/** What useMutation answers; mutate, mutateAsync and reset keep their identity across renders. */
export type UseMutationResult<T, V> = MutationState<T, V> & {
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  /** Starts the mutation; a failure is only reported (state, callbacks), never thrown. */
  mutate: (variables: V, callbacks?: MutateCallbacks<T, V>) => void;
  /** Starts the mutation; the promise rejects with its error. */
  mutateAsync: (variables: V, callbacks?: MutateCallbacks<T, V>) => Promise<T>;
  /** Back to idle; a call still running no longer reports here. */
  reset: () => void;
};

const idle = { status: 'idle', data: undefined, error: null, variables: undefined } as const;

/**
 * A mutation: pending until `mutationFn` and the options' own callbacks have settled (those run even if
 * the component has gone), then the state and the mutate call's callbacks.
 */
export function useMutation<T, V = void>(options: MutationOptions<T, V>): UseMutationResult<T, V> {
  const client = useQueryClient();
  const [state, setState] = useState<MutationState<T, V>>(idle);
  // The options of the latest render, so a call started from an old closure uses current callbacks.
  const latest = useRef(options);
  // Numbers the calls (and resets): only the latest call reports.
  const calls = useRef(0);
  const mounted = useRef(false);
  // After every render; the cleanup of one and the next effect run in the same commit, so `mounted`
  // is false only once the component has gone.
  useEffect(() => {
    latest.current = options;
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  });

  // Created once, so they keep their identity (effects may depend on them); the first client is the
  // only one a mounted component ever gets.
  const [actions] = useState(() => {
    const mutateAsync = (variables: V, callbacks: MutateCallbacks<T, V> = {}) => {
      const call = ++calls.current;
      const own = latest.current;
      // Whether the component was still mounted when the mutation function settled: one that left
      // while the request was out hears nothing; one that the mutation's own callbacks unmount (a
      // wizard that its submission's answer replaces) still runs the call's callbacks.
      let heard = false;
      const settle = (status: 'success' | 'error', data: T | undefined, error: unknown) => {
        if (call !== calls.current || !heard) return;
        setState({ status, data, error, variables });
        if (status === 'error') callbacks.onError?.(error, variables);
        else callbacks.onSuccess?.(data as T, variables);
        callbacks.onSettled?.(data, error, variables);
      };
      setState({ status: 'pending', data: undefined, error: null, variables });
      const mutationFn = (input: V) =>
        new Promise<T>((run) => run(own.mutationFn(input))).finally(() => {
          heard = mounted.current;
        });
      return client.executeMutation({ ...own, mutationFn }, variables).then(
        (data) => {
          settle('success', data, null);
          return data;
        },
        (error: unknown) => {
          settle('error', undefined, error);
          throw error;
        },
      );
    };
    return {
      mutateAsync,
      mutate: (variables: V, callbacks?: MutateCallbacks<T, V>) =>
        void mutateAsync(variables, callbacks).catch(noop),
      reset: () => {
        calls.current++;
        setState(idle);
      },
    };
  });

  return {
    ...state,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
    ...actions,
  };
}

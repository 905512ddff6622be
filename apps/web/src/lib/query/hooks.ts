import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { MutationOptions, Query, QueryOptions, QueryState } from './client.ts';
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

/** What one useQuery call keeps between renders. */
class QueryObserver<T> {
  /** The query whose mount effect has run, while it is mounted and enabled. */
  private mounted: Query<T> | undefined;
  /** The last data this hook showed that was a query's own (placeholderData's argument). */
  private previousData: T | undefined;

  mount(query: Query<T>, enabled: boolean): (() => void) | undefined {
    if (!enabled) return;
    this.mounted = query;
    const release = query.activate();
    return () => {
      release();
      this.mounted = undefined;
    };
  }

  result(query: Query<T>, state: QueryState<T>, options: UseQueryOptions<T>): UseQueryResult<T> {
    let { data, status } = state;
    if (data !== undefined) this.previousData = data;
    else if (status === 'pending' && options.placeholderData) {
      data = options.placeholderData(this.previousData);
      if (data !== undefined) status = 'success';
    }
    // Until the mount effect starts it, a fetch about to start already counts, so no frame shows a
    // stale or empty query as idle.
    const isFetching =
      state.isFetching || ((options.enabled ?? true) && this.mounted !== query && query.isStale());
    return {
      data,
      error: state.error,
      status,
      isPending: status === 'pending',
      isError: status === 'error',
      isSuccess: status === 'success',
      isFetching,
      refetch: query.refetch,
    } as UseQueryResult<T>;
  }
}

/**
 * The query of `options.queryKey`: fetched on mount when stale (no data, invalidated, or older than
 * staleTime), refetched when invalidated while mounted, shared with every other observer of the key.
 */
export function useQuery<T>(options: UseQueryOptions<T>): UseQueryResult<T> {
  const client = useQueryClient();
  const [observer] = useState(() => new QueryObserver<T>());
  const query = client.build(options.queryKey, options);
  const enabled = options.enabled ?? true;
  const state = useSyncExternalStore(
    useCallback((onChange: () => void) => query.subscribe(onChange), [query]),
    () => query.state,
  );
  useEffect(() => observer.mount(query, enabled), [observer, query, enabled]);
  return observer.result(query, state, options);
}

/** Callbacks of one mutate call: they run after the mutation's own, if this call is still the latest and mounted. */
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
  const calls = useRef(0);
  const mounted = useRef(false);
  useEffect(() => {
    latest.current = options;
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mutateAsync = useCallback(
    (variables: V, callbacks: MutateCallbacks<T, V> = {}) => {
      const call = ++calls.current;
      // Only the latest call reports, and only to a mounted component.
      const reports = () => call === calls.current && mounted.current;
      setState({ status: 'pending', data: undefined, error: null, variables });
      return client.executeMutation(latest.current, variables).then(
        (data) => {
          if (reports()) {
            setState({ status: 'success', data, error: null, variables });
            callbacks.onSuccess?.(data, variables);
            callbacks.onSettled?.(data, null, variables);
          }
          return data;
        },
        (error: unknown) => {
          if (reports()) {
            setState({ status: 'error', data: undefined, error, variables });
            callbacks.onError?.(error, variables);
            callbacks.onSettled?.(undefined, error, variables);
          }
          throw error;
        },
      );
    },
    [client],
  );
  const mutate = useCallback(
    (variables: V, callbacks?: MutateCallbacks<T, V>) =>
      void mutateAsync(variables, callbacks).catch(() => undefined),
    [mutateAsync],
  );
  const reset = useCallback(() => {
    calls.current++;
    setState(idle);
  }, []);

  return {
    ...state,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
    mutate,
    mutateAsync,
    reset,
  };
}

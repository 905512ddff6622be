// The app's server-state cache: queries by key, with the parts of TanStack Query's semantics the app
// relies on and nothing else (docs/decisions/032-own-query-layer.md). No React here: the hooks are in
// hooks.ts, the context in context.tsx.

/** A query's key: its parts, most general first, so a prefix names a family of queries. */
export type QueryKey = readonly unknown[];

/** Whether to try a failed fetch again: a count of retries, always/never, or a rule. */
export type Retry = boolean | number | ((failureCount: number, error: unknown) => boolean);

/** How a query is fetched and kept. */
export interface QueryOptions<T = unknown> {
  queryKey: QueryKey;
  /** Fetches the data; `signal` aborts when the fetch is cancelled or superseded. */
  queryFn: (context: { signal: AbortSignal }) => Promise<T>;
  /** How long (ms) fetched data counts as fresh; default 0. */
  staleTime?: number;
  /** How long (ms) a query no component observes is kept (finite); default 5 minutes. */
  gcTime?: number;
  /** Default 3 retries. */
  retry?: Retry;
  /** Milliseconds between attempts; default 1 s doubling per failure, at most 30 s. */
  retryDelay?: number;
}

/** Options every query gets unless its own say otherwise. */
export type QueryDefaults = Partial<Omit<QueryOptions, 'queryKey' | 'queryFn'>>;

/** The client's default options. */
export interface DefaultOptions {
  queries?: QueryDefaults;
}

/** A client's configuration. */
export interface QueryClientConfig {
  defaultOptions?: DefaultOptions;
  /** Called with the error of every query whose fetch finally failed and of every failed mutation. */
  onError?: (error: unknown) => void;
}

/** A query's state: what observers render. Replaced (never changed in place) on every change. */
export interface QueryState<T = unknown> {
  /** The last data fetched or set; kept while refetching and after a failed refetch. */
  data: T | undefined;
  /** The last fetch's error, until a fetch succeeds or data is set. */
  error: unknown;
  /** 'pending' until there is data or an error. */
  status: 'pending' | 'error' | 'success';
  isFetching: boolean;
  /** Marked by invalidateQueries: stale whatever its age, until fresh data arrives. */
  isInvalidated: boolean;
  dataUpdatedAt: number;
}

/** Which queries a client method acts on: those under `queryKey` (a key prefix) that pass `predicate`. */
export interface QueryFilters {
  queryKey?: QueryKey;
  predicate?: (query: Query) => boolean;
}

/** A mutation's function and the callbacks that belong to it (they run wherever it is started). */
export interface MutationOptions<T, V> {
  mutationFn: (variables: V) => Promise<T>;
  onSuccess?: (data: T, variables: V) => unknown;
  onError?: (error: unknown, variables: V) => unknown;
  onSettled?: (data: T | undefined, error: unknown, variables: V) => unknown;
}

/** Does nothing: the handler of a rejection already reported elsewhere. */
export const noop = (): undefined => undefined;

// A primitive's prototype is its wrapper's (0 stands in for null and undefined, which have none).
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  Object.getPrototypeOf(value ?? 0) === Object.prototype;

/** A value as JSON with object keys sorted, so `{ a, b }` and `{ b, a }` name the same query. */
export const hashKey = (value: unknown): string =>
  JSON.stringify(value, (_, v: unknown) =>
    isPlainObject(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  );

/**
 * `next`, keeping every part of `previous` that is deep-equal to its counterpart (plain objects and arrays,
 * as JSON gives): a refetch that changed nothing keeps the old data's identity, so memos and effects that
 * depend on it do not run again, and one that changed a row keeps the other rows.
 */
export function replaceEqualDeep(previous: unknown, next: unknown): unknown {
  if (previous === next) return previous;
  const arrays = Array.isArray(previous) && Array.isArray(next);
  if (!arrays && !(isPlainObject(previous) && isPlainObject(next))) return next;
  const before = previous as Record<string, unknown>;
  const after = next as Record<string, unknown>;
  const keys = Object.keys(after);
  const copy: Record<string, unknown> = arrays ? ([] as unknown as Record<string, unknown>) : {};
  let same = keys.length === Object.keys(before).length;
  for (const key of keys) {
    copy[key] = replaceEqualDeep(before[key], after[key]);
    same &&= copy[key] === before[key] && Object.hasOwn(before, key);
  }
  return same ? previous : copy;
}

const shouldRetry = (retry: Retry, failureCount: number, error: unknown) =>
  typeof retry === 'function'
    ? retry(failureCount, error)
    : retry === true || failureCount < +retry;

/** One cached query: its state, its fetch in flight, the components observing it. */
export class Query<T = unknown> {
  state: QueryState<T> = {
    data: undefined,
    error: null,
    status: 'pending',
    isFetching: false,
    isInvalidated: false,
    dataUpdatedAt: 0,
  };
  /** The latest options given for this key (with the client's defaults); a refetch uses them. */
  options: Partial<QueryOptions<T>> = {};
  /** How many mounted components observe it with `enabled` (invalidation refetches only these). */
  active = 0;
  // Private fields (#): the minifier shortens their names, not those of public properties.
  #client: QueryClient;
  #listeners = new Set<() => void>();
  #promise: Promise<T> | undefined;
  #controller: AbortController | undefined;
  #gcTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    client: QueryClient,
    readonly queryKey: QueryKey,
  ) {
    this.#client = client;
  }

  /** Calls `listener` on every state change; the query is kept while anything listens. */
  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    clearTimeout(this.#gcTimer);
    return () => {
      this.#listeners.delete(listener);
      this.scheduleGc();
    };
  };

  /** A mounted, enabled observer: fetches now if the data is stale; the returned function ends it. */
  activate(): () => void {
    this.active++;
    if (this.isStale()) this.fetch().catch(noop);
    return () => void this.active--;
  }

  /** No data, invalidated, or older than `staleTime`. */
  isStale(): boolean {
    const { data, isInvalidated, dataUpdatedAt } = this.state;
    return (
      data === undefined ||
      isInvalidated ||
      Date.now() - dataUpdatedAt >= (this.options.staleTime ?? 0)
    );
  }

  setState(patch: Partial<QueryState<T>>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.#listeners) listener();
  }

  /** Data that replaces what the query holds (structurally shared with it), as fetched or set. */
  dataPatch(data: T): Partial<QueryState<T>> {
    return {
      data: replaceEqualDeep(this.state.data, data) as T,
      error: null,
      status: 'success',
      isInvalidated: false,
      dataUpdatedAt: Date.now(),
    };
  }

  /**
   * Fetches, retrying as `retry` says. A fetch in flight is shared (one request for every caller), except
   * that `restart` (a refetch or an invalidation) aborts one that would replace data already shown: its
   * answer may predate the change that made the data stale.
   */
  fetch(restart = false): Promise<T> {
    if (this.#promise && !(restart && this.state.data !== undefined)) return this.#promise;
    this.#controller?.abort();
    const controller = (this.#controller = new AbortController());
    const { signal } = controller;
    const { queryFn, retry = 3, retryDelay } = this.options;
    // Data stays on screen while it is refetched; without data the query is pending again, not in error.
    this.setState({
      isFetching: true,
      ...(this.state.data === undefined && { status: 'pending', error: null }),
    });
    // The fetch's outcome, unless it was cancelled, removed or superseded (a newer fetch owns the
    // query): then it changes nothing.
    const settle = (patch: Partial<QueryState<T>>) => {
      if (this.#controller !== controller) return false;
      this.#controller = undefined;
      this.#end(patch);
      return true;
    };
    return (this.#promise = new Promise<T>((resolve, reject) => {
      signal.onabort = () => reject(signal.reason);
      const attempt = (failureCount: number) =>
        new Promise<T>((run) => run(queryFn!({ signal }))).then(resolve, (error: unknown) => {
          if (signal.aborted) return;
          if (!shouldRetry(retry, failureCount, error)) return reject(error);
          // TanStack Query's back-off: 1 s, 2 s, 4 s … at most 30 s.
          const delay = retryDelay ?? Math.min(1000 * 2 ** failureCount, 30_000);
          setTimeout(() => signal.aborted || attempt(failureCount + 1), delay);
        });
      attempt(0);
    }).then(
      (data) => {
        settle(this.dataPatch(data));
        return data;
      },
      (error: unknown) => {
        if (settle({ status: 'error', error })) this.#client.config.onError?.(error);
        throw error;
      },
    ));
  }

  /** Re-fetches now (even if fresh); never rejects: the outcome is in the state. */
  refetch = (): Promise<void> => this.fetch(true).then(noop, noop);

  /** Aborts the fetch in flight; its callers' promises reject with the abort reason. */
  abort(): void {
    this.#controller?.abort();
    this.#controller = this.#promise = undefined;
  }

  /** Ends the fetch in flight (aborting it if it still runs) with `patch` as the state. */
  #end(patch: Partial<QueryState<T>>): void {
    this.abort();
    this.setState({ ...patch, isFetching: false });
    this.scheduleGc();
  }

  /** Aborts the fetch in flight; the query keeps what it had (data, or none) and stops fetching. */
  cancel(): void {
    if (this.#controller) this.#end({});
  }

  /** Drops the query `gcTime` after the last observer left, unless one comes back or a fetch is in flight. */
  scheduleGc(): void {
    clearTimeout(this.#gcTimer);
    const gcTime = this.options.gcTime ?? 5 * 60_000;
    if (this.#listeners.size) return;
    this.#gcTimer = setTimeout(() => {
      if (!this.#listeners.size && !this.#promise) this.#client.remove(this);
    }, gcTime);
  }
}

/** The cache of queries, and the one place failed queries and mutations are reported. */
export class QueryClient {
  #queries = new Map<string, Query>();

  /** Its configuration (a test may change the defaults). */
  constructor(readonly config: QueryClientConfig = {}) {}

  /** The query of `queryKey`, created if new; `options` (with the defaults) become its options. */
  build<T>(queryKey: QueryKey, options?: Partial<QueryOptions<T>>): Query<T> {
    const hash = hashKey(queryKey);
    const cached = this.#queries.get(hash) as Query<T> | undefined;
    const query = cached ?? new Query<T>(this, queryKey);
    if (options || !cached) query.options = { ...this.config.defaultOptions?.queries, ...options };
    if (!cached) {
      this.#queries.set(hash, query as Query);
      // A query nothing ever observes (set, or fetched by a loader) is dropped after gcTime too.
      query.scheduleGc();
    }
    return query;
  }

  /** Removes `query` from the cache (if it is still the one cached for its key) and aborts its fetch. */
  remove(query: Query): void {
    const hash = hashKey(query.queryKey);
    if (this.#queries.get(hash) === query) this.#queries.delete(hash);
    query.abort();
  }

  #find({ queryKey, predicate }: QueryFilters = {}): Query[] {
    return [...this.#queries.values()].filter(
      (query) =>
        (!queryKey || queryKey.every((part, i) => hashKey(part) === hashKey(query.queryKey[i]))) &&
        (!predicate || predicate(query)),
    );
  }

  getQueryState<T>(queryKey: QueryKey): QueryState<T> | undefined {
    return this.#queries.get(hashKey(queryKey))?.state as QueryState<T> | undefined;
  }

  getQueryData<T>(queryKey: QueryKey): T | undefined {
    return this.getQueryState<T>(queryKey)?.data;
  }

  /** Sets a query's data (an updater gets the current data); undefined leaves the query as it is. */
  setQueryData<T>(
    queryKey: QueryKey,
    updater: T | undefined | ((previous: T | undefined) => T | undefined),
  ): T | undefined {
    const query = this.build<T>(queryKey);
    const data =
      typeof updater === 'function'
        ? (updater as (previous: T | undefined) => T | undefined)(query.state.data)
        : updater;
    if (data !== undefined) query.setState(query.dataPatch(data));
    return query.state.data;
  }

  /** The query's data if fresh, else fetched (sharing a fetch in flight). */
  async fetchQuery<T>(options: QueryOptions<T>): Promise<T> {
    const query = this.build(options.queryKey, options);
    return query.isStale() ? query.fetch() : (query.state.data as T);
  }

  /** The query's data if there is any, however old (a route guard's read), else fetched. */
  async ensureQueryData<T>(options: QueryOptions<T>): Promise<T> {
    const data = this.getQueryData<T>(options.queryKey);
    return data === undefined ? this.fetchQuery(options) : data;
  }

  /**
   * Marks the matching queries stale and refetches those a mounted component observes; resolves when
   * they have (so a mutation that awaits this is pending until the page shows the change).
   */
  invalidateQueries(filters?: QueryFilters): Promise<void> {
    const queries = this.#find(filters);
    for (const query of queries) query.setState({ isInvalidated: true });
    return refetch(queries);
  }

  /** Refetches the matching queries a mounted component observes. */
  refetchQueries(filters?: QueryFilters): Promise<void> {
    return refetch(this.#find(filters));
  }

  /** Aborts the matching queries' fetches in flight. */
  cancelQueries(filters?: QueryFilters): void {
    for (const query of this.#find(filters)) query.cancel();
  }

  /** Drops the matching queries (observers mounted now fetch afresh on their next render). */
  removeQueries(filters?: QueryFilters): void {
    for (const query of this.#find(filters)) this.remove(query);
  }

  /** Drops every query. */
  clear(): void {
    this.removeQueries();
  }

  /**
   * Runs a mutation. Its own callbacks run before the promise settles and are awaited (an `onSuccess`
   * that returns invalidateQueries keeps the mutation pending until the refetch is done); `onError` of
   * the client hears every failure first.
   */
  async executeMutation<T, V>(options: MutationOptions<T, V>, variables: V): Promise<T> {
    try {
      const data = await options.mutationFn(variables);
      await options.onSuccess?.(data, variables);
      await options.onSettled?.(data, null, variables);
      return data;
    } catch (error) {
      this.config.onError?.(error);
      await options.onError?.(error, variables);
      await options.onSettled?.(undefined, error, variables);
      throw error;
    }
  }
}

function refetch(queries: Query[]): Promise<void> {
  return Promise.all(queries.filter((q) => q.active).map((q) => q.refetch())).then(noop);
}

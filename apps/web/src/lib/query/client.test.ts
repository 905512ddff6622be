import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashKey, QueryClient, replaceEqualDeep } from './client.ts';
import { deferred } from '../../test/deferred.ts';

const noRetry = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

afterEach(() => {
  vi.useRealTimers();
});

describe('keys', () => {
  it('hash as JSON with object keys sorted, so property order does not matter', () => {
    expect(hashKey(['a', { b: 1, a: [2, { d: 1, c: 2 }] }])).toBe(
      hashKey(['a', { a: [2, { c: 2, d: 1 }], b: 1 }]),
    );
    const client = noRetry();
    client.setQueryData(['list', { page: 2, filter: 'x' }], 'data');
    expect(client.getQueryData(['list', { filter: 'x', page: 2 }])).toBe('data');
  });

  it('filters match a key prefix part by part, and a predicate as well', async () => {
    const client = noRetry();
    for (const key of [['me'], ['me', 'organisations'], ['meow'], ['x', 'me'], [1], [12]])
      client.setQueryData(key, 'data');
    await client.invalidateQueries({ queryKey: ['me'] });
    await client.invalidateQueries({ queryKey: [1] });
    const invalidated = (key: unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(invalidated(['me'])).toBe(true);
    expect(invalidated(['me', 'organisations'])).toBe(true);
    expect(invalidated(['meow'])).toBe(false);
    expect(invalidated(['x', 'me'])).toBe(false);
    expect(invalidated([1])).toBe(true);
    expect(invalidated([12])).toBe(false);

    client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
    expect(client.getQueryData(['me', 'organisations'])).toBe('data');
    expect(client.getQueryData(['meow'])).toBeUndefined();
    expect(client.getQueryData([12])).toBeUndefined();
  });
});

describe('fetching', () => {
  it('shares a fetch in flight, returns fresh data without fetching, and fetches again once invalidated', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    const answer = deferred<string>();
    const queryFn = vi.fn(() => answer.promise);
    const first = client.fetchQuery({ queryKey: ['k'], queryFn });
    const second = client.fetchQuery({ queryKey: ['k'], queryFn });
    expect(client.getQueryState(['k'])).toMatchObject({ status: 'pending', isFetching: true });
    answer.resolve('one');
    await expect(Promise.all([first, second])).resolves.toEqual(['one', 'one']);
    expect(queryFn).toHaveBeenCalledTimes(1);

    await expect(client.fetchQuery({ queryKey: ['k'], queryFn })).resolves.toBe('one');
    expect(queryFn).toHaveBeenCalledTimes(1);

    await client.invalidateQueries({ queryKey: ['k'] });
    // Nothing observes the query, so invalidation only marks it; the next read fetches.
    expect(queryFn).toHaveBeenCalledTimes(1);
    queryFn.mockImplementation(() => Promise.resolve('two'));
    await expect(client.fetchQuery({ queryKey: ['k'], queryFn })).resolves.toBe('two');
    expect(client.getQueryState(['k'])?.isInvalidated).toBe(false);
  });

  it('invalidation restarts a fetch in flight that would replace data shown, and shares one that would not', async () => {
    const client = noRetry();
    const signals: AbortSignal[] = [];
    const answers = [deferred<string>(), deferred<string>(), deferred<string>()];
    const query = client.build(['k'], {
      queryKey: ['k'],
      queryFn: ({ signal }) => {
        signals.push(signal);
        return answers[signals.length - 1]!.promise;
      },
    });
    // An observer mounts: no data, so it fetches; invalidating now shares that fetch.
    const release = query.activate();
    const first = client.invalidateQueries({ queryKey: ['k'] });
    expect(signals).toHaveLength(1);
    answers[0]!.resolve('v1');
    await first;
    expect(client.getQueryData(['k'])).toBe('v1');

    // With data shown, a second invalidation aborts the refetch the first started: its answer may predate the change.
    const second = client.invalidateQueries({ queryKey: ['k'] });
    const third = client.invalidateQueries({ queryKey: ['k'] });
    expect(signals).toHaveLength(3);
    expect(signals[1]!.aborted).toBe(true);
    answers[1]!.resolve('before the change');
    answers[2]!.resolve('v2');
    await Promise.all([second, third]);
    expect(client.getQueryState(['k'])).toMatchObject({ data: 'v2', isFetching: false });
    release();
  });

  it('staleTime 0 (the default) fetches on every fetchQuery', async () => {
    const client = noRetry();
    const queryFn = vi.fn(() => Promise.resolve(1));
    await client.fetchQuery({ queryKey: ['k'], queryFn });
    await client.fetchQuery({ queryKey: ['k'], queryFn });
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it('ensureQueryData answers from the cache however stale, and fetches only without data', async () => {
    const client = noRetry();
    const queryFn = vi.fn(() => Promise.resolve('fetched'));
    await expect(client.ensureQueryData({ queryKey: ['k'], queryFn })).resolves.toBe('fetched');
    await client.invalidateQueries({ queryKey: ['k'] });
    await expect(client.ensureQueryData({ queryKey: ['k'], queryFn })).resolves.toBe('fetched');
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('passes an abort signal; cancelQueries aborts it, keeps the data and rejects the callers', async () => {
    const client = noRetry();
    client.setQueryData(['k'], 'old');
    let signal: AbortSignal | undefined;
    const fetching = client.fetchQuery({
      queryKey: ['k'],
      queryFn: (context) => {
        signal = context.signal;
        return new Promise<string>(() => undefined);
      },
    });
    expect(client.getQueryState(['k'])?.isFetching).toBe(true);
    client.cancelQueries({ queryKey: ['k'] });
    expect(signal?.aborted).toBe(true);
    await expect(fetching).rejects.toMatchObject({ name: 'AbortError' });
    expect(client.getQueryState(['k'])).toMatchObject({
      data: 'old',
      status: 'success',
      isFetching: false,
    });
  });

  it('removeQueries and clear drop queries and abort their fetches', async () => {
    const client = noRetry();
    let signal: AbortSignal | undefined;
    const fetching = client.fetchQuery({
      queryKey: ['a'],
      queryFn: (context) => {
        signal = context.signal;
        return new Promise<string>(() => undefined);
      },
    });
    client.setQueryData(['b'], 1);
    client.clear();
    expect(signal?.aborted).toBe(true);
    await expect(fetching).rejects.toMatchObject({ name: 'AbortError' });
    expect(client.getQueryState(['a'])).toBeUndefined();
    expect(client.getQueryData(['b'])).toBeUndefined();
  });

  it('a failure keeps data already fetched; without data a new fetch is pending again, not in error', async () => {
    const client = noRetry();
    const failing = () => Promise.reject(new Error('down'));
    await client.fetchQuery({ queryKey: ['k'], queryFn: failing }).catch(() => null);
    expect(client.getQueryState(['k'])).toMatchObject({ status: 'error', data: undefined });
    const answer = deferred<string>();
    const again = client.fetchQuery({ queryKey: ['k'], queryFn: () => answer.promise });
    expect(client.getQueryState(['k'])).toMatchObject({ status: 'pending', error: null });
    answer.resolve('up');
    await again;
    await client.fetchQuery({ queryKey: ['k'], queryFn: failing }).catch(() => null);
    expect(client.getQueryState(['k'])).toMatchObject({ status: 'error', data: 'up' });
  });

  it('setQueryData sets a value or an updater’s answer; undefined changes nothing', () => {
    const client = noRetry();
    expect(client.setQueryData<number>(['n'], (n) => (n === undefined ? undefined : n + 1))).toBe(
      undefined,
    );
    expect(client.getQueryState(['n'])?.status).toBe('pending');
    client.setQueryData(['n'], 1);
    client.setQueryData<number>(['n'], (n) => (n ?? 0) + 1);
    expect(client.getQueryData(['n'])).toBe(2);
    expect(client.getQueryState(['n'])).toMatchObject({ status: 'success', isInvalidated: false });
  });
});

describe('retries', () => {
  it('retry as a rule gets the failures so far; the delays are 1 s, 2 s … and the client hears only the last failure', async () => {
    vi.useFakeTimers();
    const onError = vi.fn();
    const retry = vi.fn((failureCount: number) => failureCount < 2);
    const client = new QueryClient({ onError, defaultOptions: { queries: { retry } } });
    const queryFn = vi.fn(() => Promise.reject(new Error('down')));
    const fetching = client.fetchQuery({ queryKey: ['k'], queryFn });
    fetching.catch(() => null);
    await vi.advanceTimersByTimeAsync(0);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(queryFn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(queryFn).toHaveBeenCalledTimes(2);
    expect(client.getQueryState(['k'])).toMatchObject({ status: 'pending', isFetching: true });
    await vi.advanceTimersByTimeAsync(1);
    await expect(fetching).rejects.toThrow('down');
    expect(queryFn).toHaveBeenCalledTimes(3);
    expect(retry.mock.calls.map(([count]) => count)).toEqual([0, 1, 2]);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(client.getQueryState(['k'])).toMatchObject({ status: 'error', isFetching: false });
  });

  it('retry false or a number; retryDelay overrides the back-off', async () => {
    const attempts = async (retry: boolean | number) => {
      const client = new QueryClient({ defaultOptions: { queries: { retry, retryDelay: 0 } } });
      const queryFn = vi.fn(() => Promise.reject(new Error('down')));
      await client.fetchQuery({ queryKey: ['k'], queryFn }).catch(() => null);
      return queryFn.mock.calls.length;
    };
    expect(await attempts(false)).toBe(1);
    expect(await attempts(2)).toBe(3);
    // The default: three retries.
    const client = new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
    const queryFn = vi.fn(() => Promise.reject(new Error('down')));
    await client.fetchQuery({ queryKey: ['k'], queryFn }).catch(() => null);
    expect(queryFn).toHaveBeenCalledTimes(4);
  });

  it('a cancelled fetch stops retrying and is not reported as a failure', async () => {
    vi.useFakeTimers();
    const onError = vi.fn();
    const client = new QueryClient({ onError });
    const queryFn = vi.fn(() => Promise.reject(new Error('down')));
    const fetching = client.fetchQuery({ queryKey: ['k'], queryFn });
    fetching.catch(() => null);
    await vi.advanceTimersByTimeAsync(0);
    client.cancelQueries();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
    expect(client.getQueryState(['k'])).toMatchObject({ status: 'pending', isFetching: false });
  });
});

describe('structural sharing', () => {
  it('keeps the identity of every part equal to the previous data', () => {
    const before = { items: [{ id: 1 }, { id: 2 }], total: 2, meta: { page: 1 } };
    const same = replaceEqualDeep(before, JSON.parse(JSON.stringify(before)));
    expect(same).toBe(before);
    const next = replaceEqualDeep(before, {
      items: [{ id: 1 }, { id: 3 }],
      total: 2,
      meta: { page: 1 },
    }) as typeof before;
    expect(next).not.toBe(before);
    expect(next.items[0]).toBe(before.items[0]);
    expect(next.items[1]).toEqual({ id: 3 });
    expect(next.meta).toBe(before.meta);
    expect(replaceEqualDeep({ a: undefined }, { b: undefined })).toEqual({ b: undefined });
    expect(replaceEqualDeep([1, 2], [1])).toEqual([1]);
  });

  it('applies to fetched and set data', async () => {
    const client = noRetry();
    const first = await client.fetchQuery({
      queryKey: ['k'],
      queryFn: () => Promise.resolve({ rows: [{ id: 1 }] }),
    });
    const second = await client.fetchQuery({
      queryKey: ['k'],
      queryFn: () => Promise.resolve({ rows: [{ id: 1 }] }),
    });
    expect(second).toEqual(first);
    expect(client.getQueryData(['k'])).toBe(first);
  });
});

describe('garbage collection', () => {
  it('drops a query nothing observes after gcTime (5 minutes by default), not while observed', () => {
    vi.useFakeTimers();
    const client = noRetry();
    client.setQueryData(['kept'], 1);
    client.setQueryData(['dropped'], 1);
    const query = client.build(['kept']);
    const unsubscribe = query.subscribe(() => undefined);
    vi.advanceTimersByTime(5 * 60_000);
    expect(client.getQueryData(['dropped'])).toBeUndefined();
    expect(client.getQueryData(['kept'])).toBe(1);
    unsubscribe();
    vi.advanceTimersByTime(5 * 60_000 - 1);
    expect(client.getQueryData(['kept'])).toBe(1);
    vi.advanceTimersByTime(1);
    expect(client.getQueryData(['kept'])).toBeUndefined();
  });

  it('waits for a fetch in flight, and honours a query’s own gcTime', async () => {
    vi.useFakeTimers();
    const client = noRetry();
    const answer = deferred<number>();
    const fetching = client.fetchQuery({
      queryKey: ['k'],
      queryFn: () => answer.promise,
      gcTime: 0,
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(client.getQueryState(['k'])?.isFetching).toBe(true);
    answer.resolve(1);
    await fetching;
    expect(client.getQueryData(['k'])).toBe(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(client.getQueryData(['k'])).toBeUndefined();
  });

  it('a query dropped and built again is a new one: the old one’s timer does not drop it', () => {
    vi.useFakeTimers();
    const client = noRetry();
    const old = client.build(['k']);
    const unsubscribe = old.subscribe(() => undefined);
    client.removeQueries({ queryKey: ['k'] });
    client.setQueryData(['k'], 'new');
    const unsubscribeNew = client.build(['k']).subscribe(() => undefined);
    unsubscribe();
    vi.advanceTimersByTime(10 * 60_000);
    expect(client.getQueryData(['k'])).toBe('new');
    unsubscribeNew();
  });
});

describe('mutations', () => {
  it('run the mutation’s callbacks in order, awaiting each, before the promise settles', async () => {
    const client = noRetry();
    const order: string[] = [];
    const invalidated = deferred<void>();
    const running = client.executeMutation(
      {
        mutationFn: (n: number) => Promise.resolve(n * 2),
        onSuccess: (data, variables) => {
          order.push(`success ${data} ${variables}`);
          return invalidated.promise.then(() => order.push('invalidated'));
        },
        onSettled: (data, error) => void order.push(`settled ${data} ${String(error)}`),
      },
      21,
    );
    await Promise.resolve();
    await Promise.resolve();
    expect(order).toEqual(['success 42 21']);
    invalidated.resolve();
    await expect(running).resolves.toBe(42);
    expect(order).toEqual(['success 42 21', 'invalidated', 'settled 42 null']);
  });

  it('a failure goes to the client’s onError first, then the mutation’s onError and onSettled, and rejects', async () => {
    const order: string[] = [];
    const client = new QueryClient({ onError: (e) => order.push(`client ${String(e)}`) });
    const error = new Error('refused');
    await expect(
      client.executeMutation(
        {
          mutationFn: () => Promise.reject(error),
          onSuccess: () => order.push('success'),
          onError: (e, v) => void order.push(`error ${String(e)} ${String(v)}`),
          onSettled: (d, e) => void order.push(`settled ${String(d)} ${String(e)}`),
        },
        'v',
      ),
    ).rejects.toBe(error);
    expect(order).toEqual([
      'client Error: refused',
      'error Error: refused v',
      'settled undefined Error: refused',
    ]);
  });
});

import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, renderHook, waitFor } from '@testing-library/react';
import { QueryClient } from './client.ts';
import { QueryClientProvider } from './context.tsx';
import { keepPreviousData, useMutation, useQuery, type UseQueryOptions } from './hooks.ts';
import { deferred } from '../../test/deferred.ts';

function setUp(client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('useQuery', () => {
  it('is pending (and already fetching) on the first render, then has the data', async () => {
    const { wrapper } = setUp();
    const answer = deferred<string>();
    const { result } = renderHook(
      () => useQuery({ queryKey: ['k'], queryFn: () => answer.promise }),
      { wrapper },
    );
    expect(result.current).toMatchObject({
      status: 'pending',
      isPending: true,
      isFetching: true,
      data: undefined,
      error: null,
    });
    await act(async () => answer.resolve('data'));
    expect(result.current).toMatchObject({
      status: 'success',
      isSuccess: true,
      isFetching: false,
      data: 'data',
    });
  });

  it('disabled without data: pending, not fetching, and no request', () => {
    const { wrapper } = setUp();
    const queryFn = vi.fn(() => Promise.resolve('data'));
    const { result } = renderHook(() => useQuery({ queryKey: ['k'], queryFn, enabled: false }), {
      wrapper,
    });
    expect(result.current).toMatchObject({ status: 'pending', isPending: true, isFetching: false });
    expect(queryFn).not.toHaveBeenCalled();
  });

  it('reports a failure with its error, and refetch() fetches again', async () => {
    const { wrapper } = setUp();
    const queryFn = vi.fn((): Promise<string> => Promise.reject(new Error('down')));
    const { result } = renderHook(() => useQuery({ queryKey: ['k'], queryFn }), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toEqual(new Error('down'));
    queryFn.mockImplementation(() => Promise.resolve('up'));
    await act(() => result.current.refetch());
    expect(result.current).toMatchObject({ status: 'success', data: 'up', error: null });
  });

  it('does not fetch on mount while the cached data is fresh', async () => {
    const { client, wrapper } = setUp(
      new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } }),
    );
    client.setQueryData(['k'], 'cached');
    const queryFn = vi.fn(() => Promise.resolve('fetched'));
    const { result } = renderHook(() => useQuery({ queryKey: ['k'], queryFn }), { wrapper });
    expect(result.current).toMatchObject({ data: 'cached', isFetching: false });
    await act(async () => undefined);
    expect(queryFn).not.toHaveBeenCalled();
  });

  it('invalidation refetches what is mounted and enabled, keeping the data on screen, and resolves once it has', async () => {
    const { client, wrapper } = setUp();
    let version = 1;
    const queryFn = vi.fn(() => Promise.resolve(`v${version}`));
    const disabledFn = vi.fn(() => Promise.resolve('disabled'));
    const { result } = renderHook(
      () => ({
        active: useQuery({ queryKey: ['k', 'active'], queryFn }),
        disabled: useQuery({ queryKey: ['k', 'disabled'], queryFn: disabledFn, enabled: false }),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.active.data).toBe('v1'));
    client.setQueryData(['k', 'unobserved'], 'old');

    version = 2;
    const answer = deferred<string>();
    queryFn.mockImplementationOnce(() => answer.promise);
    let done = false;
    let invalidation!: Promise<void>;
    act(() => {
      invalidation = client.invalidateQueries({ queryKey: ['k'] }).then(() => {
        done = true;
      });
    });
    expect(result.current.active).toMatchObject({ data: 'v1', isFetching: true });
    await act(async () => undefined);
    expect(done).toBe(false);
    await act(async () => {
      answer.resolve('v2');
      await invalidation;
    });
    expect(result.current.active.data).toBe('v2');
    expect(queryFn).toHaveBeenCalledTimes(2);
    expect(disabledFn).not.toHaveBeenCalled();
    expect(client.getQueryState(['k', 'unobserved'])?.isInvalidated).toBe(true);
  });

  it('keepPreviousData shows the last key’s data while the next key loads', async () => {
    const { wrapper } = setUp();
    const answers = new Map([
      [1, deferred<string>()],
      [2, deferred<string>()],
    ]);
    const { result, rerender } = renderHook(
      ({ page }: { page: number }) =>
        useQuery({
          queryKey: ['pages', page],
          queryFn: () => answers.get(page)!.promise,
          placeholderData: keepPreviousData,
        }),
      { wrapper, initialProps: { page: 1 } },
    );
    expect(result.current.status).toBe('pending');
    await act(async () => answers.get(1)!.resolve('page 1'));
    expect(result.current.data).toBe('page 1');

    rerender({ page: 2 });
    expect(result.current).toMatchObject({
      status: 'success',
      isPending: false,
      isFetching: true,
      data: 'page 1',
    });
    await act(async () => answers.get(2)!.resolve('page 2'));
    expect(result.current).toMatchObject({ data: 'page 2', isFetching: false });
  });

  it('two observers of one key share one fetch; unmounting both drops the query after gcTime', async () => {
    vi.useFakeTimers();
    const { client, wrapper } = setUp();
    const queryFn = vi.fn(() => Promise.resolve('data'));
    const options: UseQueryOptions<string> = { queryKey: ['k'], queryFn, gcTime: 1000 };
    const { result, unmount } = renderHook(() => [useQuery(options), useQuery(options)], {
      wrapper,
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current.map((r) => r.data)).toEqual(['data', 'data']);
    expect(queryFn).toHaveBeenCalledTimes(1);
    unmount();
    await vi.advanceTimersByTimeAsync(999);
    expect(client.getQueryData(['k'])).toBe('data');
    await vi.advanceTimersByTimeAsync(1);
    expect(client.getQueryData(['k'])).toBeUndefined();
  });

  it('a removed query is fetched afresh on the next render', async () => {
    const { client, wrapper } = setUp();
    const queryFn = vi.fn(() => Promise.resolve('data'));
    const { result, rerender } = renderHook(() => useQuery({ queryKey: ['k'], queryFn }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.data).toBe('data'));
    client.removeQueries({ queryKey: ['k'] });
    rerender();
    await waitFor(() => expect(queryFn).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(result.current.data).toBe('data'));
  });
});

describe('useMutation', () => {
  it('stays pending until its onSuccess has settled, then succeeds and runs the call’s callbacks after', async () => {
    const { wrapper } = setUp();
    const order: string[] = [];
    const refetched = deferred<void>();
    const { result } = renderHook(
      () =>
        useMutation({
          mutationFn: (n: number) => Promise.resolve(n + 1),
          onSuccess: () => {
            order.push('mutation onSuccess');
            return refetched.promise;
          },
          onSettled: () => void order.push('mutation onSettled'),
        }),
      { wrapper },
    );
    expect(result.current).toMatchObject({ status: 'idle', isPending: false });
    act(() =>
      result.current.mutate(1, {
        onSuccess: (data, variables) => void order.push(`call onSuccess ${data} ${variables}`),
        onSettled: () => void order.push('call onSettled'),
      }),
    );
    expect(result.current).toMatchObject({ status: 'pending', isPending: true, variables: 1 });
    await act(async () => undefined);
    expect(result.current.isPending).toBe(true);
    expect(order).toEqual(['mutation onSuccess']);
    await act(async () => refetched.resolve());
    expect(result.current).toMatchObject({ status: 'success', isSuccess: true, data: 2 });
    expect(order).toEqual([
      'mutation onSuccess',
      'mutation onSettled',
      'call onSuccess 2 1',
      'call onSettled',
    ]);
  });

  it('a failure: the client’s onError, error state, call callbacks; mutate swallows it, mutateAsync rejects', async () => {
    const onError = vi.fn();
    const { wrapper } = setUp(new QueryClient({ onError }));
    const error = new Error('refused');
    const callError = vi.fn();
    const { result } = renderHook(
      () => useMutation({ mutationFn: (_: string) => Promise.reject(error) }),
      { wrapper },
    );
    await act(async () => result.current.mutate('a', { onError: callError }));
    expect(result.current).toMatchObject({ status: 'error', isError: true, error, variables: 'a' });
    expect(callError).toHaveBeenCalledWith(error, 'a');
    await act(() => expect(result.current.mutateAsync('b')).rejects.toBe(error));
    expect(onError).toHaveBeenCalledTimes(2);

    act(() => result.current.reset());
    expect(result.current).toMatchObject({
      status: 'idle',
      error: null,
      data: undefined,
      variables: undefined,
    });
  });

  it('only the latest call reports, and nothing reports to an unmounted component', async () => {
    const { wrapper } = setUp();
    const answers = [deferred<string>(), deferred<string>()];
    const { result, unmount } = renderHook(
      () => useMutation({ mutationFn: (i: number) => answers[i]!.promise }),
      { wrapper },
    );
    const first = vi.fn();
    const second = vi.fn();
    act(() => result.current.mutate(0, { onSuccess: first }));
    act(() => result.current.mutate(1, { onSuccess: second }));
    await act(async () => answers[0]!.resolve('first'));
    expect(first).not.toHaveBeenCalled();
    expect(result.current).toMatchObject({ status: 'pending', variables: 1 });

    unmount();
    await act(async () => answers[1]!.resolve('second'));
    expect(second).not.toHaveBeenCalled();
  });

  it('a component its own mutation’s callbacks unmount still runs the call’s callbacks', async () => {
    const { client, wrapper } = setUp();
    const called = vi.fn();
    let start!: () => void;
    function Step() {
      const submit = useMutation({
        mutationFn: () => Promise.resolve('submitted'),
        // The answer replaces the step (as a wizard's last step gives way to what follows).
        onSuccess: (answer) => client.setQueryData(['done'], answer),
      });
      start = () => submit.mutate(undefined, { onSuccess: called });
      return null;
    }
    function Page() {
      const done = useQuery({
        queryKey: ['done'],
        queryFn: () => Promise.resolve(''),
        enabled: false,
      });
      return done.data ? null : <Step />;
    }
    const { container } = render(<Page />, { wrapper });
    await act(async () => start());
    expect(container).toBeEmptyDOMElement();
    expect(called).toHaveBeenCalledWith('submitted', undefined);
  });

  it('keeps mutate, mutateAsync and reset across renders, and uses the latest options', async () => {
    const { wrapper } = setUp();
    const { result, rerender } = renderHook(
      ({ suffix }: { suffix: string }) =>
        useMutation({ mutationFn: (v: string) => Promise.resolve(v + suffix) }),
      { wrapper, initialProps: { suffix: '1' } },
    );
    const { mutate, mutateAsync, reset } = result.current;
    rerender({ suffix: '2' });
    expect(result.current.mutate).toBe(mutate);
    expect(result.current.mutateAsync).toBe(mutateAsync);
    expect(result.current.reset).toBe(reset);
    await act(async () => {
      await expect(mutateAsync('v')).resolves.toBe('v2');
    });
  });
});

import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { ApiError } from './http.ts';
import { useRefreshingWrite } from './refreshing-write.ts';

/** A client whose three answers count how often each was read. */
function clientWithAnswers() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const reads = { profile: 0, me: 0, other: 0 };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, reads, wrapper };
}

describe('useRefreshingWrite', () => {
  it('reads its key and the keys it also changed again, and settles once they are read', async () => {
    const { reads, wrapper } = clientWithAnswers();
    const { result } = renderHook(
      () => {
        // The pages on screen: each key has an observer, so invalidating it reads it again.
        useQuery({ queryKey: ['profile'], queryFn: () => ++reads.profile });
        useQuery({ queryKey: ['me'], queryFn: () => ++reads.me });
        useQuery({ queryKey: ['other'], queryFn: () => ++reads.other });
        return useRefreshingWrite(['profile'], async (name: string) => `saved ${name}`, ['me']);
      },
      { wrapper },
    );
    await waitFor(() => expect(reads).toEqual({ profile: 1, me: 1, other: 1 }));

    let answer: string | undefined;
    await act(async () => {
      answer = await result.current.mutateAsync('Alice');
    });

    expect(answer).toBe('saved Alice');
    // Read again before the write settled; a key the write did not name was left alone.
    expect(reads).toEqual({ profile: 2, me: 2, other: 1 });
  });

  it('changes nothing when the write fails', async () => {
    const { client, reads, wrapper } = clientWithAnswers();
    for (const key of ['profile', 'me'] as const) {
      await client.prefetchQuery({ queryKey: [key], queryFn: () => ++reads[key] });
    }
    const { result } = renderHook(
      () =>
        useRefreshingWrite(
          ['profile'],
          async () => {
            throw new Error('refused');
          },
          ['me'],
        ),
      { wrapper },
    );
    await act(async () => {
      await expect(result.current.mutateAsync(undefined)).rejects.toThrow('refused');
    });
    expect(client.getQueryState(['profile'])!.isInvalidated).toBe(false);
    expect(client.getQueryState(['me'])!.isInvalidated).toBe(false);
  });

  it('reads them again when the write is refused as a conflict: the page showed what has changed', async () => {
    const { client, reads, wrapper } = clientWithAnswers();
    for (const key of ['profile', 'me'] as const) {
      await client.prefetchQuery({ queryKey: [key], queryFn: () => ++reads[key] });
    }
    const { result } = renderHook(
      () =>
        useRefreshingWrite(
          ['profile'],
          async () => {
            throw new ApiError(
              409,
              { type: '/problems/conflict', title: 'Conflict', status: 409 },
              null,
            );
          },
          ['me'],
        ),
      { wrapper },
    );
    await act(async () => {
      await expect(result.current.mutateAsync(undefined)).rejects.toBeInstanceOf(ApiError);
    });
    expect(client.getQueryState(['profile'])!.isInvalidated).toBe(true);
    expect(client.getQueryState(['me'])!.isInvalidated).toBe(true);
  });
});

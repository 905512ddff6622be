import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { terminologyApiPaths } from '@pca/contracts';
import { installFakeServer, json } from '../test/fake-server.ts';
import { terminologyConceptsQueryOptions, useTerminologyConcepts } from './terminology-concepts.ts';

const concept = {
  id: '11111111-1111-4111-8111-111111111111',
  valueSet: 'service-type',
  system: 'https://example.org/service-type',
  code: 'GP',
  display: 'General practice',
};

function picker() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const mount = () => renderHook(() => useTerminologyConcepts('service-type'), { wrapper });
  return { client, mount };
}

describe('the value-set cache (docs/product/rules.md#calls)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('answers a value set from memory for under an hour, then asks the server again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T00:00:00Z'));
    let served = 0;
    const requests = installFakeServer({
      [`GET ${terminologyApiPaths.concepts}`]: () =>
        json({ concepts: [{ ...concept, display: `General practice ${(served += 1)}` }] }),
    });
    const { mount } = picker();

    const first = mount();
    await waitFor(() => expect(first.result.current.isSuccess).toBe(true));
    expect(requests.map((r) => r.path)).toEqual([
      `${terminologyApiPaths.concepts}?valueSet=service-type`,
    ]);
    first.unmount();

    // Another picker 59 minutes later: the same answer, no request.
    vi.setSystemTime(new Date('2026-11-20T00:59:00Z'));
    const second = mount();
    expect(second.result.current.data?.concepts[0]?.display).toBe('General practice 1');
    expect(second.result.current.isStale).toBe(false);
    second.unmount();
    expect(requests).toHaveLength(1);

    // An hour on, the next picker asks again.
    vi.setSystemTime(new Date('2026-11-20T01:00:01Z'));
    const third = mount();
    await waitFor(() =>
      expect(third.result.current.data?.concepts[0]?.display).toBe('General practice 2'),
    );
    expect(requests).toHaveLength(2);
  });

  it('keeps an answer for the hour while no picker shows it', () => {
    const options = terminologyConceptsQueryOptions('practitioner-role');
    expect(options.staleTime).toBe(3_600_000);
    expect(options.gcTime).toBe(3_600_000);
  });
});

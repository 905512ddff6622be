import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useTabFromQuery } from './use-tab-from-query.ts';

const labels = ['Basic information', 'Personal contact details'] as const;

describe('useTabFromQuery', () => {
  afterEach(() => vi.useRealTimers());

  it('selects the named tab 250 ms after the tabs are ready, not before', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useTabFromQuery(labels, 'personal contact details', true));
    expect(result.current[0]).toBe(0);
    act(() => vi.advanceTimersByTime(249));
    expect(result.current[0]).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current[0]).toBe(1);
  });

  it('waits for the tabs, and ignores an unknown label', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(
      ({ ready, tab }: { ready: boolean; tab: string }) => useTabFromQuery(labels, tab, ready),
      { initialProps: { ready: false, tab: 'Personal contact details' } },
    );
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current[0]).toBe(0);
    rerender({ ready: true, tab: 'Personal contact details' });
    act(() => vi.advanceTimersByTime(250));
    expect(result.current[0]).toBe(1);
    rerender({ ready: true, tab: 'Nope' });
    act(() => vi.advanceTimersByTime(250));
    expect(result.current[0]).toBe(0);
  });
});

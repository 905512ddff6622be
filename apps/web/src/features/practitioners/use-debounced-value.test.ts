import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { constants } from '@pca/contracts';
import { useDebouncedValue } from './use-debounced-value.ts';

// The page test checks that a typed name reaches the API; the exact timing is checked here, on a clock
// the test owns, because real timers on a busy machine cannot tell 199 ms from 201 ms.
describe('useDebouncedValue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('settles the filter debounce (200 ms) after the last change, not before', () => {
    expect(constants.filterDebounceMs).toBe(200);
    const { result, rerender } = renderHook(
      ({ value }) => useDebouncedValue(value, constants.filterDebounceMs),
      { initialProps: { value: '' } },
    );
    rerender({ value: 'n' });
    act(() => vi.advanceTimersByTime(150));
    rerender({ value: 'ng' });
    act(() => vi.advanceTimersByTime(150));
    rerender({ value: 'ngu' });
    // 300 ms since the first keystroke, but only 199 since the last: still the old value.
    act(() => vi.advanceTimersByTime(199));
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('ngu');
  });
});

// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebounced } from '../../renderer/components/use-debounced';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useDebounced (the map re-indexes once intake pauses)', () => {
  it('takes the first value at once and a new one after it held still', () => {
    const { result, rerender } = renderHook(({ value }) => useDebounced(value, 300, 1500), {
      initialProps: { value: 1 },
    });
    expect(result.current).toBe(1);
    rerender({ value: 2 });
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(result.current).toBe(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe(2);
  });

  it('still moves on every maxWait while values keep coming', () => {
    const { result, rerender } = renderHook(({ value }) => useDebounced(value, 300, 1500), {
      initialProps: { value: 0 },
    });
    // A new batch every 100 ms: a plain debounce would never settle.
    for (let batch = 1; batch <= 14; batch += 1) {
      rerender({ value: batch });
      act(() => {
        vi.advanceTimersByTime(100);
      });
    }
    expect(result.current).toBe(0);
    rerender({ value: 15 });
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(result.current).toBe(15);
  });
});

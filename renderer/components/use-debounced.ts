import { useEffect, useRef, useState } from 'react';

/**
 * `value` once it has held still for `ms`, or at the latest `maxWaitMs` after it first changed:
 * while intake streams batches in, work that depends on the whole batch (the map's index, the
 * camera clock suggestions) runs once per pause, yet a long intake still shows its progress
 * every `maxWaitMs`. The first value is taken at once, so the map shows what is there when it
 * opens.
 */
export function useDebounced<T>(value: T, ms: number, maxWaitMs: number = ms * 5): T {
  const [settled, setSettled] = useState(value);
  const waitingSince = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (Object.is(value, settled)) {
      waitingSince.current = undefined;
      return;
    }
    const now = Date.now();
    waitingSince.current ??= now;
    const delay = Math.max(0, Math.min(ms, waitingSince.current + maxWaitMs - now));
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, settled, ms, maxWaitMs]);
  return settled;
}

import { useEffect, useState } from 'react';

/**
 * `value` once it has held still for `ms`: while intake streams batches in, work that depends
 * on the whole batch (the map's index) runs once per pause instead of once per batch. The
 * first value is taken at once, so the map shows what is there when it opens.
 */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(value, settled)) return;
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, settled, ms]);
  return settled;
}

import { useCallback, useMemo, useRef, useState } from 'react';
import type { QueueSnapshotView } from '../../shared/ipc/views';
import { type RunCounts, runCounts, runStart } from './current-run';

/** The run the window shows in its progress bar, and how to put a finished one away. */
export type CurrentRun = {
  /** Undefined: nothing to show (nothing queued, or the finished run was put away). */
  readonly counts: RunCounts | undefined;
  /**
   * The closer of the run shown now: called later (its toast was dismissed), it puts that run
   * away once it is finished, and never a newer run started since.
   */
  readonly closer: () => () => void;
};

/**
 * The photos of the run under way, from the queue (see `runStart`): shown while any is unfinished,
 * and once all are through, until its `closer` runs (the finished toast closes) or a new run starts.
 */
export function useCurrentRun(queue: QueueSnapshotView | undefined): CurrentRun {
  // Remembered across changes: the oldest unfinished photo moves on as photos finish, and a run
  // that is through still shows its counts until it is put away.
  const run = useRef<{ start: number | undefined; underWay: boolean }>({
    start: undefined,
    underWay: false,
  });
  const [dismissedAt, setDismissedAt] = useState<number>();
  const counts = useMemo(() => {
    if (queue === undefined) return undefined;
    const known = run.current.underWay ? run.current.start : undefined;
    const start = runStart(queue.items, known);
    if (start !== undefined) {
      run.current = { start, underWay: true };
      return runCounts(queue.items, start);
    }
    run.current = { start: run.current.start, underWay: false };
    const through = run.current.start;
    if (through === undefined || through === dismissedAt) return undefined;
    const counts = runCounts(queue.items, through);
    return counts.total === 0 ? undefined : counts;
  }, [queue, dismissedAt]);
  const closer = useCallback(() => {
    const shown = run.current.start;
    return () => {
      if (!run.current.underWay && run.current.start === shown) setDismissedAt(shown);
    };
  }, []);
  return { counts, closer };
}

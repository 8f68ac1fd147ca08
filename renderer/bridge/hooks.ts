import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import type { IpcCallInput, UploaderBridge } from '../../shared/ipc/bridge';
import { valueOf } from './bridge-error';
import { IntakeBatchGatherer } from '../features/intake/intake-batches';
import {
  appendResults,
  EMPTY_SUMMARY,
  type IntakeSummary,
  removeResults,
} from '../features/intake/intake-summary';
import { addPathsInChunks } from '../features/intake/queue-in-chunks';
import type { IpcChannel, IpcResults } from '../../shared/ipc/contract';
import type {
  IntakeItemView,
  IntakeProgressView,
  QueueItemView,
  QueueSnapshotView,
  SessionView,
} from '../../shared/ipc/views';

/** The bridge for the components below the app shell. */
export const BridgeContext = createContext<UploaderBridge<File> | null>(null);

export function useBridge(): UploaderBridge<File> {
  const bridge = useContext(BridgeContext);
  if (bridge === null) throw new Error('useBridge outside <BridgeContext.Provider>');
  return bridge;
}

/** A call's value, or a `BridgeError` carrying what to tell the user (`useErrorWords`). */
export async function call<C extends IpcChannel>(
  bridge: UploaderBridge<File>,
  channel: C,
  input: IpcCallInput<C>,
): Promise<IpcResults[C]> {
  return valueOf(await bridge.invoke(channel, input));
}

/** The session, kept current by `session:changed`. */
export function useSession(): SessionView | undefined {
  const bridge = useBridge();
  const [session, setSession] = useState<SessionView>();
  useEffect(() => {
    const stop = bridge.on('session:changed', setSession);
    void bridge.invoke('session:get', {}).then((result) => {
      if (result.ok) setSession(result.value);
    });
    return stop;
  }, [bridge]);
  return session;
}

/** The queue: a snapshot at start, then every `queue:changed` merged in by item id. */
export function useQueue(): QueueSnapshotView | undefined {
  const bridge = useBridge();
  const [queue, setQueue] = useState<QueueSnapshotView>();
  useEffect(() => {
    let items = new Map<number, QueueItemView>();
    const stop = bridge.on('queue:changed', (change) => {
      items = new Map(items);
      for (const item of change.items) items.set(item.id, item);
      setQueue({
        items: [...items.values()],
        progress: change.progress,
        condition: change.condition,
        pausedAll: change.pausedAll,
        hoursWait: change.hoursWait,
      });
    });
    void bridge.invoke('queue:snapshot', {}).then((result) => {
      if (!result.ok) return;
      items = new Map(result.value.items.map((item) => [item.id, item]));
      setQueue(result.value);
    });
    return stop;
  }, [bridge]);
  return queue;
}

/** Intake results of this window, in arrival order, and the progress of the latest run. */
export type IntakeState = {
  readonly items: readonly IntakeItemView[];
  /** The results and what the review derives from them, kept as they arrive. */
  readonly summary: IntakeSummary;
  readonly progress: IntakeProgressView | undefined;
  readonly add: (paths: readonly string[], assumedZone: string) => Promise<void>;
  readonly remove: (intakeIds: ReadonlySet<number>) => void;
  readonly clear: () => void;
};

export function useIntake(): IntakeState {
  const bridge = useBridge();
  const [summary, setSummary] = useState<IntakeSummary>(EMPTY_SUMMARY);
  const [progress, setProgress] = useState<IntakeProgressView>();
  // Messages are gathered and applied a few times a second: one render per message was the
  // window's largest cost while 20 000 photos streamed in.
  const [gatherer] = useState(
    () =>
      new IntakeBatchGatherer(
        (arrived) =>
          // A transition: React renders the longer list in slices and lets a keystroke paint
          // first, so typing stays prompt while 20 000 results stream in.
          startTransition(() => {
            setSummary((previous) => appendResults(previous, arrived.items));
            setProgress(arrived.progress);
          }),
        {
          now: () => performance.now(),
          schedule: (run, ms) => {
            const timer = setTimeout(run, ms);
            return () => clearTimeout(timer);
          },
        },
      ),
  );
  useEffect(() => {
    const stop = bridge.on('intake:batch', (batch) => gatherer.add(batch));
    return () => {
      stop();
      gatherer.drop();
    };
  }, [bridge, gatherer]);
  const add = useCallback(
    async (paths: readonly string[], assumedZone: string) => {
      await addPathsInChunks(bridge, paths, assumedZone);
    },
    [bridge],
  );
  const remove = useCallback(
    (ids: ReadonlySet<number>) => setSummary((previous) => removeResults(previous, ids)),
    [],
  );
  const clear = useCallback(() => {
    gatherer.drop();
    setSummary(EMPTY_SUMMARY);
    setProgress(undefined);
  }, [gatherer]);
  // One object per change, so effects that depend on it (the window's drop handler) do not
  // re-subscribe on every render.
  return useMemo(
    () => ({ items: summary.items, summary, progress, add, remove, clear }),
    [summary, progress, add, remove, clear],
  );
}

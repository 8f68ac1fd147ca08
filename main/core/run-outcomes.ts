import type { IntakeItem } from '../../shared/domain/intake';
import type { IntakeProgressView } from '../../shared/ipc/views';
import { words } from '../../shared/i18n/words';
import type { IntakeOutcome } from '../queue/intake-outcomes-table';

export type { IntakeOutcome };

/** What a result that will never be queued becomes in the report; undefined for a photo to queue. */
export function outcomeOfIntake(item: IntakeItem): IntakeOutcome | undefined {
  if (item.status === 'skipped')
    return { path: item.path, outcome: 'skipped', reason: item.reason };
  if (item.status === 'error')
    return { path: item.path, outcome: 'unreadable', reason: item.reason };
  if (item.duplicateOf?.kind === 'in-this-batch')
    return {
      path: item.path,
      outcome: 'skipped',
      reason: words('reason.intake.sameAs', { path: item.duplicateOf.path }),
    };
  return undefined;
}

/** `earlier` (the finished chunks of a run) plus `current` (the chunk under way). */
export function joinProgress(
  earlier: IntakeProgressView | undefined,
  current: IntakeProgressView,
  more: boolean,
): IntakeProgressView {
  return {
    found: (earlier?.found ?? 0) + current.found,
    inspected: (earlier?.inspected ?? 0) + current.inspected,
    photos: (earlier?.photos ?? 0) + current.photos,
    skipped: (earlier?.skipped ?? 0) + current.skipped,
    errors: (earlier?.errors ?? 0) + current.errors,
    // A run sent in chunks is done only after its last chunk.
    done: current.done && !more,
  };
}

/**
 * The files of each intake run that will not be queued, kept until a batch from that run is
 * queued: then they are handed over once, to be recorded for the report.
 */
export class RunOutcomes {
  readonly #byRun = new Map<number, IntakeOutcome[]>();
  readonly #runOf = new Map<number, number>();
  /** The first path of each MD5 in each run still taking chunks. */
  readonly #firstPaths = new Map<number, Map<string, string>>();

  /**
   * Notes the result `intakeId` of run `runId`, and returns it marked as the same photo as an
   * earlier file of the run when an earlier chunk of the run held the same bytes (each chunk's
   * intake only sees its own files).
   */
  note(runId: number, intakeId: number, found: IntakeItem): IntakeItem {
    const item = this.#markRepeat(runId, found);
    this.#runOf.set(intakeId, runId);
    const outcome = outcomeOfIntake(item);
    if (outcome === undefined) return item;
    const list = this.#byRun.get(runId) ?? [];
    list.push(outcome);
    this.#byRun.set(runId, list);
    return item;
  }

  /** Forgets the photos seen in `runId`: no further chunk will join it. */
  endRun(runId: number): void {
    this.#firstPaths.delete(runId);
  }

  #markRepeat(runId: number, item: IntakeItem): IntakeItem {
    if (item.status !== 'photo' || item.duplicateOf?.kind === 'in-this-batch') return item;
    const firstPaths = this.#firstPaths.get(runId) ?? new Map<string, string>();
    this.#firstPaths.set(runId, firstPaths);
    const first = firstPaths.get(item.md5);
    if (first === undefined) {
      firstPaths.set(item.md5, item.path);
      return item;
    }
    return { ...item, duplicateOf: { kind: 'in-this-batch', path: first } };
  }

  /** The not-queued files of the runs these intake ids came from, each handed over only once. */
  take(intakeIds: readonly number[]): IntakeOutcome[] {
    const runs = new Set<number>();
    for (const intakeId of intakeIds) {
      const runId = this.#runOf.get(intakeId);
      if (runId !== undefined) runs.add(runId);
    }
    return [...runs].flatMap((runId) => {
      const list = this.#byRun.get(runId) ?? [];
      this.#byRun.delete(runId);
      return list;
    });
  }
}

import type { CameraOffset } from '../../shared/domain/camera-clock';
import type { IntakeItem, IntakePhoto } from '../../shared/domain/intake';
import { words } from '../../shared/i18n/words';
import type { IntakeBatchView, IntakeItemView, IntakeProgressView } from '../../shared/ipc/views';
import type { Logger } from '../logging/logger';
import type { KnownIdentity } from '../media/crawl';
import type { Intake } from '../media/intake';
import type { ThumbnailSource } from '../media/thumbnails';
import { droppedRootOf, rootSet } from '../folders/batch-folders';
import { foldersBetween } from '../folders/folder-rules';
import { type IntakeOutcome, joinProgress, RunOutcomes } from './run-outcomes';

/**
 * The intakes of this app session: runs them one after another, numbers every result so that the
 * window can queue photos by id (never by a path it made up), and remembers which photos may have
 * a thumbnail served.
 */
export class IntakeRuns {
  readonly #photos = new Map<number, IntakePhoto>();
  readonly #byMd5 = new Map<string, IntakePhoto>();
  readonly #roots = new Map<number, string>();
  /** The dropped folder of each photo found in one, by path: a photo read again keeps it. */
  readonly #rootOfPath = new Map<string, string>();
  #nextItemId = 1;
  #nextRunId = 1;
  #last: Promise<unknown> = Promise.resolve();
  /** Counts of the finished chunks of each run (a large drop arrives in chunks). */
  readonly #finished = new Map<number, IntakeProgressView>();
  readonly #outcomes = new RunOutcomes();

  constructor(
    private readonly intake: Pick<Intake, 'run'>,
    private readonly logger: Logger,
    private readonly emit: (batch: IntakeBatchView) => void,
    /** The largest file taken in (the `maxFileBytes` setting, read at each start). */
    private readonly maxFileBytes: () => number,
    /** The saved camera clock offsets (read at each start, so a new one applies to the next drop). */
    private readonly cameraOffsets: () => readonly CameraOffset[] = () => [],
  ) {}

  /**
   * Starts an intake of `paths`; results arrive as `intake:batch` events with this run id. With
   * `chunk.runId` the paths join that run (a drop sent in chunks); with `chunk.more` its
   * progress is not done after these. With `chunk.expected` each path is a file a watcher
   * checked, taken only if it is still that file (see `IntakeRunOptions`).
   */
  start(
    paths: readonly string[],
    assumedZone: string,
    chunk: {
      readonly runId?: number | undefined;
      readonly more?: boolean;
      readonly expected?: ReadonlyMap<string, KnownIdentity> | undefined;
      /** The command line's `--ignore` patterns, each already accepted. */
      readonly ignore?: readonly string[] | undefined;
    } = {},
  ): number {
    const runId = chunk.runId ?? this.#nextRunId++;
    const more = chunk.more ?? false;
    // Made once per chunk: finding each photo's dropped path must not scan every dropped path.
    const roots = rootSet(paths);
    const emit = (items: readonly IntakeItem[], progress: IntakeProgressView) =>
      this.emit({
        runId,
        items: items.map((item) => this.#remember(runId, item, roots)),
        progress: joinProgress(this.#finished.get(runId), progress, more),
      });
    // One run at a time: the workers are shared, and results of a drop stay in drop order.
    this.#last = this.#last
      .then(async () => {
        const final = await this.intake.run(
          paths,
          {
            assumedZone,
            maxFileBytes: this.maxFileBytes(),
            cameraOffsets: this.cameraOffsets(),
            expected: chunk.expected,
            ignore: chunk.ignore,
          },
          (batch) => emit(batch.items, batch.progress),
        );
        this.#finish(runId, final, more);
      })
      .catch((error: unknown) => {
        this.logger.error('intake failed', { error });
        const progress = { found: 0, inspected: 0, photos: 0, skipped: 0, errors: paths.length };
        emit(
          paths.map((path) => ({
            status: 'error',
            path,
            reason: words('reason.intake.intakeFailed'),
          })),
          { ...progress, done: true },
        );
        this.#finish(runId, { ...progress, done: true }, more);
      });
    return runId;
  }

  /** Whether `runId` is a run of this session that more chunks may still join. */
  isRun(runId: number): boolean {
    return runId >= 1 && runId < this.#nextRunId;
  }

  /**
   * The files of the runs these intake ids came from that will not be queued (skipped,
   * unreadable, the same photo twice), each handed over once: recorded with the batch.
   */
  takeOutcomes(intakeIds: readonly number[]): IntakeOutcome[] {
    return this.#outcomes.take(intakeIds);
  }

  #finish(runId: number, final: IntakeProgressView, more: boolean): void {
    if (more) this.#finished.set(runId, joinProgress(this.#finished.get(runId), final, true));
    else {
      this.#finished.delete(runId);
      this.#outcomes.endRun(runId);
    }
  }

  /**
   * Forgets these results (a watcher's round, once queued): their ids no longer name a photo.
   * A thumbnail stays servable while another result of the same photo is still known.
   */
  forget(intakeIds: readonly number[]): void {
    for (const intakeId of intakeIds) {
      const photo = this.#photos.get(intakeId);
      this.#photos.delete(intakeId);
      this.#roots.delete(intakeId);
      if (photo === undefined) continue;
      this.#rootOfPath.delete(photo.path);
      if (this.#byMd5.get(photo.md5) !== photo) continue;
      this.#byMd5.delete(photo.md5);
      for (const other of this.#photos.values())
        if (other.md5 === photo.md5) {
          this.#byMd5.set(photo.md5, other);
          break;
        }
    }
  }

  /** The photo behind an intake id, if it is one. */
  photo(intakeId: number): IntakePhoto | undefined {
    return this.#photos.get(intakeId);
  }

  /** What a thumbnail of `md5` is made from, only for photos taken in during this session. */
  thumbnailSource(md5: string): ThumbnailSource | undefined {
    const photo = this.#byMd5.get(md5);
    return (
      photo && {
        path: photo.path,
        format: photo.format,
        orientation: photo.orientation,
        md5,
        identity: photo.identity,
      }
    );
  }

  /** Waits for the intakes started so far. */
  async idle(): Promise<void> {
    await this.#last;
  }

  /** The dropped or chosen path a photo came from (its folder names may become tags or projects). */
  root(intakeId: number): string | undefined {
    return this.#roots.get(intakeId);
  }

  #remember(runId: number, item: IntakeItem, roots: ReadonlySet<string>): IntakeItemView {
    const intakeId = this.#nextItemId++;
    item = this.#outcomes.note(runId, intakeId, item);
    // A photo read again by its own path (a new zone for photos without one) keeps the folder
    // it was first dropped with, so its subfolder and folder tags still apply.
    const found = droppedRootOf(roots, item.path);
    const root = found === item.path ? (this.#rootOfPath.get(item.path) ?? found) : found;
    if (item.status === 'photo') {
      this.#photos.set(intakeId, item);
      this.#roots.set(intakeId, root);
      if (root !== item.path) this.#rootOfPath.set(item.path, root);
      if (!this.#byMd5.has(item.md5)) this.#byMd5.set(item.md5, item);
    }
    return { ...item, intakeId, root, folders: foldersBetween(root, item.path) };
  }
}

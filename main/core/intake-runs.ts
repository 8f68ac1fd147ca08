import type { IntakeItem, IntakePhoto } from '../../shared/domain/intake';
import type { IntakeBatchView, IntakeItemView } from '../../shared/ipc/views';
import type { Logger } from '../logging/logger';
import type { Intake } from '../media/intake';
import type { ThumbnailSource } from '../media/thumbnails';
import { droppedRootOf } from '../folders/batch-folders';
import { foldersBetween } from '../folders/folder-rules';

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

  constructor(
    private readonly intake: Intake,
    private readonly logger: Logger,
    private readonly emit: (batch: IntakeBatchView) => void,
    /** The largest file taken in (the `maxFileBytes` setting, read at each start). */
    private readonly maxFileBytes: () => number,
  ) {}

  /** Starts an intake of `paths`; results arrive as `intake:batch` events with this run id. */
  start(paths: readonly string[], assumedZone: string): number {
    const runId = this.#nextRunId++;
    // One run at a time: the workers are shared, and results of a drop stay in drop order.
    this.#last = this.#last
      .then(() =>
        this.intake.run(paths, { assumedZone, maxFileBytes: this.maxFileBytes() }, (batch) =>
          this.emit({
            runId,
            items: batch.items.map((item) => this.#remember(item, paths)),
            progress: batch.progress,
          }),
        ),
      )
      .catch((error: unknown) => {
        this.logger.error('intake failed', { error });
        this.emit({
          runId,
          items: paths.map((path) =>
            this.#remember(
              {
                status: 'error',
                path,
                reason: 'Could not read this; please try adding it again.',
              },
              paths,
            ),
          ),
          progress: {
            found: 0,
            inspected: 0,
            photos: 0,
            skipped: 0,
            errors: paths.length,
            done: true,
          },
        });
      });
    return runId;
  }

  /** The photo behind an intake id, if it is one. */
  photo(intakeId: number): IntakePhoto | undefined {
    return this.#photos.get(intakeId);
  }

  /** What a thumbnail of `md5` is made from, only for photos taken in during this session. */
  thumbnailSource(md5: string): ThumbnailSource | undefined {
    const photo = this.#byMd5.get(md5);
    return photo && { path: photo.path, format: photo.format, orientation: photo.orientation, md5 };
  }

  /** Waits for the intakes started so far. */
  async idle(): Promise<void> {
    await this.#last;
  }

  /** The dropped or chosen path a photo came from (its folder names may become tags or projects). */
  root(intakeId: number): string | undefined {
    return this.#roots.get(intakeId);
  }

  #remember(item: IntakeItem, roots: readonly string[]): IntakeItemView {
    const intakeId = this.#nextItemId++;
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

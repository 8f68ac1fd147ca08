import type Database from 'libsql';
import { z } from 'zod';
import type { Clock } from '../../shared/domain/clock';
import { normalizeTags } from '../../shared/domain/tags';
import { words } from '../../shared/i18n/words';
import { type CommitDurability, withDurability } from './commit-durability';
import { baseAfterOwnEdits, IN_ORDER_CONDITION, REBASE_LATER_EDITS_SQL } from './description-order';
import { LANE_CONDITION, type LaneRole } from './lane-roles';
import { reasonText } from './queue-reason';
import type { ThumbnailSource } from '../media/thumbnails';
import { AfterUploadRecords, foundColumns } from './after-upload-records';
import { QueueBulkChanges } from './bulk-changes';
import {
  type IntakeOutcome,
  listIntakeOutcomes,
  recordIntakeOutcomes,
  type RecordedIntakeOutcome,
} from './intake-outcomes-table';
import { openQueueDatabase } from './queue-migrations';
import {
  thumbnailSourceIn,
  type UploadedCopy,
  uploadedCopiesIn,
  uploadedPhotoIdsIn,
} from './photo-lookups';
import {
  type ItemState,
  type ItemUpdate,
  itemStates,
  type NewPhotoItem,
  type PhotoGroup,
  type QueueItem,
  rowSchema,
  type StateCounts,
  idsOf,
} from './queue-schema';

// The queue's types live in queue-schema.ts, its migrations in queue-migrations.ts; re-exported
// so callers keep one import.
export {
  type ItemState,
  type ItemUpdate,
  itemStates,
  type NewPhotoItem,
  newPhotoItem,
  type PhotoGroup,
  type QueueItem,
  type StateCounts,
} from './queue-schema';
export { QUEUE_MIGRATIONS, type QueueMigration, QueueTooNewError } from './queue-migrations';

/** A column's value as SQLite takes it: a flag as 0 or 1, words (the reason) as JSON. */
function columnValue(value: ItemUpdate[keyof ItemUpdate]) {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value !== null && typeof value === 'object') return reasonText(value);
  return value;
}

/**
 * The upload queue on disk: SQLite in WAL mode through libsql (a Node-API binding, so one native
 * build serves plain Node and Electron). Every write is committed before it returns, so an
 * engine step that records a state before its side effect survives a crash at any point.
 */
/** The photo item of these bytes for this project that `addPhotos` does not add again. */
const QUEUED_PHOTO =
  "SELECT id FROM items WHERE kind = 'photo' AND md5 = ? AND project_id = ? AND state != 'cancelled'";

export class QueueStore {
  readonly #db: Database.Database;
  /** Statements prepared once: the engine runs the same few many times a second. */
  readonly #statements = new Map<string, Database.Statement>();
  /** Pause, resume and retry of one item or the whole queue, and "pause all". */
  readonly bulk: QueueBulkChanges;
  /** The files still to tidy after upload, and each step recorded (issue 26 §3). */
  readonly afterUpload: AfterUploadRecords;

  constructor(
    file: string,
    private readonly clock: Clock,
  ) {
    // Refused (QueueTooNewError) when a newer version made it: see `migrateQueue`.
    this.#db = openQueueDatabase(file);
    this.bulk = new QueueBulkChanges(this.#db, (sql) => this.#statement(sql), clock);
    this.afterUpload = new AfterUploadRecords((sql) => this.#statement(sql), clock);
  }

  #parse(row: unknown): QueueItem {
    return rowSchema.parse(row);
  }

  /** The item that already holds these bytes for this project (as `addPhotos` finds it), if any. */
  queuedPhoto(md5: string, projectId: string): number | undefined {
    return z
      .object({ id: z.number() })
      .optional()
      .parse(this.#statement(QUEUED_PHOTO).get(md5, projectId))?.id;
  }

  /**
   * Adds photos in one transaction. A photo whose MD5 is already queued (not cancelled) for the
   * same project is not added again; its existing id is returned instead.
   */
  addPhotos(photos: readonly NewPhotoItem[]): {
    added: number[];
    alreadyQueued: number[];
    /** For each of `photos`, in order: whether it was added (false: the queue held it). */
    addedEach: boolean[];
  } {
    const now = this.clock.now();
    const existing = this.#db.prepare(QUEUED_PHOTO);
    const insert = this.#db.prepare(
      `INSERT INTO items (kind, state, project_id, path, size, format, md5, captured_at, lat, lon, description, internal, tags, allow_duplicates, orientation, file_identity, after_upload, after_upload_root, found_on_service, photo_id, reason, created_at, updated_at)
       VALUES ('photo', @state, @projectId, @path, @size, @format, @md5, @capturedAt, @lat, @lon, @description, @internal, @tags, @allowDuplicates, @orientation, @identity, @afterUpload, @afterUploadRoot, @foundOnService, @photoId, @reason, @now, @now)`,
    );
    const added: number[] = [];
    const alreadyQueued: number[] = [];
    const addedEach: boolean[] = [];
    this.#db.transaction(() => {
      for (const photo of photos) {
        const found = z
          .object({ id: z.number() })
          .optional()
          .parse(existing.get(photo.md5, photo.projectId));
        addedEach.push(found === undefined);
        if (found) {
          alreadyQueued.push(found.id);
          continue;
        }
        const result = insert.run({
          projectId: photo.projectId,
          path: photo.path,
          size: photo.size,
          format: photo.format,
          md5: photo.md5,
          capturedAt: photo.capturedAt,
          lat: photo.coordinates?.lat ?? null,
          lon: photo.coordinates?.lon ?? null,
          description: photo.description,
          internal: photo.internal ? 1 : 0,
          tags: JSON.stringify(normalizeTags(photo.tags ?? [])),
          allowDuplicates: photo.allowDuplicates === true ? 1 : 0,
          orientation: photo.orientation ?? 1,
          identity: photo.identity === undefined ? null : JSON.stringify(photo.identity),
          // "Leave" is kept as none: only photos with something to do are looked at after upload.
          afterUpload:
            photo.afterUpload === undefined || photo.afterUpload.kind === 'leave'
              ? null
              : JSON.stringify(photo.afterUpload),
          afterUploadRoot: photo.afterUploadRoot ?? null,
          ...foundColumns(photo.foundOnService),
          now,
        });
        added.push(Number(result.lastInsertRowid));
      }
    })();
    return { added, alreadyQueued, addedEach };
  }

  /**
   * Queues a description edit. `baseDescription` is what the user saw when they opened it; the
   * edit waits for the user if the service's description has changed since. Null skips that check
   * (the edit was made without knowing the service's description).
   */
  addDescriptionEdit(photoId: string, description: string, baseDescription: string | null): number {
    const now = this.clock.now();
    const earlier = this.#db
      .prepare(
        "SELECT * FROM items WHERE kind = 'description' AND photo_id = ? AND state IN ('queued', 'done') ORDER BY id",
      )
      .all(photoId)
      .map((row) => this.#parse(row));
    // The user's own earlier save is the base of this one, not a change made by someone else.
    const base = baseAfterOwnEdits(earlier, baseDescription);
    const result = this.#db
      .prepare(
        `INSERT INTO items (kind, state, photo_id, description, base_description, created_at, updated_at)
         VALUES ('description', 'queued', ?, ?, ?, ?, ?)`,
      )
      .run(photoId, description, base, now, now);
    return Number(result.lastInsertRowid);
  }

  /**
   * After the description edit `applied` is done: later edits of the same photo that start from
   * its description start from the form the service keeps it in (`service_description`).
   */
  rebaseLaterEdits(applied: QueueItem): void {
    if (applied.service_description === null || applied.photo_id === null) return;
    this.#statement(REBASE_LATER_EDITS_SQL).run(
      applied.service_description,
      applied.photo_id,
      applied.id,
      applied.description,
    );
  }

  /**
   * What a thumbnail of `md5` is made from, when a photo with those bytes is in the queue (see
   * `thumbnailSourceIn`).
   */
  thumbnailSource(md5: string): ThumbnailSource | undefined {
    return thumbnailSourceIn((sql) => this.#statement(sql), md5);
  }

  /** For each MD5 already uploaded (done), the photo id: intake flags such photos as duplicates. */
  uploadedPhotoIds(md5s: readonly string[]): Map<string, string | undefined> {
    return uploadedPhotoIdsIn((sql) => this.#statement(sql), md5s);
  }

  /** For each MD5, the photos this computer uploaded with those bytes, in any project. */
  uploadedCopies(md5s: readonly string[]): Map<string, UploadedCopy[]> {
    return uploadedCopiesIn((sql) => this.#statement(sql), md5s);
  }

  /** `sql` prepared, once per text (the texts are this module's own, so the cache stays small). */
  #statement(sql: string): Database.Statement {
    let statement = this.#statements.get(sql);
    if (statement === undefined) {
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  get(id: number): QueueItem | undefined {
    const row = this.#statement('SELECT * FROM items WHERE id = ?').get(id);
    return row === undefined ? undefined : this.#parse(row);
  }

  /**
   * Commits a change of an item (and its state) before the caller's next side effect. A
   * `relaxed` commit skips the disk sync (see `commitDurability`): it survives a crash of the
   * app, and the next durable commit makes it survive a power cut too.
   */
  update(id: number, change: ItemUpdate, durability: CommitDurability = 'durable'): QueueItem {
    const columns = Object.keys(change);
    const values = Object.values(change).map(columnValue);
    const assignments = [...columns.map((column) => `${column} = ?`), 'updated_at = ?'].join(', ');
    const statement = this.#statement(`UPDATE items SET ${assignments} WHERE id = ?`);
    withDurability(this.#db, durability, () => statement.run(...values, this.clock.now(), id));
    const item = this.get(id);
    if (item === undefined) throw new Error(`Queue item ${id} vanished`);
    return item;
  }

  /**
   * The next items with work due now, oldest first, skipping paused ones and `exclude`; with
   * `role`, only those a lane of that role takes (see `LaneRole`).
   */
  due(now: number, exclude: ReadonlySet<number>, limit: number, role?: LaneRole): QueueItem[] {
    const forRole = role === undefined ? '' : `AND ${LANE_CONDITION[role]}`;
    const rows = this.#statement(
      `SELECT * FROM items WHERE state IN ('queued', 'staged', 'creating', 'created') AND paused = 0 AND next_attempt_at <= ?
         AND ${IN_ORDER_CONDITION} ${forRole} ORDER BY id LIMIT ?`,
    ).all(now, limit + exclude.size);
    return rows
      .map((row) => this.#parse(row))
      .filter((item) => !exclude.has(item.id))
      .slice(0, limit);
  }

  /** Photos staged and not paused, waiting for their create (counted up to `limit`). */
  stagedAhead(limit: number): number {
    return this.#statement(
      `SELECT id FROM items WHERE kind = 'photo' AND state = 'staged' AND paused = 0 LIMIT ?`,
    ).all(limit).length;
  }

  /**
   * When the next waiting item becomes due (ms since the epoch), if any is waiting; items in
   * `exclude` (being worked on) do not count.
   */
  nextDueAt(exclude: ReadonlySet<number> = new Set()): number | undefined {
    const row = z.object({ at: z.number().nullable() }).parse(
      this.#statement(
        `SELECT MIN(next_attempt_at) AS at FROM items WHERE state IN ('queued', 'staged', 'creating', 'created') AND paused = 0 AND ${IN_ORDER_CONDITION}
             AND id NOT IN (SELECT value FROM json_each(?))`,
      ).get(JSON.stringify([...exclude])),
    );
    return row.at ?? undefined;
  }

  counts(): StateCounts {
    const rows = z
      .array(z.object({ state: z.enum(itemStates), n: z.number() }))
      .parse(this.#db.prepare('SELECT state, COUNT(*) AS n FROM items GROUP BY state').all());
    const counts = Object.fromEntries(itemStates.map((state) => [state, 0])) as Record<
      ItemState,
      number
    >;
    for (const row of rows) counts[row.state] = row.n;
    return counts;
  }

  /**
   * Photos still to upload: `queued` (description edits are not counted). What an update's
   * restart waits for while the queue runs, with the photos in `creating` (issue 25 §3).
   */
  queuedPhotoCount(): number {
    return z
      .object({ n: z.number() })
      .parse(
        this.#db
          .prepare("SELECT COUNT(*) AS n FROM items WHERE kind = 'photo' AND state = 'queued'")
          .get(),
      ).n;
  }

  /**
   * Photos counted by state and pause, with their bytes: what progress needs, in one aggregate
   * query (parsing every row of a 10 000-photo queue takes main 80–250 ms; this does not).
   */
  photoGroups(): PhotoGroup[] {
    return z
      .array(
        z.object({
          state: z.enum(itemStates),
          paused: z.number().transform((value) => value === 1),
          count: z.number(),
          bytes: z.number(),
          sent: z.number(),
        }),
      )
      .parse(
        this.#db
          .prepare(
            `SELECT state, paused, COUNT(*) AS count, COALESCE(SUM(size), 0) AS bytes,
             COALESCE(SUM(CASE WHEN state = 'queued' THEN MIN(bytes_sent, COALESCE(size, 0)) ELSE 0 END), 0) AS sent
             FROM items WHERE kind = 'photo' GROUP BY state, paused`,
          )
          .all(),
      );
  }

  /** Every item, oldest first (for reports and snapshots). */
  all(): QueueItem[] {
    return this.#db
      .prepare('SELECT * FROM items ORDER BY id')
      .all()
      .map((row) => this.#parse(row));
  }

  /** Records the files of a batch for `projectId` that were not queued, with their reasons. */
  addIntakeOutcomes(
    projectId: string,
    outcomes: readonly (IntakeOutcome & { readonly projectId?: string | undefined })[],
  ): void {
    recordIntakeOutcomes(this.#db, projectId, outcomes, this.clock.now());
  }

  /** The not-queued files of every batch, oldest first (for the report). */
  intakeOutcomes(): RecordedIntakeOutcome[] {
    return listIntakeOutcomes(this.#db);
  }

  /**
   * Items by id, in id order (read in one query: the window is told about many changes at once).
   * Ids no longer in the queue are left out.
   */
  getMany(ids: readonly number[]): QueueItem[] {
    return this.#statement(
      'SELECT * FROM items WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id',
    )
      .all(JSON.stringify(ids))
      .map((row) => this.#parse(row));
  }

  /** Every item's id, oldest first (cheap: no row is parsed). */
  allIds(): number[] {
    return idsOf(this.#statement('SELECT id FROM items ORDER BY id').all());
  }

  /** Up to `limit` items after `afterId`, oldest first: a large queue read in pages. */
  page(afterId: number, limit: number): QueueItem[] {
    return this.#statement('SELECT * FROM items WHERE id > ? ORDER BY id LIMIT ?')
      .all(afterId, limit)
      .map((row) => this.#parse(row));
  }

  /** Cancels an item that has not reached the service yet (or an edit). */
  cancel(id: number): boolean {
    const item = this.get(id);
    if (
      item === undefined ||
      item.state === 'done' ||
      item.state === 'creating' ||
      item.state === 'created'
    )
      return false;
    this.update(id, { state: 'cancelled', reason: words('reason.queue.cancelledByUser') });
    return true;
  }

  close(): void {
    this.#db.close();
  }
}

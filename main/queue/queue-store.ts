import Database from 'libsql';
import { z } from 'zod';
import { queueItemStates } from '../../shared/ipc/views';
import type { Clock } from '../../shared/domain/clock';
import type { IntakePhoto, PhotoFormat } from '../../shared/domain/intake';
import { normalizeTags } from '../../shared/domain/tags';
import { baseAfterOwnEdits, IN_ORDER_CONDITION } from './description-order';
import { PAUSE_ALL_MIGRATION, readPausedAll, writePausedAll } from './pause-all';
import { retryChange } from './retry-change';
import {
  INTAKE_OUTCOMES_MIGRATION,
  type IntakeOutcome,
  listIntakeOutcomes,
  recordIntakeOutcomes,
  type RecordedIntakeOutcome,
} from './intake-outcomes-table';

/**
 * Where a queued item is. Photos: `queued` (metadata and MD5 known) → `staged` (at a URL the
 * service can fetch) → `creating` (written before the POST) → `created` (the service took it:
 * waiting for processing; with `photo_id` null the answer named no id and the photo is being
 * looked for, "created, id unknown") → `done`. Description edits: `queued` → `done`. Either may
 * end in `needs-attention` (a reason only the user can act on) or `cancelled`.
 */
export const itemStates = queueItemStates;
export type ItemState = (typeof itemStates)[number];

const rowSchema = z.object({
  id: z.number(),
  kind: z.enum(['photo', 'description']),
  state: z.enum(itemStates),
  reason: z.string().nullable(),
  paused: z.number().transform((value) => value === 1),
  attempts: z.number(),
  next_attempt_at: z.number(),
  project_id: z.string().nullable(),
  path: z.string().nullable(),
  size: z.number().nullable(),
  format: z.enum(['jpeg', 'png', 'heic', 'tiff', 'webp']).nullable(),
  md5: z.string().nullable(),
  /**
   * The MD5 of the bytes staged, when they are not the original's (a HEIC or TIFF sent as JPEG):
   * what the service's `hash` will be, so the reconcile looks for this one. `md5` stays the
   * original's, for duplicates.
   */
  upload_md5: z.string().nullable(),
  captured_at: z.number().nullable(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  description: z.string(),
  internal: z.number().transform((value) => value === 1),
  uri: z.string().nullable(),
  uri_expires_at: z.number().nullable(),
  photo_id: z.string().nullable(),
  processing_status: z.string().nullable(),
  base_description: z.string().nullable(),
  service_description: z.string().nullable(),
  bytes_sent: z.number(),
  /** When the current wait on the service began (ms): the create sent or accepted; bounds it. */
  waiting_since: z.number().nullable(),
  /** The photo's tags, a JSON array of strings. */
  tags: z.string().transform((text) => parseTags(text)),
  /** Uploaded even when the project already has a photo with these bytes (`--allow-duplicates`). */
  allow_duplicates: z.number().transform((value) => value === 1),
  /** Not uploaded: the project already had this photo (`photo_id`) before it was created. */
  found_on_service: z.number().transform((value) => value === 1),
  /** Ids of earlier records of this photo the service failed to process, oldest first (JSON). */
  failed_photo_ids: z.string().transform((text) => parseTags(text)),
  created_at: z.number(),
  updated_at: z.number(),
});

const tagListSchema = z.array(z.string());

/** A stored tag list; an unreadable one (never written by this code) is empty. */
function parseTags(text: string): readonly string[] {
  try {
    const parsed = tagListSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** One queue row, parsed (never cast) from the database. */
export type QueueItem = z.output<typeof rowSchema>;

/** A photo to add: what intake found, plus the batch's choices. */
export type NewPhotoItem = {
  readonly path: string;
  readonly size: number;
  readonly format: PhotoFormat;
  readonly md5: string;
  readonly capturedAt: number;
  readonly coordinates: { readonly lat: number; readonly lon: number } | null;
  readonly projectId: string;
  readonly description: string;
  readonly internal: boolean;
  /** Sent with the create, normalized (see `normalizeTags`); none when absent. */
  readonly tags?: readonly string[];
  /** Upload even when the project already has a photo with these bytes. */
  readonly allowDuplicates?: boolean;
};

/** The queue item for a photo intake found, with the batch's project, description, flag and tags. */
export function newPhotoItem(
  photo: IntakePhoto,
  batch: {
    readonly projectId: string;
    readonly description: string;
    readonly internal: boolean;
    readonly tags: readonly string[];
    readonly allowDuplicates?: boolean;
  },
): NewPhotoItem {
  return {
    path: photo.path,
    size: photo.size,
    format: photo.format,
    md5: photo.md5,
    capturedAt: photo.capture.capturedAt,
    coordinates: photo.coordinates,
    ...batch,
  };
}

/** Columns an engine step may change, with the state. */
export type ItemUpdate = Partial<{
  state: ItemState;
  reason: string | null;
  attempts: number;
  next_attempt_at: number;
  md5: string;
  upload_md5: string | null;
  size: number;
  uri: string | null;
  uri_expires_at: number | null;
  photo_id: string | null;
  processing_status: string | null;
  base_description: string | null;
  service_description: string | null;
  bytes_sent: number;
  paused: boolean;
  waiting_since: number | null;
  found_on_service: boolean;
  failed_photo_ids: string;
}>;

/** The queue database's migrations, in order (exported so a test can build an old queue). */
export const QUEUE_MIGRATIONS: readonly string[] = [
  `CREATE TABLE items (
     id INTEGER PRIMARY KEY,
     kind TEXT NOT NULL CHECK (kind IN ('photo', 'description')),
     state TEXT NOT NULL,
     reason TEXT,
     paused INTEGER NOT NULL DEFAULT 0,
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at INTEGER NOT NULL DEFAULT 0,
     project_id TEXT,
     path TEXT,
     size INTEGER,
     format TEXT,
     md5 TEXT,
     captured_at INTEGER,
     lat REAL,
     lon REAL,
     description TEXT NOT NULL DEFAULT '',
     internal INTEGER NOT NULL DEFAULT 0,
     uri TEXT,
     uri_expires_at INTEGER,
     photo_id TEXT,
     processing_status TEXT,
     base_description TEXT,
     service_description TEXT,
     bytes_sent INTEGER NOT NULL DEFAULT 0,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL
   );
   CREATE INDEX items_due ON items (state, next_attempt_at);
   CREATE INDEX items_md5 ON items (md5, project_id);`,
  // 2: bounds the wait for a photo the service accepted without naming it, or for processing.
  'ALTER TABLE items ADD COLUMN waiting_since INTEGER;',
  // 3: the tags a photo is created with.
  "ALTER TABLE items ADD COLUMN tags TEXT NOT NULL DEFAULT '[]';",
  // issue 13 §5 (duplicates against the service): the per-item override, and "found, not uploaded".
  `ALTER TABLE items ADD COLUMN allow_duplicates INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE items ADD COLUMN found_on_service INTEGER NOT NULL DEFAULT 0;`,
  // (issue 13, HEIC/TIFF as JPEG) the MD5 of the JPEG uploaded instead of the original.
  'ALTER TABLE items ADD COLUMN upload_md5 TEXT;',
  // issue 13, pause all: a state of the queue; items added while it holds are paused.
  PAUSE_ALL_MIGRATION,
  // issue 13, retry after a processing error: the ids of the failed records, for the report.
  "ALTER TABLE items ADD COLUMN failed_photo_ids TEXT NOT NULL DEFAULT '[]';",
  // issue 13 (bugs-intake): the skipped and unreadable files of each queued batch, for the report.
  INTAKE_OUTCOMES_MIGRATION,
];

/** Counts by state, for progress. */
export type StateCounts = Readonly<Record<ItemState, number>>;

/** Photos in one state and pause, and their bytes (see `QueueStore.photoGroups`). */
export type PhotoGroup = {
  readonly state: ItemState;
  readonly paused: boolean;
  readonly count: number;
  readonly bytes: number;
  /** Bytes of the queued (not yet staged) photos already sent while they upload. */
  readonly sent: number;
};

/**
 * The upload queue on disk: SQLite in WAL mode through libsql (a Node-API binding, so one native
 * build serves plain Node and Electron). Every write is committed before it returns, so an
 * engine step that records a state before its side effect survives a crash at any point.
 */
export class QueueStore {
  readonly #db: Database.Database;

  constructor(
    file: string,
    private readonly clock: Clock,
  ) {
    this.#db = new Database(file);
    this.#db.pragma('journal_mode = WAL');
    // FULL: a committed state survives a power cut too, not just a crash of this process.
    this.#db.pragma('synchronous = FULL');
    this.#db.pragma('busy_timeout = 5000');
    this.#migrate();
  }

  #migrate(): void {
    this.#db.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
    const row = z
      .object({ version: z.number() })
      .optional()
      .parse(this.#db.prepare('SELECT version FROM schema_version').get());
    let version = row?.version ?? 0;
    if (row === undefined)
      this.#db.prepare('INSERT INTO schema_version (version) VALUES (0)').run();
    while (version < QUEUE_MIGRATIONS.length) {
      const migration = QUEUE_MIGRATIONS[version]!;
      this.#db.transaction(() => {
        this.#db.exec(migration);
        this.#db.prepare('UPDATE schema_version SET version = ?').run(version + 1);
      })();
      version += 1;
    }
  }

  #parse(row: unknown): QueueItem {
    return rowSchema.parse(row);
  }

  /**
   * Adds photos in one transaction. A photo whose MD5 is already queued (not cancelled) for the
   * same project is not added again; its existing id is returned instead.
   */
  addPhotos(photos: readonly NewPhotoItem[]): { added: number[]; alreadyQueued: number[] } {
    const now = this.clock.now();
    const existing = this.#db.prepare(
      "SELECT id FROM items WHERE kind = 'photo' AND md5 = ? AND project_id = ? AND state != 'cancelled'",
    );
    const insert = this.#db.prepare(
      `INSERT INTO items (kind, state, project_id, path, size, format, md5, captured_at, lat, lon, description, internal, tags, allow_duplicates, created_at, updated_at)
       VALUES ('photo', 'queued', @projectId, @path, @size, @format, @md5, @capturedAt, @lat, @lon, @description, @internal, @tags, @allowDuplicates, @now, @now)`,
    );
    const added: number[] = [];
    const alreadyQueued: number[] = [];
    this.#db.transaction(() => {
      for (const photo of photos) {
        const found = z
          .object({ id: z.number() })
          .optional()
          .parse(existing.get(photo.md5, photo.projectId));
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
          now,
        });
        added.push(Number(result.lastInsertRowid));
      }
    })();
    return { added, alreadyQueued };
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

  /** For each MD5 already uploaded (done), the photo id: intake flags such photos as duplicates. */
  uploadedPhotoIds(md5s: readonly string[]): Map<string, string | undefined> {
    const query = this.#db.prepare(
      "SELECT photo_id FROM items WHERE kind = 'photo' AND state = 'done' AND md5 = ? LIMIT 1",
    );
    const found = new Map<string, string | undefined>();
    for (const md5 of md5s) {
      const row = z.object({ photo_id: z.string().nullable() }).optional().parse(query.get(md5));
      if (row) found.set(md5, row.photo_id ?? undefined);
    }
    return found;
  }

  /** For each MD5, the photos this computer uploaded with those bytes, in any project. */
  uploadedCopies(md5s: readonly string[]): Map<string, { photoId: string; projectId: string }[]> {
    const query = this.#db.prepare(
      "SELECT photo_id, project_id FROM items WHERE kind = 'photo' AND state = 'done' AND md5 = ? AND photo_id IS NOT NULL AND project_id IS NOT NULL",
    );
    const row = z.object({ photo_id: z.string(), project_id: z.string() });
    const found = new Map<string, { photoId: string; projectId: string }[]>();
    for (const md5 of md5s) {
      const copies = query.all(md5).map((raw) => row.parse(raw));
      if (copies.length > 0)
        found.set(
          md5,
          copies.map((copy) => ({ photoId: copy.photo_id, projectId: copy.project_id })),
        );
    }
    return found;
  }

  get(id: number): QueueItem | undefined {
    const row = this.#db.prepare('SELECT * FROM items WHERE id = ?').get(id);
    return row === undefined ? undefined : this.#parse(row);
  }

  /** Commits a change of an item (and its state) before the caller's next side effect. */
  update(id: number, change: ItemUpdate): QueueItem {
    const columns = Object.keys(change);
    const values = Object.values(change).map((value) =>
      typeof value === 'boolean' ? (value ? 1 : 0) : value,
    );
    const assignments = [...columns.map((column) => `${column} = ?`), 'updated_at = ?'].join(', ');
    this.#db
      .prepare(`UPDATE items SET ${assignments} WHERE id = ?`)
      .run(...values, this.clock.now(), id);
    const item = this.get(id);
    if (item === undefined) throw new Error(`Queue item ${id} vanished`);
    return item;
  }

  /** The next items with work due now, oldest first, skipping paused ones and `exclude`. */
  due(now: number, exclude: ReadonlySet<number>, limit: number): QueueItem[] {
    const rows = this.#db
      .prepare(
        `SELECT * FROM items WHERE state IN ('queued', 'staged', 'creating', 'created') AND paused = 0 AND next_attempt_at <= ?
         AND ${IN_ORDER_CONDITION} ORDER BY id LIMIT ?`,
      )
      .all(now, limit + exclude.size);
    return rows
      .map((row) => this.#parse(row))
      .filter((item) => !exclude.has(item.id))
      .slice(0, limit);
  }

  /** When the next waiting item becomes due (ms since the epoch), if any is waiting. */
  nextDueAt(): number | undefined {
    const row = z
      .object({ at: z.number().nullable() })
      .parse(
        this.#db
          .prepare(
            `SELECT MIN(next_attempt_at) AS at FROM items WHERE state IN ('queued', 'staged', 'creating', 'created') AND paused = 0 AND ${IN_ORDER_CONDITION}`,
          )
          .get(),
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
  addIntakeOutcomes(projectId: string, outcomes: readonly IntakeOutcome[]): void {
    recordIntakeOutcomes(this.#db, projectId, outcomes, this.clock.now());
  }

  /** The not-queued files of every batch, oldest first (for the report). */
  intakeOutcomes(): RecordedIntakeOutcome[] {
    return listIntakeOutcomes(this.#db);
  }

  /** Whether "pause all" holds: items added meanwhile are paused too (see `setPaused`). */
  get pausedAll(): boolean {
    return readPausedAll(this.#db);
  }

  /**
   * Pauses or resumes one item, or every active item. Without `id` it is "pause all" / "resume
   * all", a state of the queue that outlives a restart and pauses the items added while it holds.
   */
  setPaused(paused: boolean, id?: number): number {
    const value = paused ? 1 : 0;
    if (id === undefined) writePausedAll(this.#db, paused);
    const result =
      id === undefined
        ? this.#db
            .prepare(
              "UPDATE items SET paused = ?, updated_at = ? WHERE state IN ('queued', 'staged', 'creating', 'created')",
            )
            .run(value, this.clock.now())
        : this.#db
            .prepare('UPDATE items SET paused = ?, updated_at = ? WHERE id = ?')
            .run(value, this.clock.now(), id);
    return result.changes;
  }

  /**
   * Sends items that need attention back into the queue (one, or all): photos resume where they
   * stopped, or from the start when they never got a photo id. This is the only way a photo the
   * service accepted without naming it is sent again: the user asked.
   */
  retry(id?: number): number {
    const items = (id === undefined ? this.all() : [this.get(id)]).filter(
      (item): item is QueueItem => item !== undefined && item.state === 'needs-attention',
    );
    this.#db.transaction(() => {
      for (const item of items) {
        this.update(item.id, retryChange(item));
      }
    })();
    return items.length;
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
    this.update(id, { state: 'cancelled', reason: 'Cancelled by the user' });
    return true;
  }

  close(): void {
    this.#db.close();
  }
}

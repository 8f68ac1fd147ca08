import type Database from 'libsql';
import { z } from 'zod';
import type { Clock } from '../../shared/domain/clock';
import {
  type AfterUpload,
  type AfterUploadResult,
  afterUploadResultSchema,
  afterUploadSchema,
} from '../../shared/domain/after-upload';
import type { Words } from '../../shared/i18n/translator';
import { reasonText, storedReason } from './queue-reason';
import { words } from '../../shared/i18n/words';

// Issue 26 §3: the after-upload action of each queued photo and what became of its file, kept in
// the queue so that a move or trashing cut short by a crash is finished after the restart.

/** The rows whose file is still to tidy (also the partial index's condition, word for word). */
const TO_TIDY =
  "after_upload IS NOT NULL AND (after_upload_result IS NULL OR json_extract(after_upload_result, '$.kind') IN ('moving', 'trashing'))";

/**
 * The migration: the batch's action (JSON, null for "leave"), the folder the photo's path is kept
 * under when moved, and the result (JSON: `moving`/`trashing` while under way, then `moved`,
 * `trashed` or `left` with its reason). The partial index holds only the photos still to tidy.
 */
export const AFTER_UPLOAD_MIGRATION = `ALTER TABLE items ADD COLUMN after_upload TEXT;
   ALTER TABLE items ADD COLUMN after_upload_root TEXT;
   ALTER TABLE items ADD COLUMN after_upload_result TEXT;
   CREATE INDEX items_to_tidy ON items (state) WHERE ${TO_TIDY};`;

/** A stored action; an unreadable one (never written by this code) is none. */
export function parseAfterUpload(
  text: string | null,
): Exclude<AfterUpload, { kind: 'leave' }> | null {
  if (text === null) return null;
  try {
    const parsed = afterUploadSchema.safeParse(JSON.parse(text));
    return parsed.success && parsed.data.kind !== 'leave' ? parsed.data : null;
  } catch {
    return null;
  }
}

/** What became of a file as the queue keeps it: a `left` reason read as words. */
export type StoredAfterUploadResult =
  Exclude<AfterUploadResult, { kind: 'left' }> | { readonly kind: 'left'; readonly reason: Words };

/** A stored result; none when absent or unreadable. */
export function parseAfterUploadResult(text: string | null): StoredAfterUploadResult | null {
  if (text === null) return null;
  try {
    const parsed = afterUploadResultSchema.safeParse(JSON.parse(text));
    if (!parsed.success) return null;
    const result = parsed.data;
    // Read as every stored reason is: a key this version does not know reads as "unknown".
    return result.kind === 'left'
      ? { kind: 'left', reason: storedReason(JSON.stringify(result.reason)) }
      : result;
  } catch {
    return null;
  }
}

/**
 * The columns a photo is added with: queued, or, found on the service before queuing (the
 * service's `photoId`), done as the engine saves such a photo, so that it is tidied like one.
 */
export function foundColumns(photoId: string | undefined) {
  return photoId === undefined
    ? { state: 'queued', foundOnService: 0, photoId: null, reason: null }
    : {
        state: 'done',
        foundOnService: 1,
        photoId,
        reason: reasonText(words('reason.queue.alreadyOnService', { photoId })),
      };
}

const pendingRow = z.object({ id: z.number() });
const unfinishedRow = z.object({
  id: z.number(),
  path: z.string().nullable(),
  after_upload_root: z.string().nullable(),
});

/** The queue's after-upload columns: which photos are left to tidy, and recording each step. */
export class AfterUploadRecords {
  constructor(
    /** The queue's prepared statements (prepared once per text). */
    private readonly statement: (sql: string) => Database.Statement,
    private readonly clock: Clock,
  ) {}

  /**
   * The ids of photos the service holds (`done`, with a photo id) whose file is still to tidy,
   * oldest first, at most `limit`.
   */
  pending(limit = 100): number[] {
    // A file queued for two projects is one path in two items: it is tidied only once no other
    // item still needs it (the last one to finish tidies it). Found through the MD5 index.
    return this.statement(
      `SELECT id FROM items AS tidy WHERE state = 'done' AND kind = 'photo' AND photo_id IS NOT NULL AND ${TO_TIDY} AND NOT EXISTS (SELECT 1 FROM items AS other WHERE other.md5 = tidy.md5 AND other.path = tidy.path AND other.kind = 'photo' AND other.id <> tidy.id AND other.state IN ('queued', 'staged', 'creating', 'created', 'needs-attention')) ORDER BY id LIMIT ?`,
    )
      .all(limit)
      .map((row) => pendingRow.parse(row).id);
  }

  /**
   * `sync --after-upload`: gives `action` to the photos not finished yet whose batch gave none
   * (a batch's own action is kept), except those `refuse` refuses (a move into their own
   * folder). Returns the ids changed.
   */
  giveToUnfinished(
    action: Exclude<AfterUpload, { kind: 'leave' }>,
    refuse: (root: string) => boolean,
  ): number[] {
    const rows = this.statement(
      `SELECT id, path, after_upload_root FROM items WHERE kind = 'photo' AND after_upload IS NULL AND state IN ('queued', 'staged', 'creating', 'created', 'needs-attention')`,
    )
      .all()
      .map((row) => unfinishedRow.parse(row));
    const update = this.statement('UPDATE items SET after_upload = ?, updated_at = ? WHERE id = ?');
    const changed: number[] = [];
    const now = this.clock.now();
    for (const row of rows) {
      if (refuse(row.after_upload_root ?? row.path ?? '')) continue;
      update.run(JSON.stringify(action), now, row.id);
      changed.push(row.id);
    }
    return changed;
  }

  /** Records a step or the end of tidying item `id` (committed when it returns). */
  record(id: number, result: AfterUploadResult): void {
    this.statement('UPDATE items SET after_upload_result = ?, updated_at = ? WHERE id = ?').run(
      JSON.stringify(result),
      this.clock.now(),
      id,
    );
  }
}

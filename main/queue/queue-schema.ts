import { z } from 'zod';
import type { Words } from '../../shared/i18n/translator';
import { queueItemStates } from '../../shared/ipc/views';
import type { FileIdentity, IntakePhoto, PhotoFormat } from '../../shared/domain/intake';
import { type ItemNote, itemNotes } from '../../shared/domain/item-note';
import type { AfterUpload } from '../../shared/domain/after-upload';
import { parseAfterUpload, parseAfterUploadResult } from './after-upload-records';
import { storedReason } from './queue-reason';

// The queue's shape: its states, rows and the items added to it (the migrations that build its
// database are in queue-migrations.ts). The store (queue-store.ts) reads and writes it.

/**
 * Where a queued item is. Photos: `queued` (metadata and MD5 known) → `staged` (at a URL the
 * service can fetch) → `creating` (written before the POST) → `created` (the service took it:
 * waiting for processing; with `photo_id` null the answer named no id and the photo is being
 * looked for, "created, id unknown") → `done`. Description edits: `queued` → `done`. Either may
 * end in `needs-attention` (a reason only the user can act on) or `cancelled`.
 */
export const itemStates = queueItemStates;
export type ItemState = (typeof itemStates)[number];

/** A photo's format as the queue records it. */
export const photoFormat = z.enum(['jpeg', 'png', 'heic', 'tiff', 'webp']);

/** A queue row as the database holds it. */
export const rowSchema = z.object({
  id: z.number(),
  kind: z.enum(['photo', 'description']),
  state: z.enum(itemStates),
  /** Why the item stopped or ended, in words (JSON; see `storedReason`: never an error). */
  reason: z
    .string()
    .nullable()
    .transform((text) => (text === null ? null : storedReason(text))),
  paused: z.number().transform((value) => value === 1),
  attempts: z.number(),
  next_attempt_at: z.number(),
  project_id: z.string().nullable(),
  path: z.string().nullable(),
  size: z.number().nullable(),
  format: photoFormat.nullable(),
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
  /**
   * The file as intake read it (device, inode, size, modification time; JSON), checked on the
   * handle opened for the upload. Null for rows queued before it was recorded.
   */
  file_identity: z
    .string()
    .nullable()
    .transform((text) => parseIdentity(text)),
  /** A note on how it went (see `ItemNote`); a code this version does not know reads as none. */
  note: z.enum(itemNotes).nullable().catch(null),
  /** The photo's page on the service (its `photo_url`, http(s) only), when the service gave one. */
  photo_url: z
    .string()
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  /** Issue 26 §3: what to do with the file once the service holds it (null: leave it). */
  after_upload: z
    .string()
    .nullable()
    .optional()
    .transform((text) => parseAfterUpload(text ?? null)),
  /** The dropped or watched folder whose subfolders a move keeps. */
  after_upload_root: z
    .string()
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  /** What became of the file after upload (see `AfterUploadResult`); null while not yet tidied. */
  after_upload_result: z
    .string()
    .nullable()
    .optional()
    .transform((text) => parseAfterUploadResult(text ?? null)),
  created_at: z.number(),
  updated_at: z.number(),
});

const tagListSchema = z.array(z.string());

const identitySchema = z.object({
  dev: z.string(),
  ino: z.string(),
  size: z.number(),
  mtimeNs: z.string(),
});

/** A stored file identity; none when absent or unreadable (then only the MD5 is checked). */
function parseIdentity(text: string | null): FileIdentity | null {
  if (text === null) return null;
  try {
    const parsed = identitySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

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

const idRows = z.array(z.object({ id: z.number() }));

/** The ids of rows that are `{ id }` (a RETURNING or SELECT of ids). */
export function idsOf(rows: unknown): number[] {
  return idRows.parse(rows).map((row) => row.id);
}

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
  /** EXIF orientation 1–8, for the queue's thumbnail after a restart (1 when absent). */
  readonly orientation?: number;
  /** The file as intake read it; the upload refuses a file that is not this one any more. */
  readonly identity?: FileIdentity | undefined;
  /** What becomes of the file once the service holds it (issue 26 §3); absent: left. */
  readonly afterUpload?: AfterUpload | undefined;
  /** The dropped or watched folder whose subfolders a move keeps. */
  readonly afterUploadRoot?: string | undefined;
  /**
   * The service's photo found holding these bytes before queuing: the item is added done, found
   * on the service, so that its file is tidied after upload like any photo the service holds.
   */
  readonly foundOnService?: string | undefined;
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
    readonly afterUpload?: AfterUpload | undefined;
    readonly afterUploadRoot?: string | undefined;
    readonly foundOnService?: string | undefined;
  },
): NewPhotoItem {
  return {
    path: photo.path,
    size: photo.size,
    format: photo.format,
    md5: photo.md5,
    capturedAt: photo.capture.capturedAt,
    coordinates: photo.coordinates,
    orientation: photo.orientation,
    identity: photo.identity,
    ...batch,
  };
}

/** Columns an engine step may change, with the state. */
export type ItemUpdate = Partial<{
  state: ItemState;
  reason: Words | null;
  attempts: number;
  next_attempt_at: number;
  md5: string;
  upload_md5: string | null;
  size: number;
  uri: string | null;
  uri_expires_at: number | null;
  photo_id: string | null;
  processing_status: string | null;
  /** A description edit's words, changed only when the user resolves its conflict with new ones. */
  description: string;
  base_description: string | null;
  service_description: string | null;
  bytes_sent: number;
  paused: boolean;
  waiting_since: number | null;
  found_on_service: boolean;
  failed_photo_ids: string;
  note: ItemNote | null;
  photo_url: string | null;
}>;

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

import type Database from 'libsql';
import { z } from 'zod';
import type { ThumbnailSource } from '../media/thumbnails';
import { photoFormat, rowSchema } from './queue-schema';

/** A statement prepared once per text (the store's cache). */
type Prepare = (sql: string) => Database.Statement;

/** A photo this computer uploaded: its id and its project. */
export type UploadedCopy = { readonly photoId: string; readonly projectId: string };

const thumbnailRow = z
  .object({
    path: z.string(),
    format: photoFormat,
    orientation: z.number(),
    file_identity: rowSchema.shape.file_identity,
  })
  .optional();

/**
 * What a thumbnail of `md5` is made from, when a photo with those bytes is in the queue: the
 * file, format and orientation main recorded when it queued it (never a path from the window).
 */
export function thumbnailSourceIn(prepare: Prepare, md5: string): ThumbnailSource | undefined {
  const row = thumbnailRow.parse(
    prepare(
      "SELECT path, format, orientation, file_identity FROM items WHERE kind = 'photo' AND md5 = ? AND path IS NOT NULL AND format IS NOT NULL ORDER BY id DESC LIMIT 1",
    ).get(md5),
  );
  return (
    row && {
      path: row.path,
      format: row.format,
      orientation: row.orientation,
      md5,
      // The thumbnail is made from the file intake read, never another one at its path.
      identity: row.file_identity ?? undefined,
    }
  );
}

/** For each MD5 already uploaded (done), the photo id: intake flags such photos as duplicates. */
export function uploadedPhotoIdsIn(
  prepare: Prepare,
  md5s: readonly string[],
): Map<string, string | undefined> {
  const query = prepare(
    "SELECT photo_id FROM items WHERE kind = 'photo' AND state = 'done' AND md5 = ? LIMIT 1",
  );
  const row = z.object({ photo_id: z.string().nullable() }).optional();
  const found = new Map<string, string | undefined>();
  for (const md5 of md5s) {
    const uploaded = row.parse(query.get(md5));
    if (uploaded) found.set(md5, uploaded.photo_id ?? undefined);
  }
  return found;
}

/** For each MD5, the photos this computer uploaded with those bytes, in any project. */
export function uploadedCopiesIn(
  prepare: Prepare,
  md5s: readonly string[],
): Map<string, UploadedCopy[]> {
  const query = prepare(
    "SELECT photo_id, project_id FROM items WHERE kind = 'photo' AND state = 'done' AND md5 = ? AND photo_id IS NOT NULL AND project_id IS NOT NULL",
  );
  const row = z.object({ photo_id: z.string(), project_id: z.string() });
  const found = new Map<string, UploadedCopy[]>();
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

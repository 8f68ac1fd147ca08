import { z } from 'zod';

// Issue 26 §3: what becomes of a photo's file once the service holds it. Plain decisions only
// (no file system): the moves themselves are in main/media/after-upload-files.ts.

/** An absolute path on this computer (POSIX `/…`, Windows `C:\…` or `\\server\share`). */
function isAbsoluteAnywhere(path: string): boolean {
  return path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\\\');
}

/**
 * What to do with a photo's file after upload: `leave` it (the default), `move` it to `folder`
 * (keeping its path under the dropped or watched folder), or `trash` it (the system's trash).
 * Never a hard delete.
 */
export const afterUploadSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('leave') }).strict(),
  z
    .object({
      kind: z.literal('move'),
      folder: z
        .string()
        .min(1)
        .max(4096)
        .refine(isAbsoluteAnywhere, 'the folder to move photos to must be an absolute path'),
    })
    .strict(),
  z.object({ kind: z.literal('trash') }).strict(),
]);

/** An after-upload action (see `afterUploadSchema`). */
export type AfterUpload = z.output<typeof afterUploadSchema>;

/** The default: the file stays where it is. */
export const LEAVE: AfterUpload = { kind: 'leave' };

/**
 * Reads the command line's `--after-upload` value: `leave`, `trash` or `move:DIR` (DIR kept
 * as given; the caller makes it absolute and checks it). Undefined when it is none of these.
 */
export function parseAfterUploadFlag(value: string): AfterUpload | undefined {
  if (value === 'leave') return LEAVE;
  if (value === 'trash') return { kind: 'trash' };
  if (value.startsWith('move:') && value.length > 'move:'.length)
    return { kind: 'move', folder: value.slice('move:'.length) };
  return undefined;
}

/** The action as the command line writes it (`move:DIR`), for messages and round trips. */
export function afterUploadFlag(action: AfterUpload): string {
  return action.kind === 'move' ? `move:${action.folder}` : action.kind;
}

/** The state and flag of a queued photo that say whether the service holds it. */
export type HeldByService = {
  readonly kind: 'photo' | 'description';
  readonly state: string;
  readonly photo_id: string | null;
  readonly found_on_service: boolean;
};

/**
 * Whether the service holds the photo, so its file may be moved or trashed: `done` (its
 * processing finished, or it was found already on the service) with a photo id. A photo still
 * processing, failed, waiting or cancelled is never touched.
 */
export function serviceHolds(item: HeldByService): boolean {
  return item.kind === 'photo' && item.state === 'done' && item.photo_id !== null;
}

/**
 * The `n`th name tried for `name` at the destination: the name itself, then `IMG_1 (2).jpg`,
 * `IMG_1 (3).jpg`… (the number before the extension; a name without one, or a dot file, gets it
 * at the end).
 */
export function numberedName(name: string, n: number): string {
  if (n <= 1) return name;
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return `${name} (${n})`;
  return `${name.slice(0, dot)} (${n})${name.slice(dot)}`;
}

/** The separators of both kinds: a Windows path may hold either. */
const SEPARATORS = /[\\/]+/;

/** The parts of `path` (empty parts dropped), compared case-sensitively. */
function partsOf(path: string): string[] {
  return path.split(SEPARATORS).filter((part) => part.length > 0);
}

/**
 * The folders between `root` (the dropped or watched folder) and the file at `path`, kept when
 * the file is moved: empty when the file was dropped itself, or is not under `root`, or a part
 * would climb (`..`).
 */
export function keptFolders(root: string, path: string): string[] {
  const rootParts = partsOf(root);
  const pathParts = partsOf(path);
  if (pathParts.length <= rootParts.length) return [];
  if (!rootParts.every((part, index) => pathParts[index] === part)) return [];
  const between = pathParts.slice(rootParts.length, -1);
  return between.some((part) => part === '..' || part === '.') ? [] : between;
}

/**
 * Whether `folder` is `root` itself or inside it. A move folder there is refused: the moved photos
 * would land back among those dropped (a watched folder would take them in again, in a loop).
 */
export function isSameOrInside(folder: string, root: string): boolean {
  const rootParts = partsOf(root);
  const folderParts = partsOf(folder);
  return (
    folderParts.length >= rootParts.length &&
    rootParts.every((part, index) => folderParts[index] === part)
  );
}

/** What became of a file after upload, as the queue records it. */
export const afterUploadResultSchema = z.discriminatedUnion('kind', [
  /**
   * Being moved to `to` (written before the move, so a restart finishes it, never twice). A copy
   * across devices is first written to `temp` in the destination folder (a restart removes it);
   * `claimed` says the empty file at `to` is this move's own claim on the name (no hard links).
   */
  z.object({
    kind: z.literal('moving'),
    to: z.string(),
    temp: z.string().optional(),
    claimed: z.boolean().optional(),
  }),
  /** Being put in the trash (written before, so a restart finds it done rather than gone). */
  z.object({ kind: z.literal('trashing') }),
  z.object({ kind: z.literal('moved'), to: z.string() }),
  z.object({ kind: z.literal('trashed') }),
  /** Left where it is: `reason` is words (a catalog key and its values). */
  z.object({
    kind: z.literal('left'),
    reason: z.object({ key: z.string(), values: z.record(z.string(), z.unknown()).optional() }),
  }),
]);

/** What became of a file after upload (see `afterUploadResultSchema`). */
export type AfterUploadResult = z.output<typeof afterUploadResultSchema>;

/** Whether `result` is final: nothing is left to do for that file. */
export function isFinished(result: AfterUploadResult | null): boolean {
  return result !== null && result.kind !== 'moving' && result.kind !== 'trashing';
}

import { z } from 'zod';
import { ignorePatternsSchema } from './ignore-patterns';
import { afterUploadSchema } from './after-upload';
import { entryNameSchema } from './presets';
import { MAX_TAG_LENGTH, MAX_TAGS } from './tags';
import type { Words } from '../i18n/translator';

/** The settle time of watched folders, in seconds: the default, and the range a user may set. */
export const DEFAULT_WATCH_SETTLE_SECONDS = 5;
/** The shortest settle time the settings accept (seconds). */
export const MIN_WATCH_SETTLE_SECONDS = 1;
/** The longest settle time the settings accept (seconds): ten minutes. */
export const MAX_WATCH_SETTLE_SECONDS = 600;

/** The longest description a watched folder's rule keeps (the service's own limit). */
const MAX_RULE_DESCRIPTION = 10_000;

/**
 * A watched folder and what happens to the photos that land in it: which project they go to (a
 * fixed one, or the project named like each subfolder), their description, tags, whether the
 * names of the folders between the watched folder and the file are added as tags, and whether
 * they are internal. Kept in the settings as `watchFolders`.
 */
export const watchRuleSchema = z.object({
  /** An absolute folder the user chose in the open dialog (or typed on the command line). */
  path: z.string().min(1).max(4096),
  project: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('fixed'),
      projectId: z.string().min(1).max(200),
      /** The project's name as picked in Settings (issue 22: the list shows it, not the id). */
      projectName: z.string().max(500).optional(),
    }),
    z.object({ kind: z.literal('per-subfolder') }),
  ]),
  description: z.string().max(MAX_RULE_DESCRIPTION).default(''),
  /**
   * A description template (issue 26 §1, `description-template.ts`): when set, each photo's
   * description is rendered from it in place of `description`. Its tokens are checked where a
   * rule comes in (Settings, `watch`), and again by the core when the photos are queued.
   */
  descriptionTemplate: z.string().max(MAX_RULE_DESCRIPTION).optional(),
  tags: z.array(z.string().max(MAX_TAG_LENGTH)).max(MAX_TAGS).default([]),
  tagsFromFolders: z.boolean().default(false),
  internal: z.boolean().default(false),
  /**
   * Per-subfolder rules: a subfolder named like an archived project goes to it only when the
   * user confirmed archived projects (issue 22); otherwise (and when absent) it is skipped,
   * saying so.
   */
  includeArchived: z.boolean().optional(),
  /**
   * Ignore patterns (issue 26 §2, gitignore-style) on paths under the watched folder: matching
   * files are left out, said once; each folder's `.photouploaderignore` applies as well.
   * Absent: none.
   */
  ignore: ignorePatternsSchema.optional(),
  /**
   * Issue 26 §3: what becomes of each photo's file once the service holds it (absent: left where
   * it is); a move keeps its path under the watched folder.
   */
  afterUpload: afterUploadSchema.optional(),
  /**
   * Issue 26 §1: a saved preset's name. Its project, tags, description template, internal and
   * after-upload action are the defaults of what the rule leaves open (its tags empty, internal
   * off, no description, template or after-upload action of its own): what the rule states wins,
   * as with a batch (`batchWithPreset`). Looked up when photos are queued, so a changed preset
   * applies at once; a preset no longer there holds the folder's photos back, said once.
   */
  preset: entryNameSchema.optional(),
});

/** A watched folder's rule (see `watchRuleSchema`). */
export type WatchRule = z.output<typeof watchRuleSchema>;

/** What a watched folder is doing, for Settings and the command line. */
export type WatchFolderState = {
  readonly path: string;
  readonly state: 'starting' | 'watching' | 'missing';
  /** When a photo from this folder was last queued (ms since the epoch). */
  readonly lastQueuedAt: number | undefined;
  /** How many photos from this folder were queued since the watcher started. */
  readonly queued: number;
  /**
   * Why the folder's photos are held back: its rule cannot be used as it is (an unknown token,
   * a bad ignore pattern, a preset no longer there). Said once, until it changes.
   */
  readonly problem?: Words | undefined;
};

/** A watched folder as Settings shows it: its rule, and what its watcher is doing. */
export type WatchFolderView = {
  readonly rule: WatchRule;
  /** `off` while the process that owns the data folder has not started its watcher yet. */
  readonly state: WatchFolderState['state'] | 'off';
  readonly lastQueuedAt: number | null;
  readonly queued: number;
  /** See `WatchFolderState.problem`. */
  readonly problem?: Words | undefined;
};

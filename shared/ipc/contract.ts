import { LANGUAGE_CHOICES } from '../i18n/locales';
import { MAX_MAP_TILE_URL_LENGTH } from '../domain/map-tiles';
import { z } from 'zod';
import type { Words } from '../i18n/translator';
import { afterUploadSchema } from '../domain/after-upload';
import { presetsSchema, savedTemplatesSchema } from '../domain/presets';
import { cameraOffsetSchema, MAX_CAMERA_OFFSETS } from '../domain/camera-clock';
import type { HostTestResult } from '../domain/host-test';
import { FAR_METERS_RANGE } from '../domain/project-distance';
import { MAX_IGNORE_PATTERN_LENGTH, MAX_IGNORE_PATTERNS } from '../domain/ignore-patterns';
import {
  MAX_WATCH_SETTLE_SECONDS,
  MIN_WATCH_SETTLE_SECONDS,
  type WatchFolderView,
  watchRuleSchema,
} from '../domain/watch-rule';
import type { IpcChannel, IpcEvent } from './channels';
import type { PlannedPhotoView, PreviewedDescription } from './plan-view';
import { MAX_PER_MESSAGE } from './message-limits';
import { addPhotosInput, previewDescriptionsInput } from './add-photos-input';
import { html, httpUrl, id, photoHostInput, tagList, watchRuleInput } from './call-inputs';
import type {
  IntakeBatchView,
  PhotoView,
  ProjectView,
  QueueChangeView,
  QueueSnapshotView,
  QueueSyncView,
  ReportView,
  PhotoListingView,
  ProjectCheckView,
  ProjectListingView,
  ServiceCopyView,
  SessionView,
  SettingsView,
  SetupResultView,
  UpdateView,
} from './views';

/** Every call's input schema but those that share another's (see `ipcCalls`). */
const callInputs = {
  'session:get': z.object({}).strict(),
  'session:sign-in': z.object({}).strict(),
  'session:sign-out': z.object({}).strict(),
  'settings:get': z.object({}).strict(),
  'settings:set': z
    .object({
      authUrl: httpUrl.optional(),
      baseUrl: httpUrl.optional(),
      clientId: z.string().min(1).max(200).optional(),
      clientSecret: z.string().min(1).max(500).optional(),
      /** The scopes to ask for at the next sign-in (the command line's `--scope`). */
      scope: z.string().min(1).max(500).optional(),
      redirect: z.enum(['custom-scheme', 'loopback']).optional(),
      /** A PEM file of extra certificate authorities to trust (the command line's `--ca-file`). */
      caFile: z.string().min(1).max(4096).optional(),
      photoHost: photoHostInput.optional(),
      /**
       * Keep the sign-in in a plain-text file when no keychain answers (the command line's
       * `login --insecure-storage`); a change the user confirms, as one of where secrets go.
       */
      signInTokensInPlainTextFile: z.boolean().optional(),
      concurrency: z.number().int().min(1).max(16).optional(),
      assumedZone: z.string().min(1).max(100).optional(),
      /** Send HEIC/HEIF and TIFF photos unchanged instead of as JPEG. */
      keepOriginals: z.boolean().optional(),
      /** Seconds a watched file must hold still before it is taken in. */
      watchSettleSeconds: z
        .number()
        .int()
        .min(MIN_WATCH_SETTLE_SECONDS)
        .max(MAX_WATCH_SETTLE_SECONDS)
        .optional(),
      /** Metres past which a photo is called far from its project. */
      farMeters: z.number().int().min(FAR_METERS_RANGE.min).max(FAR_METERS_RANGE.max).optional(),
      /** Every saved camera clock offset (the list replaces the saved one). */
      cameraOffsets: z.array(cameraOffsetSchema).max(MAX_CAMERA_OFFSETS).optional(),
      /** The bandwidth cap in bytes per second; null removes it. */
      maxUploadBytesPerSecond: z.number().int().positive().max(1e12).nullable().optional(),
      /** Upload hours ("Mon-Fri 18:00-07:00"); null: any time. Checked when saved. */
      uploadHours: z.string().min(1).max(200).nullable().optional(),
      /** In the app, pause sending while on battery. */
      pauseOnBattery: z.boolean().optional(),
      /** The map's tile address template; checked when saved (https, or http to loopback). */
      mapTileUrl: z.string().min(1).max(MAX_MAP_TILE_URL_LENGTH).optional(),
      /**
       * Resets the choice remembered in the quit dialog, so the next quit with uploads pending
       * asks again. Only the reset: the choice itself is made in main's own dialog.
       */
      quitWithPending: z.literal('ask').optional(),
      /** The window's language, or `system` to follow the operating system's. */
      language: z.enum(LANGUAGE_CHOICES).optional(),
      /** Start the app at login, in the tray. */
      startAtLogin: z.boolean().optional(),
      /**
       * The user's own saved description templates, the whole list (the organisation's are not
       * part of it: they are read-only and stay as they are).
       */
      descriptionTemplates: savedTemplatesSchema.optional(),
      /**
       * The user's own presets, the whole list. A move folder not already in a saved preset must
       * be one the front end was handed (the window's open dialog), as for `queue:add-photos`.
       */
      presets: presetsSchema.optional(),
    })
    .strict(),
  'settings:test-photo-host': z.object({}).strict(),
  /**
   * Settings › "Open a setup file…": main shows the open dialog for a `.photouploader` file,
   * shows what it sets in a native confirmation, and applies it. The window names no path.
   */
  'setup:open': z.object({}).strict(),
  /**
   * The command line's `setup FILE`: the file's text, checked and applied by the core exactly as
   * the window's (the command line asked the user first, or was given `--yes`).
   */
  'setup:apply': z
    .object({ name: z.string().min(1).max(4096), text: z.string().max(1_000_000) })
    .strict(),
  /** Shows the open dialog; what the user picks is granted and taken in under `assumedZone`. */
  'intake:choose': z
    .object({ kind: z.enum(['files', 'folder']), assumedZone: z.string().min(1).max(100) })
    .strict(),
  'intake:add-paths': z
    .object({
      paths: z.array(z.string().min(1).max(4096)).min(1).max(MAX_PER_MESSAGE),
      assumedZone: z.string().min(1).max(100),
      /** A large drop comes in chunks (see `sendPathsInChunks`): this one joins that run. */
      runId: z.number().int().min(1).optional(),
      /** More chunks of this run follow, so its progress is not done after this one. */
      more: z.boolean().default(false),
      /**
       * The command line's `--ignore` patterns (gitignore-style, on paths under each dropped
       * folder); each is checked by the handler, which names a bad one.
       */
      ignore: z
        .array(z.string().max(MAX_IGNORE_PATTERN_LENGTH))
        .max(MAX_IGNORE_PATTERNS)
        .optional(),
    })
    .strict(),
  'projects:search': z
    .object({ query: z.string().max(200), page: z.number().int().min(1).max(1000).default(1) })
    .strict(),
  'projects:recent': z.object({}).strict(),
  'queue:snapshot': z.object({}).strict(),
  'queue:sync': z.object({}).strict(),
  'queue:add-photos': addPhotosInput,
  /**
   * Issue 26 §3 (`sync --after-upload`): the action for the photos not finished yet whose batch
   * gave none; a move into a photo's own dropped folder is refused for that photo.
   */
  'queue:after-upload': z.object({ action: afterUploadSchema }).strict(),
  /**
   * Shows the folder dialog for a batch's after-upload move; the folder chosen is granted, so
   * the window may then name it in `afterUpload` (and only that one).
   */
  'queue:choose-move-folder': z.object({}).strict(),
  'queue:pause': z.object({ itemId: z.number().int().min(1).optional() }).strict(),
  'queue:resume': z.object({ itemId: z.number().int().min(1).optional() }).strict(),
  /**
   * Retries items that need attention; with `resolve`, settles one description conflict
   * (`itemId` required): keep mine (sent again over what the service has now), take theirs
   * (the edit is cancelled), or send other words over it.
   */
  'queue:retry': z
    .object({
      itemId: z.number().int().min(1).optional(),
      resolve: z
        .union([
          z.object({ keep: z.enum(['mine', 'theirs']) }).strict(),
          z.object({ description: html }).strict(),
        ])
        .optional(),
    })
    .strict()
    .refine((input) => input.resolve === undefined || input.itemId !== undefined, {
      message: 'A conflict is resolved one item at a time: give its id.',
    }),
  'queue:cancel': z.object({ itemId: z.number().int().min(1) }).strict(),
  'queue:export-report': z.object({ format: z.enum(['csv', 'json']) }).strict(),
  'photos:list': z
    .object({ projectId: id, page: z.number().int().min(1).max(10_000).default(1) })
    .strict(),
  'photos:get': z.object({ photoId: id }).strict(),
  'photos:edit-description': z
    .object({ photoId: id, description: html, baseDescription: html.nullable() })
    .strict(),
  /** Which of these intake photos are already on the service (in `projectId`, or elsewhere). */
  'photos:find-copies': z
    .object({ projectId: id, intakeIds: z.array(z.number().int().min(0)).max(20_000) })
    .strict(),
  /** Every project matching `query` (all pages), with coordinates and archived marks. */
  'projects:list-all': z.object({ query: z.string().max(200).default('') }).strict(),
  /** Whether photos may go to this project (issue 22): known, usable, not archived unless confirmed. */
  'projects:check': z
    .object({ projectId: id, includeArchived: z.boolean().default(false) })
    .strict(),
  /**
   * Every photo of a project (all pages), optionally only those taken at `since` or later, those
   * carrying every one of `tags`, and those `uploadedBy` (an uploader's id or name) uploaded.
   */
  'photos:list-all': z
    .object({
      projectId: id,
      since: z.number().int().min(0).optional(),
      tags: tagList.default([]),
      uploadedBy: z.string().trim().min(1).max(200).optional(),
    })
    .strict(),
  /** Writes a diagnostics archive at an absolute path: the command line only, never the window. */
  'diagnostics:save': z.object({ path: z.string().min(1).max(4096) }).strict(),
  /** The watched folders (issue 13): rules and states. */
  'watch:list': z.object({}).strict(),
  /** Shows the folder dialog; the folder the user picks is watched with this rule. */
  'watch:add': watchRuleInput.strict(),
  /** Changes the rule of a watched folder (named by its path: only a watched one is accepted). */
  'watch:update': watchRuleInput.extend({ path: z.string().min(1).max(4096) }).strict(),
  /** Stops watching a folder (only a watched one is accepted). */
  'watch:remove': z.object({ path: z.string().min(1).max(4096) }).strict(),
  /**
   * A command line's `watch` in the owner, for as long as its connection lasts: served only on
   * the owner's channel to attached processes (and to the owning command line itself); the
   * window's handler refuses it (the window never names paths to watch).
   */
  'watch:session-start': z
    .object({
      rules: z.array(watchRuleSchema).min(1).max(100),
      settleSeconds: z.number().min(MIN_WATCH_SETTLE_SECONDS).max(MAX_WATCH_SETTLE_SECONDS),
    })
    .strict(),
  /** Ends a command line's watch session (its connection closing ends it too). */
  'watch:session-stop': z.object({ sessionId: z.number().int().min(1) }).strict(),
  // The app's updates (issue 25 §3): the window sends nothing but the ask.
  'updates:get': z.object({}).strict(),
  'updates:restart': z.object({}).strict(),
  'updates:download': z.object({}).strict(),
} as const;

/**
 * Every renderer → main call: its input schema. The result types are declared beside it in
 * `IpcResults`; `satisfies` keeps both lists in step at compile time.
 */
export const ipcCalls = {
  ...callInputs,
  /**
   * What `queue:add-photos` would do with the same input (`upload --dry-run`): the same plan,
   * nothing queued. The same schema, so every option of the one is an option of the other.
   */
  'queue:plan-photos': callInputs['queue:add-photos'],
  /** A few photos' descriptions from the batch's template, as `queue:add-photos` would send them. */
  'queue:preview-descriptions': previewDescriptionsInput,
} as const satisfies Record<IpcChannel, z.ZodType>;

/** The input each call takes (after parsing: defaults filled in). */
export type IpcInput<C extends IpcChannel> = z.output<(typeof ipcCalls)[C]>;

/** What each call resolves with; a key for every call and no other (checked below). */
export type IpcResults = {
  'session:get': SessionView;
  'session:sign-in': SessionView;
  'session:sign-out': SessionView;
  'settings:get': SettingsView;
  'settings:set': SettingsView;
  /** A round trip through the photo host; `step` names the one that failed. */
  'settings:test-photo-host': HostTestResult;
  /** `applied`: the setup was saved; `message` says what changed (empty when cancelled). */
  'setup:open': SetupResultView;
  'setup:apply': SetupResultView;
  /** The intake run of the chosen paths; null when the user cancelled the dialog. */
  'intake:choose': { readonly runId: number | null };
  'intake:add-paths': { readonly runId: number };
  'projects:search': readonly ProjectView[];
  'projects:recent': readonly ProjectView[];
  'queue:snapshot': QueueSnapshotView;
  'queue:sync': QueueSyncView;
  /** `skipped`: photos not queued, each with its reason (e.g. its subfolder has no project). */
  'queue:add-photos': {
    readonly added: number;
    readonly alreadyQueued: number;
    /** The intake ids of the photos queued by this call (not those the queue already held). */
    readonly addedIntakeIds: readonly number[];
    /**
     * The queue items of the photos, added or already queued, so that a command can say what
     * became of its own photos. Left out by stand-ins that have no queue.
     */
    readonly itemIds?: readonly number[];
    readonly skipped: readonly {
      readonly intakeId: number;
      readonly path: string;
      /** In any language (issue 24 §2); the command line prints its English. */
      readonly reason: Words;
    }[];
  };
  /** Every photo of the call with what would be sent, or why not; nothing is queued. */
  'queue:plan-photos': { readonly photos: readonly PlannedPhotoView[] };
  /** Each photo's file name and the description it would be sent with, in the call's order. */
  'queue:preview-descriptions': { readonly photos: readonly PreviewedDescription[] };
  'queue:after-upload': { readonly changed: number };
  /** The folder the user chose for an after-upload move; null when the dialog was cancelled. */
  'queue:choose-move-folder': { readonly folder: string | null };
  'queue:pause': { readonly changed: number };
  'queue:resume': { readonly changed: number };
  'queue:retry': { readonly changed: number };
  'queue:cancel': { readonly cancelled: boolean };
  'queue:export-report': ReportView;
  /** One page; `more` when the service may have another (judged by its raw page length). */
  'photos:list': { readonly photos: readonly PhotoView[]; readonly more: boolean };
  'photos:get': PhotoView;
  /** `description`: as queued (sanitized): the base of the user's next save of this photo. */
  'photos:edit-description': { readonly itemId: number; readonly description: string };
  'photos:find-copies': { readonly copies: readonly ServiceCopyView[] };
  'projects:list-all': { readonly projects: readonly ProjectListingView[] };
  'projects:check': ProjectCheckView;
  'photos:list-all': {
    readonly photos: readonly PhotoListingView[];
    /**
     * How many of the photos the other filters keep do not say who uploaded them (the service
     * leaves `creator_*` out): with `uploadedBy`, they are left out because nobody can tell.
     */
    readonly uploaderUnstated: number;
  };
  /** The archive's path. */
  'diagnostics:save': { readonly path: string };
  'watch:list': readonly WatchFolderView[];
  /** `added` false when the user cancelled the dialog. */
  'watch:add': { readonly added: boolean; readonly folders: readonly WatchFolderView[] };
  'watch:update': readonly WatchFolderView[];
  'watch:remove': readonly WatchFolderView[];
  'watch:session-start': { readonly sessionId: number };
  'watch:session-stop': { readonly stopped: boolean };
  'updates:get': UpdateView;
  /** Installs now when no upload is under way, else once they are done (the view says which). */
  'updates:restart': UpdateView;
  'updates:download': UpdateView;
};

/** Compile-time: `IpcResults` and `ipcCalls` name exactly the same channels. */
export type SameKeys<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [
  never,
  never,
]
  ? true
  : never;
export const resultsCoverEveryCall: SameKeys<IpcResults, typeof ipcCalls> = true;

/** What each main → renderer event carries. */
export type IpcEventPayloads = {
  'session:changed': SessionView;
  'intake:batch': IntakeBatchView;
  'queue:changed': QueueChangeView;
  'watch:changed': readonly WatchFolderView[];
  /** To the command line whose watch session it concerns only (never the window). */
  'watch:session-report': WatchSessionReport;
  /**
   * The settings in effect changed without the window saving them: the organisation's policy
   * changed while the app runs (its values, what it manages, or its problem).
   */
  'settings:changed': SettingsView;
  /** The app's update moved on (found, downloading, ready, waiting for uploads, failed). */
  'updates:changed': UpdateView;
};

/** What a command line's watch session hears from the owner's watchers. */
export type WatchSessionReport = {
  readonly sessionId: number;
  readonly report:
    | { readonly kind: 'queued'; readonly path: string; readonly projectId: string }
    | { readonly kind: 'skipped'; readonly path: string; readonly reason: Words }
    | {
        readonly kind: 'state';
        readonly folders: readonly {
          readonly path: string;
          readonly state: 'starting' | 'watching' | 'missing';
          /** Why the folder's rule cannot be used, so its photos wait (said once). */
          readonly problem?: Words | undefined;
        }[];
      };
};

/** Compile-time: `IpcEventPayloads` names exactly the listed events. */
export const payloadsCoverEveryEvent: SameKeys<IpcEventPayloads, Record<IpcEvent, unknown>> = true;

/** Error codes a call can end with; the message is for the user, in plain words. */
export type IpcErrorCode =
  'unknown-channel' | 'untrusted-sender' | 'bad-input' | 'not-signed-in' | 'offline' | 'failed';

/** What every call resolves with: never a thrown error across the bridge. */
export type IpcResult<T> =
  | { readonly ok: true; readonly value: T }
  | {
      readonly ok: false;
      readonly code: IpcErrorCode;
      /** In English: the command line's words and the logs'. */
      readonly message: string;
      /** The same in any language (issue 24 §2): the window says these when they are given. */
      readonly words?: Words;
    };

export { bucketNameSchema } from './call-inputs';
export { type IpcChannel, type IpcEvent, ipcChannels, ipcEvents, isIpcChannel } from './channels';

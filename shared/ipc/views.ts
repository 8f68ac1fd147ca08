import type { Words } from '../i18n/translator';
import type { UpdateChannel, UpdateMode } from '../domain/update-settings';
import type { LanguageChoice, ShownLocale } from '../i18n/locales';
import type { CameraOffset } from '../domain/camera-clock';
import type { Coordinates, IntakeItem } from '../domain/intake';
import type { ItemNote } from '../domain/item-note';
import type { Uploader } from '../domain/photo-match';
import type { Preset, SavedTemplate, WithManaged } from '../domain/presets';

// What crosses the bridge from main to the renderer: plain, serialisable data, never a token, a
// secret or file bytes. Main builds these from its own types; the renderer only reads them.

/** The sign-in as the UI shows it. */
export type SessionView = {
  readonly state: 'signed-out' | 'signing-in' | 'signed-in' | 'needs-sign-in';
  /** The service signed in to (its authorization server), if one is configured. */
  readonly service: string | undefined;
  readonly clientId: string | undefined;
  /** What the signed-in session may do, as the service granted it (its scope). */
  readonly access: string | undefined;
  /** When the access token expires (ms since the epoch), if signed in and known. */
  readonly expiresAt: number | undefined;
  /** False when no keychain is available: the sign-in lasts for this run only. */
  readonly remembered: boolean;
  /** Where the sign-in is kept (see `SignInStorage`). */
  readonly kept: SignInStorage;
  /**
   * What the user should be told (a failed sign-in, an expired session), as words: the window
   * says them in its language, the command line in English (`englishFor`). From main only.
   */
  readonly message: Words | undefined;
};

/**
 * Where the sign-in's tokens are kept: the OS keychain; the plain-text file of the data folder
 * the user asked for when no keychain answers (`login --insecure-storage`); or memory only,
 * forgotten when the process ends.
 */
export type SignInStorage = 'keychain' | 'plain-text-file' | 'memory';

/** An S3-compatible photo host as the settings screen edits it (its keys go only one way). */
export type S3HostView = {
  readonly kind: 's3';
  readonly endpoint: string | undefined;
  readonly region: string;
  readonly bucket: string;
  readonly prefix: string;
  readonly pathStyle: boolean;
  /** Whether keys are stored in the keychain; the keys themselves are never shown back. */
  readonly hasKeys: boolean;
  /**
   * The AWS profile the host's credentials come from instead of stored keys (IT's shared
   * `config`/`credentials` files, `credential_process` or IAM Identity Center); undefined: keys.
   */
  readonly profile: string | undefined;
};

export type PublishedHostView = {
  readonly kind: 'published';
  readonly root: string;
  readonly urlPrefix: string;
};

/** The settings as the UI sees them: no secrets, only whether they are set. */
export type SettingsView = {
  readonly authUrl: string | undefined;
  readonly baseUrl: string | undefined;
  readonly clientId: string | undefined;
  readonly hasClientSecret: boolean;
  readonly redirect: 'custom-scheme' | 'loopback';
  /** Why this install signs in through the loopback redirect, when it cannot use its scheme. */
  readonly redirectNote: Words | undefined;
  /**
   * The PEM file of extra certificate authorities trusted besides the system's (`--ca-file`),
   * if one is set. Optional so that views built without it (the command line's) need not say it.
   */
  readonly caFile?: string | undefined;
  readonly photoHost: S3HostView | PublishedHostView | undefined;
  /** The sign-in goes to a plain-text file when no keychain answers (`login --insecure-storage`). */
  readonly signInTokensInPlainTextFile: boolean;
  readonly concurrency: number;
  readonly assumedZone: string;
  /** HEIC/HEIF and TIFF photos are sent unchanged instead of as JPEG. */
  readonly keepOriginals: boolean;
  /** Seconds a watched file must hold still (size and modification time) before it is taken in. */
  readonly watchSettleSeconds: number;
  /** Metres past which a photo is called far from its project. */
  readonly farMeters: number;
  /** Saved camera clock offsets, applied to later intakes. */
  readonly cameraOffsets: readonly CameraOffset[];
  /** The bandwidth cap in bytes per second; null: no cap. */
  readonly maxUploadBytesPerSecond: number | null;
  /** Upload hours ("Mon-Fri 18:00-07:00"); null: any time. */
  readonly uploadHours: string | null;
  /** In the app, sending pauses while the computer runs on battery. */
  readonly pauseOnBattery: boolean;
  /** The map panel's tile address template (`{z}`, `{x}`, `{y}`). */
  readonly mapTileUrl: string;
  /** How the installed app updates itself (the organisation's choice; issue 25 §3). */
  readonly updates: UpdateMode;
  /** The releases it follows. Its feed's address is main's alone: the window is not told it. */
  readonly updateChannel: UpdateChannel;
  /**
   * What quitting with uploads pending does: `ask`, or the answer remembered with "Remember my
   * choice" in the quit dialog (Settings can reset it to `ask`).
   */
  readonly quitWithPending: 'ask' | 'quit' | 'keep-uploading';
  /** The language chosen in Settings: `system` follows the operating system's. */
  readonly language: LanguageChoice;
  /** Whether the app starts at login, in the tray: the user's choice, else on once a folder is watched. */
  readonly startAtLogin: boolean;
  /**
   * The saved description templates offered by name (issue 26 §1): the organisation's
   * (`managed`, read-only, winning on a name clash) first, then the user's own. `settings:set`
   * takes back only the user's own.
   */
  readonly descriptionTemplates: readonly WithManaged<SavedTemplate>[];
  /** The presets offered by name, the organisation's (`managed`) first, as the templates. */
  readonly presets: readonly WithManaged<Preset>[];
  /** The language the window is shown in now, from `language` and the system's languages. */
  readonly locale: ShownLocale;
  /** The tag dates, times, numbers and sizes are written in: the system's region (`en-GB`, `de-CH`). */
  readonly formatLocale: string;
  /**
   * The names of the settings the organisation's policy sets (`authUrl`, `photoHost`, …): the
   * window shows them read-only with "Set by your organisation", and main refuses changes to them.
   */
  readonly managed: readonly string[];
  /** Why the organisation's policy was ignored as a whole; undefined when there is none or it applies. */
  readonly policyProblem: Words | undefined;
  /**
   * Where the organisation's policy was read (a file, a registry key, a preferences domain), when
   * there is one, applied or not: `status` says it.
   */
  readonly policyOrigin?: string | undefined;
};

/** One intake result with the id the renderer uses to queue it. */
export type IntakeItemView = IntakeItem & {
  readonly intakeId: number;
  /** The dropped or chosen path this came from. */
  readonly root: string;
  /** The names of the folders between `root` and the file, outermost first. */
  readonly folders: readonly string[];
};

/** Counts of one intake run, for its progress line. */
export type IntakeProgressView = {
  readonly found: number;
  readonly inspected: number;
  readonly photos: number;
  readonly skipped: number;
  readonly errors: number;
  readonly done: boolean;
};

/** The `intake:batch` event: results of one run, in order. */
export type IntakeBatchView = {
  readonly runId: number;
  readonly items: readonly IntakeItemView[];
  readonly progress: IntakeProgressView;
};

/** A project from the service's list. */
export type ProjectView = {
  readonly id: string;
  readonly name: string;
  /** One line: street, city, postal code, country (whatever the service knows). */
  readonly address: string;
  readonly photoCount: number | undefined;
  /** Archived on the service: never used for a subfolder without the user's say (issue 22). */
  readonly archived?: boolean;
};

/** Where a queued item is, in the stages the UI names. */
export const queueItemStates = [
  'queued',
  'staged',
  'creating',
  'created',
  'done',
  'needs-attention',
  'cancelled',
] as const;
export type QueueItemState = (typeof queueItemStates)[number];

/** One queued upload or description edit. */
export type QueueItemView = {
  readonly id: number;
  readonly kind: 'photo' | 'description';
  readonly state: QueueItemState;
  readonly paused: boolean;
  /** Why it stopped or ended (or waits for the upload hours), in words: worded by each side. */
  readonly reason: Words | undefined;
  readonly path: string | undefined;
  readonly projectId: string | undefined;
  readonly photoId: string | undefined;
  readonly md5: string | undefined;
  readonly size: number | undefined;
  readonly capturedAt: number | undefined;
  readonly coordinates: Coordinates | null;
  readonly description: string;
  /** For a description edit that conflicts: what the service has now. */
  readonly serviceDescription: string | undefined;
  readonly processingStatus: string | undefined;
  readonly attempts: number;
  readonly updatedAt: number;
  /** When the item was queued (Unix ms): items queued together form one batch in the queue. */
  readonly queuedAt: number;
  /** Not uploaded: the project already had this photo (`photoId`) before it was created. */
  readonly alreadyOnService?: boolean;
  /** How it went unusually (see `itemNoteWords`), e.g. uploaded without the duplicate check. */
  readonly note?: ItemNote;
  /**
   * The photo's page on the service (its `photo_url`), only when main would open it (an https
   * page of the configured service, see `navigation-rules.ts`); the queue links it.
   */
  readonly photoUrl?: string;
  /** Bytes of the file the photo host has while it uploads (`queued`); 0 before. */
  readonly bytesSent?: number;
  /**
   * Issue 26 §3: what became of the file after upload, when its batch asked to move or trash
   * it: `pending` until the service holds it and it is done, then moved (to `to`), trashed, or
   * left where it is with a reason.
   */
  readonly afterUpload?: AfterUploadView;
};

/** What became of a photo's file after upload (see `QueueItemView.afterUpload`). */
export type AfterUploadView =
  | { readonly kind: 'pending' }
  | { readonly kind: 'moved'; readonly to: string }
  | { readonly kind: 'trashed' }
  | { readonly kind: 'left'; readonly reason: Words };

/** What the engine as a whole is doing. */
export type QueueCondition = 'idle' | 'running' | 'offline' | 'needs-sign-in';

/** Per-stage progress, bytes and time left. */
export type QueueProgressView = {
  readonly stages: {
    readonly preparing: number;
    readonly creating: number;
    readonly processing: number;
    readonly done: number;
  };
  readonly needsAttention: number;
  readonly paused: number;
  readonly bytesTotal: number;
  readonly bytesStaged: number;
  readonly etaSeconds: number | undefined;
};

/** The whole queue (`queue:snapshot`). */
export type QueueSnapshotView = {
  readonly items: readonly QueueItemView[];
  readonly progress: QueueProgressView;
  readonly condition: QueueCondition;
  /** "Pause all" holds: nothing is sent, and items added meanwhile are paused too. */
  readonly pausedAll: boolean;
  /** Outside the upload hours: why nothing is sent and when it resumes; undefined otherwise. */
  readonly hoursWait?: Words | undefined;
};

/** How a `queue:sync` ended, with what the queue holds then. */
export type QueueSyncView = {
  /**
   * `idle`: nothing is left that can go on without the user; `needs-sign-in`: the session ended;
   * `stopped`: the process that runs the queue is quitting; `not-ready`: the service or photo
   * host is not set up (see `reason`).
   */
  readonly ended: 'idle' | 'needs-sign-in' | 'stopped' | 'not-ready';
  readonly reason: string | undefined;
  /** Items by queue state. */
  readonly counts: Readonly<Record<QueueItemState, number>>;
  /** Answers that made the queue wait during this run. */
  readonly waitedFor: {
    readonly rateLimited: number;
    readonly serverErrors: number;
    readonly networkErrors: number;
  };
};

/** The `queue:changed` event: the items that changed, the progress, the condition. */
export type QueueChangeView = {
  readonly items: readonly QueueItemView[];
  readonly progress: QueueProgressView;
  readonly condition: QueueCondition;
  /** "Pause all" holds: nothing is sent, and items added meanwhile are paused too. */
  readonly pausedAll: boolean;
  /** Outside the upload hours: why nothing is sent and when it resumes; undefined otherwise. */
  readonly hoursWait?: Words | undefined;
};

/** A photo already on the service. */
export type PhotoView = {
  readonly id: string;
  readonly projectId: string;
  readonly capturedAt: number | null;
  readonly coordinates: Coordinates | null;
  readonly description: string;
  readonly internal: boolean;
  readonly processingStatus: string;
  /**
   * Whether main can show the service's own thumbnail (or web rendition) of this photo: the
   * window loads it from the bridge's `renditionUrl(id)`, never from the service's address.
   */
  readonly hasThumbnail: boolean;
  /** The photo's tags on the service. */
  readonly tags: readonly string[];
  /** Who uploaded it, as the service says; null when the service does not say. */
  readonly uploader: Uploader | null;
  /**
   * The IANA zone at the photo's position (main looks it up: the boundary data stays out of the
   * window); undefined without a position, and times then show in the user's own zone.
   */
  readonly zone: string | undefined;
};

/** A photo of a batch that is already on the service (issue 13: never twice in a project). */
export type ServiceCopyView = {
  readonly intakeId: number;
  /** The photo on the service with the same bytes. */
  readonly photoId: string;
  readonly projectId: string;
  /**
   * True: the chosen project has it (the service said so). False: another project has it, as
   * this computer's queue history says; the user decides.
   */
  readonly inChosenProject: boolean;
};

/** A project as the command line lists it: every field the service may leave out is optional. */
export type ProjectListingView = ProjectView & {
  readonly coordinates: Coordinates | null;
  /** True when the service marks the project archived (or its status says so). */
  readonly archived: boolean;
  /** The site's outline (`{lat, lon}` corners) when the service gives one. */
  readonly geofence: readonly Coordinates[] | null;
};

/**
 * The `projects:check` answer (issue 22): the project may be used, is refused with a code, or
 * could not be checked now (offline, signed out: `reason` in words).
 */
export type ProjectCheckView =
  | { readonly kind: 'ok'; readonly name: string | undefined }
  | { readonly kind: 'refused'; readonly code: 'unknown' | 'no-access' }
  | { readonly kind: 'refused'; readonly code: 'archived'; readonly name: string | undefined }
  | { readonly kind: 'unchecked'; readonly reason: string };

/** A photo as the command line lists it. */
export type PhotoListingView = {
  readonly id: string;
  readonly capturedAt: number | null;
  readonly hash: string | null;
  readonly description: string;
  readonly tags: readonly string[];
  /** Who uploaded it, as the service says; null when the service does not say. */
  readonly uploader: Uploader | null;
  readonly processingStatus: string;
};

/** A report ready to save: the renderer offers it as a download. */
export type ReportView = {
  readonly fileName: string;
  readonly mimeType: string;
  readonly content: string;
};

/** What opening a setup file came to. */
export type SetupResultView = {
  /** The setup was saved (false: the user cancelled; a refusal is an error with its reason). */
  readonly applied: boolean;
  /** What it set, in English (the command line's); empty when cancelled. */
  readonly message: string;
  /** The file's name, as the user knows it (when applied). */
  readonly name?: string;
  /** What it set, one change each, in words for any language (when applied). */
  readonly changes?: readonly Words[];
};

/**
 * The app's update as the window shows it (`updates:get`, `updates:changed`; issue 25 §3): a calm
 * notice and at most one thing to do. No notice when this run has no updates, is looking, or is
 * up to date.
 */
export type UpdateView = {
  /** What to say ("Version 1.2.0 is ready"); undefined: nothing. */
  readonly notice: Words | undefined;
  /** A failure rather than news. */
  readonly problem: boolean;
  /**
   * The one thing the user may do now: restart to install (its words say how many uploads it
   * waits for) or download an update found (when the organisation chose `notify`).
   */
  readonly action: { readonly kind: 'restart' | 'download'; readonly label: Words } | undefined;
};

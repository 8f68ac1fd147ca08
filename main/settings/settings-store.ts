import { LANGUAGE_CHOICES } from '../../shared/i18n/locales';
import { mapTileUrlProblem } from '../../shared/domain/map-tiles';
import Conf from 'conf';
import { z } from 'zod';
import { parseUploadSchedule } from '../../shared/domain/upload-hours';
import { secureAddressSchema } from '../../shared/domain/secure-address';
import { UPDATE_CHANNELS, UPDATE_MODES } from '../../shared/domain/update-settings';
import { awsProfileNameSchema } from '../../shared/domain/aws-profile';
import { FAR_METERS_RANGE } from '../../shared/domain/project-distance';
import { cameraOffsetSchema, MAX_CAMERA_OFFSETS } from '../../shared/domain/camera-clock';
import {
  MAX_WATCH_SETTLE_SECONDS,
  MIN_WATCH_SETTLE_SECONDS,
  watchRuleSchema,
} from '../../shared/domain/watch-rule';
import {
  mergedEntries,
  presetsSchema,
  savedTemplatesSchema,
  type WithManaged,
} from '../../shared/domain/presets';
import type { Logger } from '../logging/logger';
import { DEFAULT_MAX_FILE_BYTES } from '../media/file-limits';
import {
  isMergedList,
  ManagedSettingError,
  managedChanges,
  NO_POLICY,
  type PolicyState,
  policyListEntries,
} from './managed-settings';

/** How the browser hands the sign-in back: the app's private scheme, or a loopback listener. */
export const redirectKinds = ['custom-scheme', 'loopback'] as const;
export type RedirectKind = (typeof redirectKinds)[number];

/** An address tokens or photos go to: https, or plain http only on this computer. */
const httpUrl = secureAddressSchema;

/** The smallest and largest per-file size limits accepted: 1 MiB to 4 GiB. */
export const MAX_FILE_BYTES_RANGE = { min: 1024 * 1024, max: 4 * 1024 * 1024 * 1024 } as const;

/** Where photos are put for the service to download: an S3-compatible bucket or a published folder. */
export const photoHostSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('s3'),
    endpoint: httpUrl.optional(),
    region: z.string().min(1),
    bucket: z.string().min(1),
    prefix: z.string().default(''),
    pathStyle: z.boolean().default(false),
    urlLifetimeSeconds: z.number().int().min(300).max(604_800).optional(),
    /**
     * The AWS profile (in the shared `config` and `credentials` files) whose credentials sign the
     * requests, through the AWS SDK's own providers (keys, `credential_process`, IAM Identity
     * Center); without one, the keys stored in the keychain do.
     */
    profile: awsProfileNameSchema.optional(),
  }),
  z.object({ kind: z.literal('published'), root: z.string().min(1), urlPrefix: httpUrl }),
]);

export type PhotoHostSettings = z.infer<typeof photoHostSchema>;

/** Entries of a merged list as the settings keep them, without whose they are. */
function withoutManagedFlag<T>(entries: readonly WithManaged<T>[]): T[] {
  return entries.map(({ managed: _managed, ...entry }) => entry as T);
}

/** Non-secret preferences. Secrets (client secret, tokens, host keys) live in the keychain. */
export const settingsSchema = z.object({
  authUrl: httpUrl.optional(),
  baseUrl: httpUrl.optional(),
  clientId: z.string().min(1).optional(),
  scope: z.string().min(1).optional(),
  redirect: z.enum(redirectKinds).optional(),
  /**
   * A PEM file of extra certificate authorities to trust (a company's), besides the bundled roots
   * and the system store. An absolute path (the command line's `--ca-file`).
   */
  caFile: z.string().min(1).max(4096).optional(),
  photoHost: photoHostSchema.optional(),
  concurrency: z.number().int().min(1).max(16).optional(),
  /**
   * The largest photo file taken in or uploaded, in bytes (default `DEFAULT_MAX_FILE_BYTES`,
   * 500 MiB). Larger files are refused with a reason.
   */
  maxFileBytes: z
    .number()
    .int()
    .min(MAX_FILE_BYTES_RANGE.min)
    .max(MAX_FILE_BYTES_RANGE.max)
    .optional(),
  /** The service's rate limits, as the client paces itself (default 100 writes and 240 reads a minute). */
  pacing: z
    .object({
      writesPerWindow: z.number().int().min(1),
      readsPerWindow: z.number().int().min(1),
      windowMs: z.number().int().min(100),
      /** Longest wait before retrying after a 429 without Retry-After, a 5xx or a failed staging. */
      maxBackoffMs: z.number().int().min(100).optional(),
    })
    .optional(),
  /**
   * Send HEIC/HEIF and TIFF photos unchanged instead of converting them to JPEG (default false:
   * converted, since browsers show neither and the service documents only JPEG and PNG).
   */
  keepOriginals: z.boolean().optional(),
  /**
   * How long (seconds) a watched file's size and modification time must hold still before it is
   * taken in (default `DEFAULT_WATCH_SETTLE_SECONDS`).
   */
  watchSettleSeconds: z
    .number()
    .int()
    .min(MIN_WATCH_SETTLE_SECONDS)
    .max(MAX_WATCH_SETTLE_SECONDS)
    .optional(),
  /** The zone assumed for photos nothing else places (default: the computer's). */
  assumedZone: z.string().min(1).max(100).optional(),
  /** Projects photos were last sent to, newest first, for the project picker. */
  recentProjects: z
    .array(z.object({ id: z.string(), name: z.string(), address: z.string() }))
    .max(10)
    .optional(),
  redirectScheme: z
    .string()
    .regex(/^[a-z][a-z0-9+.-]*\.[a-z0-9+.-]+$/, 'a reverse-DNS scheme such as com.example.app')
    .optional(),
  /** The window's last size and place (the app restores them). */
  window: z
    .object({
      x: z.number().int(),
      y: z.number().int(),
      width: z.number().int().min(200).max(20_000),
      height: z.number().int().min(200).max(20_000),
      maximized: z.boolean(),
    })
    .optional(),
  /**
   * What quitting with uploads pending does, when the user asked to be asked no more; `ask`
   * (as when unset) once Settings reset it (issue 22).
   */
  quitWithPending: z.enum(['ask', 'quit', 'keep-uploading']).optional(),
  /** The window's language: `system` (as when unset) follows the operating system's (issue 24). */
  language: z.enum(LANGUAGE_CHOICES).optional(),
  /**
   * Whether the app starts at login, in the tray (issue 25); unset: on once a folder is watched
   * (see `startAtLoginWanted`).
   */
  startAtLogin: z.boolean().optional(),
  /** Watched folders and their rules (issue 13), run by the process that owns the data folder. */
  watchFolders: z.array(watchRuleSchema).max(100).optional(),
  /**
   * How far (metres) a photo may be from its project before it is flagged as far (default
   * `DEFAULT_FAR_METERS`, 1 km); issue 14 §2.
   */
  farMeters: z.number().int().min(FAR_METERS_RANGE.min).max(FAR_METERS_RANGE.max).optional(),
  /** Camera clock offsets (issue 14), applied to later intakes: see `shared/domain/camera-clock.ts`. */
  cameraOffsets: z.array(cameraOffsetSchema).max(MAX_CAMERA_OFFSETS).optional(),
  /** The bandwidth cap on bytes sent to the photo host, all lanes together (issue 14); null: none. */
  maxUploadBytesPerSecond: z.number().int().positive().nullable().optional(),
  /** Upload hours ("Mon-Fri 18:00-07:00", in this computer's zone; issue 14); null: any time. */
  uploadHours: z
    .string()
    .refine((text) => parseUploadSchedule(text) !== undefined, 'not a schedule of upload hours')
    .nullable()
    .optional(),
  /**
   * Keep the sign-in tokens in a plain-text file of the data folder when no keychain answers
   * (`login --insecure-storage`, as the GitHub CLI offers; `logout` ends it). Never other secrets.
   */
  signInTokensInPlainTextFile: z.boolean().optional(),
  /** In the app, pause sending while the computer runs on battery (issue 14). */
  pauseOnBattery: z.boolean().optional(),
  /**
   * The map panel's tile address template (`{z}`, `{x}`, `{y}`; default
   * `DEFAULT_MAP_TILE_URL`, OpenStreetMap); its origin is the only remote one the window's
   * Content-Security-Policy lets images come from (issue 15).
   */
  mapTileUrl: z
    .string()
    .refine((text) => mapTileUrlProblem(text) === undefined, 'not a usable map tile address')
    .optional(),
  /**
   * How the installed app updates itself (issue 25 §3): `auto` (as when unset,
   * `DEFAULT_UPDATE_MODE`), `notify` or `off`. See `shared/domain/update-settings.ts`.
   */
  updates: z.enum(UPDATE_MODES).optional(),
  /** The releases the app follows: `latest` (as when unset) or `beta`. */
  updateChannel: z.enum(UPDATE_CHANNELS).optional(),
  /**
   * The base address of an organisation's own update feed (electron-updater's generic provider:
   * `latest.yml`, `latest-mac.yml`, `latest-linux.yml` and the files they name). Unset: the
   * GitHub releases feed the package was built with. https (or http on this computer only).
   */
  updateUrl: httpUrl.optional(),
  /**
   * Saved description templates, by name (issue 26 §1). An organisation's policy may provide its
   * own: they are offered beside the user's, read-only, and win on a name clash (see `get`).
   */
  descriptionTemplates: savedTemplatesSchema.optional(),
  /** Presets (issue 26 §1): a name for a project, tags, a template, internal, an after-upload action. */
  presets: presetsSchema.optional(),
});

export type Settings = z.infer<typeof settingsSchema>;

/** The name of every setting the file may hold, for checks that a list names only real ones. */
export const SETTING_NAMES: readonly string[] = Object.keys(settingsSchema.shape);
export type SettingsPatch = { readonly [K in keyof Settings]?: Settings[K] };

/**
 * The settings file as a store library keeps it: `conf` on the command line, electron-store
 * (built on conf) in the app. Both write the same JSON file atomically.
 */
export type SettingsFile = {
  readonly store: Record<string, unknown>;
  set(values: Record<string, unknown>): void;
  readonly path: string;
};

/** How conf (and electron-store, which passes them on) open the one settings file of a folder. */
export function settingsFileOptions(dataDir: string) {
  return {
    cwd: dataDir,
    configName: 'settings',
    projectName: 'photo-uploader',
    clearInvalidConfig: true,
    // The owner's only, like the rest of the data folder (conf's default is 0o666).
    configFileMode: 0o600,
  } as const;
}

/**
 * The app's settings file (`settings.json` in the data folder), one schema whichever library
 * writes it (conf by default; the Electron app passes its electron-store). Each field is parsed
 * on read: a hand-edited or corrupt value is dropped with a warning, never trusted.
 */
export class SettingsStore {
  readonly #conf: SettingsFile;

  constructor(
    dataDir: string,
    private readonly logger: Logger,
    file: SettingsFile = new Conf<Record<string, unknown>>(settingsFileOptions(dataDir)),
  ) {
    this.#conf = file;
  }

  #policy: PolicyState = NO_POLICY;

  /**
   * The settings in effect: the user's (invalid fields left out), with every setting the
   * organisation's policy sets in its place.
   */
  get(): Settings {
    const user = this.userSettings();
    if (this.#policy.kind !== 'applied') return user;
    const replacing = Object.fromEntries(
      Object.entries(this.#policy.values).filter(([name]) => !isMergedList(name)),
    );
    const effective = settingsSchema.parse({ ...user, ...replacing });
    // Merged after the schema: the two lists together may hold more than one list's limit.
    const office = policyListEntries(this.#policy);
    const setByPolicy = new Set(Object.keys(this.#policy.values));
    const descriptionTemplates = setByPolicy.has('descriptionTemplates')
      ? withoutManagedFlag(
          mergedEntries(office.descriptionTemplates, user.descriptionTemplates ?? []),
        )
      : user.descriptionTemplates;
    const presets = setByPolicy.has('presets')
      ? withoutManagedFlag(mergedEntries(office.presets, user.presets ?? []))
      : user.presets;
    return {
      ...effective,
      ...(descriptionTemplates === undefined ? {} : { descriptionTemplates }),
      ...(presets === undefined ? {} : { presets }),
    };
  }

  /** The organisation's policy as last read (see `usePolicy`). */
  policy(): PolicyState {
    return this.#policy;
  }

  /** Uses `policy` from now on: its values win over the user's in `get`, and cannot be changed. */
  usePolicy(policy: PolicyState): void {
    this.#policy = policy;
  }

  /** The names of the settings the organisation's policy sets (shown read-only). */
  managed(): ReadonlySet<string> {
    return new Set(
      this.#policy.kind === 'applied'
        ? Object.keys(this.#policy.values).filter((name) => !isMergedList(name))
        : [],
    );
  }

  /** The user's own settings, as the file holds them; invalid fields are left out. */
  userSettings(): Settings {
    const raw = this.#conf.store;
    const result: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(settingsSchema.shape)) {
      if (raw[name] === undefined) continue;
      const parsed = field.safeParse(raw[name]);
      if (parsed.success) result[name] = parsed.data;
      else
        this.logger.warn('ignoring an invalid setting', {
          setting: name,
          // Zod's messages name the rule broken (an address only by scheme and host), never a secret.
          problem: parsed.error.issues[0]?.message,
        });
    }
    return settingsSchema.parse(result);
  }

  /**
   * Merges `patch` into the settings and saves them; `undefined` values are left unchanged.
   * Only the user's own settings are written: the policy's stay out of the file.
   * @throws ManagedSettingError when the patch changes a setting the organisation manages.
   * @throws z.ZodError when a value is invalid (nothing is saved then).
   * @returns the settings in effect afterwards.
   */
  update(patch: SettingsPatch): Settings {
    const refused = managedChanges(patch, this.#policy);
    if (refused.length > 0) throw new ManagedSettingError(refused);
    const defined = Object.fromEntries(
      Object.entries(patch).filter(
        ([name, value]) => value !== undefined && !this.managed().has(name),
      ),
    );
    const next = settingsSchema.parse({ ...this.userSettings(), ...defined });
    this.#conf.set(next);
    return this.get();
  }

  /** The per-file size limit in bytes: the setting, else the default (500 MiB). */
  maxFileBytes(): number {
    return this.get().maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  }

  /** Where the file is, for messages. */
  get path(): string {
    return this.#conf.path;
  }
}

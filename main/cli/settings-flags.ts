import { DEFAULT_MAP_TILE_URL } from '../../shared/domain/map-tiles';
import { DEFAULT_UPDATE_CHANNEL, DEFAULT_UPDATE_MODE } from '../../shared/domain/update-settings';
import { resolve } from 'node:path';
import { parseByteRate } from '../../shared/domain/byte-rate';
import { parseUploadSchedule } from '../../shared/domain/upload-hours';
import { insecureAddressReason } from '../../shared/domain/secure-address';
import { DEFAULT_FAR_METERS } from '../../shared/domain/project-distance';
import { DEFAULT_WATCH_SETTLE_SECONDS } from '../../shared/domain/watch-rule';
import type { IpcCallInput } from '../../shared/ipc/bridge';
import type { SettingsView } from '../../shared/ipc/views';
import { SEED_S3_KEY_ENV, SEED_S3_SECRET_ENV } from '../core/seed-settings';
import { CaFileError, readCaFile } from '../http/trusted-certificates';
import type { PhotoHostSettings } from '../settings/settings-store';
import type { CameraOffset } from '../../shared/domain/camera-clock';
import { withCameraOffsetFlags } from './camera-offset-flag';
import { CLIENT_SECRET_ENV, UsageError } from './cli-context';

/** The flags that change settings; each is saved, like the photo host. */
export type SettingsFlags = {
  readonly authUrl: string | undefined;
  readonly baseUrl: string | undefined;
  readonly clientId: string | undefined;
  readonly scope: string | undefined;
  readonly photoHost: PhotoHostSettings | undefined;
  readonly concurrency: string | undefined;
  /** `--ca-file PATH`: extra certificate authorities to trust, saved as an absolute path. */
  readonly caFile: string | undefined;
  /** `--keep-originals` (true) or `--convert-originals` (false): how HEIC/TIFF photos are sent. */
  readonly keepOriginals?: boolean | undefined;
  /** `--camera-offset`, parsed: put into the saved camera clock offsets. */
  readonly cameraOffsets?: readonly CameraOffset[] | undefined;
  /** `--max-upload-rate 2MB/s` (or `none`): the bandwidth cap, saved. */
  readonly maxUploadRate?: string | undefined;
  /** `--hours "Mon-Fri 18:00-07:00"` (or `any`): the upload hours, saved. */
  readonly hours?: string | undefined;
  /** `--start-at-login on|off`: whether the app starts at login, saved (the app applies it). */
  readonly startAtLogin?: string | undefined;
};

/**
 * The `startAtLogin` setting `--start-at-login` asks for: `on` true, `off` false; undefined
 * without the flag.
 * @throws UsageError for another value.
 */
export function startAtLoginFlag(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === 'on') return true;
  if (value === 'off') return false;
  throw new UsageError(`--start-at-login must be on or off, not "${value}"`);
}

function checkedUrl(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    throw new UsageError(`--${name} must be an http(s) URL, not "${value}"`);
  }
  const insecure = insecureAddressReason(value);
  if (insecure !== undefined) throw new UsageError(`--${name}: ${insecure}`);
  return value.replace(/\/+$/, '');
}

function s3Keys(env: NodeJS.ProcessEnv) {
  const accessKeyId = env[SEED_S3_KEY_ENV];
  const secretAccessKey = env[SEED_S3_SECRET_ENV];
  return accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined;
}

/**
 * The `settings:set` call the flags and environment ask for (the client secret and S3 keys come
 * only from the environment, then live in the keychain); undefined when they change nothing.
 * @throws UsageError for a flag with a bad value.
 */
export function settingsChange(
  flags: SettingsFlags,
  env: NodeJS.ProcessEnv,
  saved: SettingsView,
): IpcCallInput<'settings:set'> | undefined {
  const authUrl = checkedUrl('auth-url', flags.authUrl);
  const baseUrl = checkedUrl('base-url', flags.baseUrl);
  const concurrency = flags.concurrency === undefined ? undefined : Number(flags.concurrency);
  if (
    concurrency !== undefined &&
    !(Number.isInteger(concurrency) && concurrency >= 1 && concurrency <= 16)
  )
    throw new UsageError(
      `--concurrency is a whole number from 1 to 16, not "${flags.concurrency}"`,
    );
  // Checked here, so a wrong path is said before anything is saved (and again at each start).
  const caFile = flags.caFile === undefined ? undefined : resolve(flags.caFile);
  if (caFile !== undefined) {
    try {
      readCaFile(caFile);
    } catch (error) {
      if (error instanceof CaFileError) throw new UsageError(`--ca-file: ${error.message}`);
      throw error;
    }
  }
  const maxUploadBytesPerSecond = uploadRateFlag(flags.maxUploadRate);
  const uploadHours = hoursFlag(flags.hours);
  const secret = env[CLIENT_SECRET_ENV];
  const keys = s3Keys(env);
  const host = flags.photoHost ?? saved.photoHost;
  // Keys from the environment go with the photo host they belong to (new, or saved without keys);
  // a host whose credentials come from an AWS profile takes none.
  const photoHost =
    host?.kind === 's3' &&
    host.profile === undefined &&
    keys !== undefined &&
    (flags.photoHost !== undefined || saved.photoHost?.kind !== 's3' || !saved.photoHost.hasKeys)
      ? {
          kind: 's3' as const,
          ...(host.endpoint !== undefined ? { endpoint: host.endpoint } : {}),
          region: host.region,
          bucket: host.bucket,
          prefix: host.prefix,
          pathStyle: host.pathStyle,
          ...keys,
        }
      : flags.photoHost;
  const startAtLogin = startAtLoginFlag(flags.startAtLogin);
  const change: IpcCallInput<'settings:set'> = {
    ...(authUrl !== undefined ? { authUrl } : {}),
    ...(baseUrl !== undefined ? { baseUrl } : {}),
    ...(flags.clientId !== undefined ? { clientId: flags.clientId } : {}),
    ...(flags.scope !== undefined ? { scope: flags.scope } : {}),
    ...(secret !== undefined && secret !== '' ? { clientSecret: secret } : {}),
    ...(photoHost !== undefined ? { photoHost } : {}),
    ...(concurrency !== undefined ? { concurrency } : {}),
    ...(caFile !== undefined ? { caFile } : {}),
    // Saved as given even when it matches the default: the choice is then the user's own.
    ...(startAtLogin === undefined ? {} : { startAtLogin }),
    ...(flags.keepOriginals !== undefined && flags.keepOriginals !== saved.keepOriginals
      ? { keepOriginals: flags.keepOriginals }
      : {}),
    ...(flags.cameraOffsets !== undefined && flags.cameraOffsets.length > 0
      ? { cameraOffsets: withCameraOffsetFlags(saved.cameraOffsets, flags.cameraOffsets) }
      : {}),
    ...(maxUploadBytesPerSecond !== undefined ? { maxUploadBytesPerSecond } : {}),
    ...(uploadHours !== undefined ? { uploadHours } : {}),
  };
  return Object.keys(change).length === 0 ? undefined : change;
}

/** Settings as nothing is saved yet: for checking flags before the data folder is opened. */
export const noSavedSettings: SettingsView = {
  authUrl: undefined,
  baseUrl: undefined,
  clientId: undefined,
  hasClientSecret: false,
  redirect: 'loopback',
  redirectNote: undefined,
  photoHost: undefined,
  signInTokensInPlainTextFile: false,
  concurrency: 4,
  assumedZone: 'UTC',
  keepOriginals: false,
  watchSettleSeconds: DEFAULT_WATCH_SETTLE_SECONDS,
  farMeters: DEFAULT_FAR_METERS,
  cameraOffsets: [],
  maxUploadBytesPerSecond: null,
  uploadHours: null,
  pauseOnBattery: false,
  mapTileUrl: DEFAULT_MAP_TILE_URL,
  updates: DEFAULT_UPDATE_MODE,
  updateChannel: DEFAULT_UPDATE_CHANNEL,
  quitWithPending: 'ask',
  language: 'system',
  startAtLogin: false,
  descriptionTemplates: [],
  presets: [],
  locale: 'en',
  formatLocale: 'en',
  managed: [],
  policyProblem: undefined,
};

/** Words that lift a cap or a schedule. */
const NONE_WORDS = new Set(['none', 'off', 'any', 'always', 'unlimited']);

/**
 * The bandwidth cap `--max-upload-rate` asks for: bytes per second, null to remove it (`none`),
 * undefined when the flag is not given.
 * @throws UsageError when it is not a rate.
 */
export function uploadRateFlag(text: string | undefined): number | null | undefined {
  if (text === undefined) return undefined;
  if (NONE_WORDS.has(text.trim().toLowerCase())) return null;
  const rate = parseByteRate(text);
  if (rate === undefined)
    throw new UsageError(
      `--max-upload-rate is a rate such as 500KB/s, 2MB/s or 1.5MiB/s (or none), not "${text}"`,
    );
  return rate;
}

/**
 * The upload hours `--hours` asks for, normalised; null to send at any time (`any`), undefined
 * when the flag is not given.
 * @throws UsageError when it is not a schedule.
 */
export function hoursFlag(text: string | undefined): string | null | undefined {
  if (text === undefined) return undefined;
  if (NONE_WORDS.has(text.trim().toLowerCase())) return null;
  const schedule = parseUploadSchedule(text);
  if (schedule === undefined)
    throw new UsageError(
      `--hours is days and a time range such as "Mon-Fri 18:00-07:00" (or any), not "${text}"`,
    );
  return schedule.text;
}

/**
 * The `keepOriginals` setting the flags ask for: `--keep-originals` true, `--convert-originals`
 * false, neither undefined (the saved setting stays).
 * @throws UsageError when both are given.
 */
export function keepOriginalsFlag(
  keep: boolean | undefined,
  convert: boolean | undefined,
): boolean | undefined {
  if (keep === true && convert === true)
    throw new UsageError('--keep-originals and --convert-originals cannot be used together');
  if (keep === true) return true;
  if (convert === true) return false;
  return undefined;
}

/** The flags whose values are saved in the settings (as `settingsChange` and the host flags do). */
const SAVED_FLAGS = [
  'auth-url',
  'base-url',
  'client-id',
  'scope',
  'host',
  's3-endpoint',
  's3-region',
  's3-bucket',
  's3-prefix',
  's3-path-style',
  's3-profile',
  'published-root',
  'published-url',
  'concurrency',
  'ca-file',
  'keep-originals',
  'convert-originals',
  'camera-offset',
  'max-upload-rate',
  'hours',
  'start-at-login',
] as const;

/**
 * `upload --dry-run` saves nothing (issue 26 §2): a flag that would be saved in the settings is
 * refused with it, rather than saved by a run that promised to change nothing, or ignored so
 * that the dry run shows other than what the same command without it does.
 * @throws UsageError naming the flags given.
 */
export function refuseSavedFlagsInDryRun(values: Readonly<Record<string, unknown>>): void {
  const given = SAVED_FLAGS.filter((flag) => values[flag] !== undefined);
  if (given.length > 0)
    throw new UsageError(
      `--dry-run saves nothing, and ${given.map((flag) => `--${flag}`).join(', ')} would be saved in the settings: run without --dry-run to save ${given.length === 1 ? 'it' : 'them'} first`,
    );
}

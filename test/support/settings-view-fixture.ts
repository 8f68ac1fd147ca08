import { DEFAULT_MAP_TILE_URL } from '../../shared/domain/map-tiles';
import { DEFAULT_FAR_METERS } from '../../shared/domain/project-distance';
import { DEFAULT_WATCH_SETTLE_SECONDS } from '../../shared/domain/watch-rule';
import type { SettingsView } from '../../shared/ipc/views';

/**
 * Every setting the window sees, as a fresh install shows them (no service, no photo host, the
 * defaults), with `overrides` on top. The one place a test spells out a whole `SettingsView`, so
 * a new setting is added here once instead of in every test that needs settings.
 */
export function settingsViewFixture(overrides: Partial<SettingsView> = {}): SettingsView {
  return {
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
    updates: 'auto',
    updateChannel: 'latest',
    quitWithPending: 'ask',
    language: 'system',
    startAtLogin: false,
    descriptionTemplates: [],
    presets: [],
    locale: 'en',
    managed: [],
    policyProblem: undefined,
    ...overrides,
    // A catalog's own formats unless the test names the system's region.
    formatLocale:
      overrides.formatLocale ?? (overrides.locale === 'en-XA' ? 'en' : (overrides.locale ?? 'en')),
  };
}

/** A configured service, as the settings view shows it (the first-run tests' "Connect" done). */
export const SERVICE_FIXTURE = {
  authUrl: 'https://auth.example.com/',
  baseUrl: 'https://api.example.com/',
  clientId: 'uploader',
} as const;

/** An S3 photo host with stored keys, as the settings view shows it. */
export const S3_HOST_FIXTURE = {
  kind: 's3',
  endpoint: undefined,
  region: 'eu-central-1',
  bucket: 'site-photos',
  prefix: '',
  pathStyle: false,
  hasKeys: true,
  profile: undefined,
} as const;

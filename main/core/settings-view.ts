import type { Words } from '../../shared/i18n/translator';
import { FALLBACK_LOCALE, type Locales } from '../../shared/i18n/locales';
import { DEFAULT_MAP_TILE_URL } from '../../shared/domain/map-tiles';
import { DEFAULT_UPDATE_CHANNEL, DEFAULT_UPDATE_MODE } from '../../shared/domain/update-settings';
import { DEFAULT_FAR_METERS } from '../../shared/domain/project-distance';
import { DEFAULT_WATCH_SETTLE_SECONDS } from '../../shared/domain/watch-rule';
import { computerZone } from '../../shared/domain/zone';
import type { SettingsView } from '../../shared/ipc/views';
import type { RedirectChoice } from '../auth/auth-session';
import { secretNames } from '../secrets/secret-names';
import type { SecretStore } from '../secrets/secret-store';
import { NO_POLICY, type PolicyState, policyListEntries } from '../settings/managed-settings';
import { nameKey, type WithManaged } from '../../shared/domain/presets';
import type { Settings } from '../settings/settings-store';
import { startAtLoginWanted } from '../settings/start-at-login';
import { s3SecretNames } from '../staging/open-photo-host';

/**
 * The settings as the window sees them: no secrets, only whether each is set in the keychain.
 */
export async function settingsView(
  saved: Settings,
  secrets: SecretStore,
  redirect: { readonly kind: SettingsView['redirect']; readonly note: Words | undefined },
  policy: PolicyState = NO_POLICY,
  { locale, formatLocale }: Locales = { locale: FALLBACK_LOCALE, formatLocale: FALLBACK_LOCALE },
): Promise<SettingsView> {
  const host = saved.photoHost;
  const hasClientSecret =
    saved.authUrl !== undefined && saved.clientId !== undefined
      ? (await secrets.get(secretNames(saved.authUrl, saved.clientId).clientSecret)) !== undefined
      : false;
  const hasKeys =
    host?.kind === 's3'
      ? (await secrets.get(s3SecretNames(host).secretAccessKey)) !== undefined
      : false;
  return {
    authUrl: saved.authUrl,
    baseUrl: saved.baseUrl,
    clientId: saved.clientId,
    hasClientSecret,
    redirect: redirect.kind,
    redirectNote: redirect.note,
    caFile: saved.caFile,
    photoHost:
      host === undefined
        ? undefined
        : host.kind === 's3'
          ? {
              kind: 's3',
              endpoint: host.endpoint,
              region: host.region,
              bucket: host.bucket,
              prefix: host.prefix,
              pathStyle: host.pathStyle,
              hasKeys,
              profile: host.profile,
            }
          : host,
    signInTokensInPlainTextFile: saved.signInTokensInPlainTextFile ?? false,
    concurrency: saved.concurrency ?? 4,
    assumedZone: saved.assumedZone ?? computerZone(),
    keepOriginals: saved.keepOriginals ?? false,
    watchSettleSeconds: saved.watchSettleSeconds ?? DEFAULT_WATCH_SETTLE_SECONDS,
    farMeters: saved.farMeters ?? DEFAULT_FAR_METERS,
    cameraOffsets: saved.cameraOffsets ?? [],
    maxUploadBytesPerSecond: saved.maxUploadBytesPerSecond ?? null,
    uploadHours: saved.uploadHours ?? null,
    pauseOnBattery: saved.pauseOnBattery ?? false,
    mapTileUrl: saved.mapTileUrl ?? DEFAULT_MAP_TILE_URL,
    updates: saved.updates ?? DEFAULT_UPDATE_MODE,
    updateChannel: saved.updateChannel ?? DEFAULT_UPDATE_CHANNEL,
    quitWithPending: saved.quitWithPending ?? 'ask',
    language: saved.language ?? 'system',
    startAtLogin: startAtLoginWanted(saved),
    ...namedLists(saved, policy),
    locale,
    formatLocale,
    managed: policy.kind === 'applied' ? Object.keys(policy.values) : [],
    policyProblem: policy.kind === 'invalid' ? policy.words : undefined,
    policyOrigin: policy.kind === 'none' ? undefined : policy.origin,
  };
}

/**
 * The saved templates and presets in effect (the organisation's first, winning on a name clash:
 * see `SettingsStore.get`), each marked with whether the organisation provides it.
 */
function namedLists(
  saved: Settings,
  policy: PolicyState,
): Pick<SettingsView, 'descriptionTemplates' | 'presets'> {
  const office = policyListEntries(policy);
  const marked = <T extends { readonly name: string }>(
    entries: readonly T[],
    managed: readonly { readonly name: string }[],
  ): WithManaged<T>[] => {
    const names = new Set(managed.map((entry) => nameKey(entry.name)));
    return entries.map((entry) => ({ ...entry, managed: names.has(nameKey(entry.name)) }));
  };
  return {
    descriptionTemplates: marked(saved.descriptionTemplates ?? [], office.descriptionTemplates),
    presets: marked(saved.presets ?? [], office.presets),
  };
}

/** Why the queue cannot run, in the user's words, from what is set up; undefined when it can. */
export function notReadyReason(setup: {
  readonly caProblem: string | undefined;
  readonly service: boolean;
  readonly api: boolean;
  readonly hostConfigured: boolean;
  readonly host: boolean;
}): string | undefined {
  if (setup.caProblem !== undefined) return setup.caProblem;
  if (!setup.service)
    return 'No Photo Service is set up: give its addresses and client id (login saves them).';
  if (!setup.api) return 'No API address is set up: give the base URL (login saves it).';
  if (!setup.hostConfigured)
    return 'No photo host is set up: choose an S3-compatible bucket or a published folder.';
  if (!setup.host)
    return 'The photo host has no keys yet: enter them in Settings › Photo storage, or give them to the command line once (they are kept in the keychain).';
  return undefined;
}

/**
 * How sign-in comes back to this install: through the app's private scheme when the operating
 * system hands it over and the user did not ask for the loopback redirect; else loopback.
 */
export function redirectChoice(saved: Settings, customScheme: string | undefined): RedirectChoice {
  return customScheme !== undefined && saved.redirect !== 'loopback'
    ? { kind: 'custom-scheme', scheme: customScheme }
    : { kind: 'loopback' };
}

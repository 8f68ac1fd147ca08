import type { Locales } from '../../shared/i18n/locales';
import type { Clock } from '../../shared/domain/clock';
import type { RefreshLock } from '../auth/token-vault';
import type { HttpAgent } from '../http/http-agent';
import { secretNames } from '../secrets/secret-names';
import type { PhotoHostSettings, Settings } from '../settings/settings-store';
import { MissingHostKeys, openPhotoHost } from '../staging/open-photo-host';
import type { PhotoHost } from '../staging/photo-host';
import type { AppCoreOptions } from './app-core-options';
import { redirectChoice } from './settings-view';
import { openServiceConnection, type ServiceConnection } from './service-connection';

// What `AppCore` opens when it applies the saved settings: the connection to the service and the
// photo host. The core decides the order and keeps what these return.

/** What the photo host is opened with, besides its settings. */
export type HostDeps = {
  readonly options: AppCoreOptions;
  readonly clock: Clock;
  /** What carries the core's requests, as rebuilt for these settings. */
  readonly dispatcher: HttpAgent;
};

/** What the connection to the service is opened with, besides the settings. */
export type ConnectDeps = HostDeps & {
  /** A fresh connection pool with the same proxy and certificates, for the API client. */
  readonly createPool: () => HttpAgent;
  readonly refreshLock: RefreshLock;
  /** The app's language now, for the browser's tab after a loopback sign-in. */
  readonly locale: () => Locales;
};

/**
 * Opens the connection to the service the saved settings name, its session restored from the
 * keychain; undefined when no service is set up (no sign-in address or client id).
 */
export async function connectService(
  saved: Settings,
  deps: ConnectDeps,
): Promise<ServiceConnection | undefined> {
  if (saved.authUrl === undefined || saved.clientId === undefined) return undefined;
  const { options } = deps;
  const clientSecret = await options.secrets.get(
    secretNames(saved.authUrl, saved.clientId).clientSecret,
  );
  return openServiceConnection(
    {
      authUrl: saved.authUrl,
      clientId: saved.clientId,
      clientSecret,
      scope: saved.scope,
      redirect: redirectChoice(saved, options.customScheme),
      apiBaseUrl: saved.baseUrl,
    },
    saved.baseUrl,
    saved.pacing,
    {
      secrets: options.secrets,
      dispatcher: deps.dispatcher,
      createPool: deps.createPool,
      browser: options.browser,
      clock: deps.clock,
      logger: options.logger,
      redactor: options.redactor,
      refreshLock: deps.refreshLock,
      locale: deps.locale,
    },
  );
}

/**
 * Opens the photo host of the settings; undefined while its keys are not stored yet (logged:
 * uploads wait until they are set).
 * @throws whatever else keeps the host from opening.
 */
export async function openHostOrWait(
  host: PhotoHostSettings,
  deps: HostDeps,
): Promise<(PhotoHost & { close?(): void }) | undefined> {
  const { options } = deps;
  try {
    return await openPhotoHost(host, {
      secrets: options.secrets,
      redactor: options.redactor,
      clock: deps.clock,
      dispatcher: deps.dispatcher,
    });
  } catch (error) {
    if (!(error instanceof MissingHostKeys)) throw error;
    options.logger.warn('the photo host has no keys yet; uploads wait until they are set');
    return undefined;
  }
}

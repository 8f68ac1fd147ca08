import envPaths from 'env-paths';
import type { Dispatcher } from 'undici';
import { systemClock } from '../../shared/domain/clock';
import { AuthSession, type AuthConfig } from '../auth/auth-session';
import type { Browser } from '../auth/browser';
import { createHttpAgent } from '../http/http-agent';
import { createLogger, jsonLineSink, type Logger, Redactor } from '../logging/logger';
import { FallbackSecretStore } from '../secrets/fallback-secret-store';
import { KeytarSecretStore } from '../secrets/keytar-secret-store';
import { secretNames } from '../secrets/secret-names';
import type { SecretStore } from '../secrets/secret-store';
import { type Settings, SettingsStore } from '../settings/settings-store';

/** The environment variable that carries a confidential client's secret (never a flag). */
export const CLIENT_SECRET_ENV = 'PHOTO_UPLOADER_CLIENT_SECRET';

/** Thrown for a command line that cannot run; the message is the one-line reason. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Flags shared by every command; each overrides the saved setting of the same name. */
export type CommonFlags = {
  readonly dataDir: string | undefined;
  readonly authUrl: string | undefined;
  readonly baseUrl: string | undefined;
  readonly clientId: string | undefined;
  readonly scope: string | undefined;
  readonly verbose: boolean;
};

/** Where settings (and, later, the queue) live when `--data-dir` is not given. */
export function defaultDataDir(): string {
  return envPaths('photo-uploader', { suffix: '' }).data;
}

/** Everything a command needs, built once: the headless composition root. */
export type CliContext = {
  /** Where settings and the queue live. */
  readonly dataDir: string;
  readonly settings: SettingsStore;
  readonly saved: Settings;
  readonly secrets: SecretStore;
  readonly logger: Logger;
  readonly redactor: Redactor;
  readonly dispatcher: Dispatcher & { close(): Promise<void> };
  readonly env: NodeJS.ProcessEnv;
  readonly flags: CommonFlags;
  /** The effective service and client, flags over saved settings. */
  resolveAuth(): {
    authUrl: string;
    clientId: string;
    scope: string | undefined;
    baseUrl: string | undefined;
  };
  /** The sign-in session for the effective service, restored from the keychain. */
  openSession(browser: Browser): Promise<AuthSession>;
  close(): Promise<void>;
};

function checkedUrl(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    throw new UsageError(`--${name} must be an http(s) URL, not "${value}"`);
  }
  return value.replace(/\/+$/, '');
}

export function createCliContext(
  flags: CommonFlags,
  env: NodeJS.ProcessEnv,
  stderr: NodeJS.WritableStream,
): CliContext {
  const redactor = new Redactor();
  const logger = createLogger({
    sink: jsonLineSink(stderr),
    redactor,
    level: flags.verbose ? 'info' : 'warn',
    scope: 'cli',
  });
  const dataDir = flags.dataDir ?? defaultDataDir();
  const settings = new SettingsStore(dataDir, logger.child('settings'));
  const saved = settings.get();
  const secrets = new FallbackSecretStore(new KeytarSecretStore(), logger.child('secrets'));
  const dispatcher = createHttpAgent();
  const authUrl = checkedUrl('auth-url', flags.authUrl);
  const baseUrl = checkedUrl('base-url', flags.baseUrl);

  const resolveAuth = () => {
    const effective = {
      authUrl: authUrl ?? saved.authUrl,
      clientId: flags.clientId ?? saved.clientId,
      scope: flags.scope ?? saved.scope,
      baseUrl: baseUrl ?? saved.baseUrl,
    };
    if (effective.authUrl === undefined || effective.clientId === undefined) {
      throw new UsageError(
        'No Photo Service is configured: pass --auth-url and --client-id (login saves them)',
      );
    }
    return { ...effective, authUrl: effective.authUrl, clientId: effective.clientId };
  };

  const clientSecret = async (auth: {
    authUrl: string;
    clientId: string;
  }): Promise<string | undefined> => {
    const fromEnv = env[CLIENT_SECRET_ENV];
    if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
    return secrets.get(secretNames(auth.authUrl, auth.clientId).clientSecret);
  };

  return {
    dataDir,
    settings,
    saved,
    secrets,
    logger,
    redactor,
    dispatcher,
    env,
    flags,
    resolveAuth,
    async openSession(browser) {
      const auth = resolveAuth();
      const config: AuthConfig = {
        authUrl: auth.authUrl,
        clientId: auth.clientId,
        clientSecret: await clientSecret(auth),
        scope: auth.scope,
        // The command line always uses the loopback redirect: a private-use scheme needs the app
        // registered with the operating system to receive it.
        redirect: { kind: 'loopback' },
      };
      const session = new AuthSession({
        config,
        secrets,
        dispatcher,
        browser,
        clock: systemClock,
        logger: logger.child('auth'),
        redactor,
      });
      await session.restore();
      return session;
    },
    async close() {
      await dispatcher.close();
    },
  };
}

import type { Locales } from '../../shared/i18n/locales';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Dispatcher } from 'undici';
import { Agent } from 'undici';
import type { Clock } from '../../shared/domain/clock';
import { systemClock } from '../../shared/domain/clock';
import { AuthSession, type RedirectChoice } from '../../main/auth/auth-session';
import type { Browser } from '../../main/auth/browser';
import { FileRefreshLock, type RefreshLock } from '../../main/auth/token-vault';
import { createLogger, type LogRecord, Redactor } from '../../main/logging/logger';
import { InMemorySecretStore } from '../../main/secrets/in-memory-secret-store';
import type { SecretStore } from '../../main/secrets/secret-store';
import type { LaunchInfo } from '../../service/photo-service';

/** A browser that records what it was asked to open and, if told how, follows it. */
export class ScriptedBrowser implements Browser {
  readonly opened: string[] = [];
  #waiters: ((url: string) => void)[] = [];

  constructor(private readonly follow?: (url: string) => Promise<void>) {}

  async open(url: string): Promise<void> {
    this.opened.push(url);
    for (const waiter of this.#waiters.splice(0)) waiter(url);
    if (this.follow) await this.follow(url);
  }

  /** Resolves with the next URL opened (or the last one, if already opened). */
  nextUrl(): Promise<string> {
    const last = this.opened.at(-1);
    if (last !== undefined) return Promise.resolve(last);
    return new Promise((resolve) => this.#waiters.push(resolve));
  }
}

/** Follows the authorization URL like a browser would and returns the redirect's Location. */
export async function approveInBrowser(authorizationUrl: string): Promise<string> {
  const response = await fetch(authorizationUrl, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (location === null)
    throw new Error(`No redirect from the authorization endpoint (HTTP ${response.status})`);
  return location;
}

/** A browser that approves at once and loads the loopback redirect, as a real one would. */
export function loopbackBrowser(): ScriptedBrowser {
  return new ScriptedBrowser(async (url) => {
    const location = await approveInBrowser(url);
    await (await fetch(location)).text();
  });
}

export type SessionKit = {
  readonly session: AuthSession;
  readonly secrets: SecretStore;
  readonly logs: LogRecord[];
  readonly redactor: Redactor;
  /** Every form body sent to the authorization server, decoded. */
  readonly sentForms: URLSearchParams[];
  readonly dispatcher: Agent;
};

/** Where the tests' sessions lock their refreshes (entries differ by the service's port). */
export const TEST_LOCKS_DIR = join(tmpdir(), 'photo-uploader-test-locks');

/** Builds a session against the local service with recorded logs and token-endpoint requests. */
export function makeSession(
  info: LaunchInfo,
  options: {
    browser: Browser;
    publicClient?: boolean;
    redirect?: RedirectChoice;
    secrets?: SecretStore;
    clock?: Clock;
    /** Requested scope; leave the key out for `read write`, pass undefined for the server's narrowest. */
    scope?: string | undefined;
    /** The cross-process refresh lock (default: one shared by the tests' sessions). */
    refreshLock?: RefreshLock;
    /** The app's language (default: none given, so English). */
    locale?: () => Locales;
  },
): SessionKit {
  const logs: LogRecord[] = [];
  const sentForms: URLSearchParams[] = [];
  const redactor = new Redactor();
  const agent = new Agent();
  const recording: Dispatcher = agent.compose((dispatch) => (opts, handler) => {
    if (typeof opts.body === 'string' && opts.method === 'POST')
      sentForms.push(new URLSearchParams(opts.body));
    return dispatch(opts, handler);
  });
  const secrets = options.secrets ?? new InMemorySecretStore();
  const session = new AuthSession({
    config: {
      authUrl: info.auth_url,
      clientId: options.publicClient ? info.public_client_id : info.client_id,
      clientSecret: options.publicClient ? undefined : info.client_secret,
      scope: 'scope' in options ? options.scope : 'read write',
      redirect: options.redirect ?? { kind: 'loopback' },
      apiBaseUrl: info.base_url,
    },
    secrets,
    dispatcher: recording,
    browser: options.browser,
    clock: options.clock ?? systemClock,
    logger: createLogger({ sink: (record) => logs.push(record), redactor, level: 'debug' }),
    redactor,
    refreshLock: options.refreshLock ?? new FileRefreshLock(TEST_LOCKS_DIR),
    ...(options.locale === undefined ? {} : { locale: options.locale }),
  });
  return { session, secrets, logs, redactor, sentForms, dispatcher: agent };
}

/** How many token-endpoint answers the service gave, by status. */
export function tokenCalls(
  requests: Record<string, Record<string, number>>,
): Record<string, number> {
  return requests['POST /oauth/token'] ?? {};
}

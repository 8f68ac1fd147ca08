import type { Locales } from '../../shared/i18n/locales';
import type { Words } from '../../shared/i18n/translator';
import type { SignInStorage } from '../secrets/sign-in-token-file';
import type { Dispatcher } from 'undici';
import type { Clock } from '../../shared/domain/clock';
import type { Logger } from '../logging/logger';
import type { Redactor } from '../logging/redactor';
import type { SecretStore } from '../secrets/secret-store';
import type { Browser } from './browser';
import type { RefreshLock } from './token-vault';

/** How the browser hands the sign-in back to the app. */
export type RedirectChoice =
  { readonly kind: 'loopback' } | { readonly kind: 'custom-scheme'; readonly scheme: string };

/** One configured Photo Service and app registration. */
export type AuthConfig = {
  readonly authUrl: string;
  readonly clientId: string;
  /** Present for a confidential registration; absent for a public client (PKCE only). */
  readonly clientSecret: string | undefined;
  /** Requested scope; undefined asks for the narrowest the server offers. */
  readonly scope: string | undefined;
  readonly redirect: RedirectChoice;
  /**
   * The API the tokens are for: they are kept under its origin and never sent anywhere else.
   * Undefined when only signing in (no API address yet).
   */
  readonly apiBaseUrl: string | undefined;
};

/** What an `AuthSession` is built from. */
export type AuthSessionDeps = {
  readonly config: AuthConfig;
  readonly secrets: SecretStore;
  readonly dispatcher: Dispatcher;
  readonly browser: Browser;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly redactor: Redactor;
  /** Shared with every process of this user, so refreshes of one keychain entry never overlap. */
  readonly refreshLock: RefreshLock;
  /** The app's language, for the browser's tab after a loopback sign-in; English if absent. */
  readonly locale?: () => Locales;
};

/** Where the session stands: `needs-sign-in` means the server ended it and work waits. */
export type SessionState = 'signed-out' | 'signing-in' | 'signed-in' | 'needs-sign-in';

/** What the UI and the command line show about the session. Never holds a token. */
export type SessionSnapshot = {
  readonly state: SessionState;
  /** When the access token expires (ms since the epoch), if signed in and known. */
  readonly expiresAt: number | undefined;
  readonly scope: string | undefined;
  /** False when no keychain is available: the sign-in lasts for this run only. */
  readonly remembered: boolean;
  /** Where the tokens are kept: the keychain, the plain-text file asked for, or memory only. */
  readonly kept: SignInStorage;
  /**
   * The last thing the user should be told (a failed sign-in, an expired session), as words: the
   * window says them in its language, the command line in English.
   */
  readonly message: Words | undefined;
};

/** How a sign-in ended; a failure carries the words to show the user. */
export type SignInOutcome = { readonly ok: true } | { readonly ok: false; readonly message: Words };

/** What became of a callback handed to the session. */
export type CallbackOutcome =
  | { readonly kind: 'signed-in' }
  | { readonly kind: 'failed'; readonly message: Words }
  | { readonly kind: 'dropped'; readonly reason: string };

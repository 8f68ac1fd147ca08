import { chooseLocale, type LanguageChoice, type Locales } from '../../shared/i18n/locales';
import type { Translate } from '../../shared/i18n/translator';
import { LockTimeoutError } from '../ownership/file-lock';
import { isWordedError } from '../queue/queue-reason';

/** A native message: its title and its text. */
export type NativeMessage = { readonly title: string; readonly detail: string };

/** What the app says, in the words of `t`, while a command-line process owns the data folder. */
export function waitingForOwner(t: Translate): NativeMessage {
  return { title: t('startup.waiting.title'), detail: t('startup.waiting.detail') };
}

/**
 * What the app says, in the words of `t`, when it cannot start, and then quits. A failure that
 * carries words (a queue made by a newer version) says them in that language; another failure's
 * own message is shown as it is (in English: the log has the same words).
 */
export function startupFailure(error: unknown, t: Translate): NativeMessage {
  const title = t('startup.failed.title');
  if (error instanceof LockTimeoutError) return { title, detail: t('startup.failed.lockTimeout') };
  const reason = isWordedError(error)
    ? t(error.words.key, error.words.values)
    : error instanceof Error
      ? error.message
      : String(error);
  return { title, detail: t('startup.failed.detail', { reason }) };
}

/**
 * The language the app speaks before its core runs (waiting for the data folder, a failed start):
 * the one saved in Settings, else the system's, as `AppCore.locale()` will choose it. Settings
 * that cannot be read, or system languages that cannot be asked for, count as not chosen.
 */
export function startupLocale(options: {
  readonly saved: () => LanguageChoice | undefined;
  readonly systemLanguages: () => readonly string[];
  readonly pseudo: boolean;
}): Locales {
  return chooseLocale(
    orUndefined(options.saved) ?? 'system',
    orUndefined(options.systemLanguages) ?? [],
    options.pseudo,
  );
}

function orUndefined<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    // Not readable now: the start must still say what happens, in some language.
    return undefined;
  }
}

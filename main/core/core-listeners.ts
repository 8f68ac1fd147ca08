import type { Locales } from '../../shared/i18n/locales';
import type { IpcEvent, IpcEventPayloads } from '../../shared/ipc/contract';

/** A listener to every event the core sends the window. */
export type CoreEventListener = <E extends IpcEvent>(
  event: E,
  payload: IpcEventPayloads[E],
) => void;

/**
 * Who listens to the core, and what they were last told: the window's events, main's own words
 * changing language (menus, tray) and saved settings changing (start at login). Kept apart from
 * `AppCore` so the composition does not also carry the bookkeeping of its audience.
 */
export class CoreListeners {
  readonly #events = new Set<CoreEventListener>();
  readonly #locale = new Set<(locale: Locales) => void>();
  readonly #settings = new Set<() => void>();
  /** The language the locale listeners were last told of (set when the first one listens). */
  #toldLocale: Locales | undefined;

  /** @param currentLocale the language main's words are in now (read each time it may change). */
  constructor(private readonly currentLocale: () => Locales) {}

  /** Adds a listener to every event; returns the function that removes it. */
  onEvent(listener: CoreEventListener): () => void {
    this.#events.add(listener);
    return () => this.#events.delete(listener);
  }

  /** Adds a listener to the language; returns the function that removes it. */
  onLocaleChange(listener: (locale: Locales) => void): () => void {
    this.#toldLocale ??= this.currentLocale();
    this.#locale.add(listener);
    return () => this.#locale.delete(listener);
  }

  /** Adds a listener to saved settings; returns the function that removes it. */
  onSettingsChange(listener: () => void): () => void {
    this.#settings.add(listener);
    return () => this.#settings.delete(listener);
  }

  /** Sends `event` to every event listener. */
  emit<E extends IpcEvent>(event: E, payload: IpcEventPayloads[E]): void {
    for (const listener of this.#events) listener(event, payload);
  }

  /**
   * Saved settings changed: the settings listeners are told, and the locale listeners too when
   * the language is no longer the one they were last told of (an unrelated save says nothing, so
   * menus are not rebuilt for it).
   */
  settingsChanged(): void {
    this.#tellLocale();
    for (const listener of this.#settings) listener();
  }

  /** Forgets the window's and the language's listeners (quitting). */
  clear(): void {
    this.#events.clear();
    this.#locale.clear();
  }

  #tellLocale(): void {
    if (this.#toldLocale === undefined) return;
    const locale = this.currentLocale();
    if (
      locale.locale === this.#toldLocale.locale &&
      locale.formatLocale === this.#toldLocale.formatLocale
    )
      return;
    this.#toldLocale = locale;
    for (const listener of this.#locale) listener(locale);
  }
}

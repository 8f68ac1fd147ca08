/** Names the preferred languages in a development run or a test (comma-separated BCP 47 tags). */
export const SYSTEM_LANGUAGES_ENV = 'PHOTO_UPLOADER_SYSTEM_LANGUAGES';

/**
 * The operating system's preferred languages as the app takes them: `PHOTO_UPLOADER_SYSTEM_LANGUAGES`
 * when a development run or a test names them (`es-ES,en`, or `en-XA` for the pseudo-locale),
 * else what the system says (`system`, Electron's `app.getPreferredSystemLanguages()`). A packaged
 * app always takes the system's.
 */
export function systemLanguages(options: {
  readonly env: NodeJS.ProcessEnv;
  readonly packaged: boolean;
  readonly system: () => readonly string[];
}): readonly string[] {
  const named = options.packaged ? undefined : options.env[SYSTEM_LANGUAGES_ENV];
  if (named === undefined || named.trim() === '') return options.system();
  return named
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

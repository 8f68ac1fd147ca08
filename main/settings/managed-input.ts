import { isDeepStrictEqual } from 'node:util';
import { withoutTrailingSlash } from './setting-values';
import type { Settings, SettingsPatch } from './settings-store';

/**
 * Whether `value`, sent for the managed setting `name`, only repeats what the policy set: equal,
 * or equal as the form can say it (an address without its trailing slash; a photo host without
 * the fields the form has none for, such as `urlLifetimeSeconds`).
 */
function echoes(name: string, value: unknown, effective: unknown): boolean {
  if (isDeepStrictEqual(value, effective)) return true;
  if ((name === 'authUrl' || name === 'baseUrl') && typeof effective === 'string')
    return value === withoutTrailingSlash(effective);
  if (
    name === 'photoHost' &&
    typeof value === 'object' &&
    value !== null &&
    typeof effective === 'object' &&
    effective !== null
  )
    return isDeepStrictEqual({ ...effective, ...value }, effective);
  return false;
}

/**
 * `patch` without the managed settings it merely echoes: the window sends its form back whole,
 * the command line the saved photo host with the keys from the environment. What is left of a
 * managed setting is a real change, refused by the settings store (`ManagedSettingError`).
 */
export function withoutManagedEchoes(
  patch: SettingsPatch,
  effective: Settings,
  managed: ReadonlySet<string>,
): SettingsPatch {
  const current: Readonly<Record<string, unknown>> = effective;
  return Object.fromEntries(
    Object.entries(patch).filter(
      ([name, value]) =>
        value === undefined || !managed.has(name) || !echoes(name, value, current[name]),
    ),
  );
}

/**
 * `input` without the managed settings `patch` dropped as echoes (see `withoutManagedEchoes`), so
 * the user is not asked to confirm a change that is none. A photo host sent with new keys stays:
 * the keys decide whose bucket receives the photos, and are asked about.
 */
export function withoutEchoedInput<T extends object>(
  input: T,
  patch: SettingsPatch,
  managed: ReadonlySet<string>,
): T {
  const copy = { ...input };
  const sent: Readonly<Record<string, unknown>> = patch;
  for (const [name, value] of Object.entries(input)) {
    const withKeys =
      name === 'photoHost' && typeof value === 'object' && value !== null && 'accessKeyId' in value;
    if (managed.has(name) && sent[name] === undefined && !withKeys)
      Reflect.deleteProperty(copy, name);
  }
  return copy;
}

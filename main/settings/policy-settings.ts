import { innerWords } from '../../shared/i18n/words';
import type { Settings } from './settings-store';
import type { PolicyRead } from './policy-source';

/**
 * How a setting is written where a policy has only strings, numbers and booleans (the Windows
 * registry, macOS managed preferences): `string` a REG_SZ / string, `number` a REG_QWORD / integer,
 * `boolean` a REG_DWORD of 0 or 1 / boolean, `json` an object as JSON text in a REG_SZ / string.
 * A policy file (`policy.json`) holds every setting as plain JSON instead.
 */
export type PolicyValueKind = 'string' | 'number' | 'boolean' | 'json';

/**
 * The settings an organisation may set, in its policy or in a setup file (one list for both), by
 * the settings' own names, with how each is written in
 * the registry or managed preferences (the ADMX template in `build/policies/` is checked
 * against this list). Typed as settings keys, so a typo fails the typecheck.
 */
export const POLICY_SETTINGS = {
  authUrl: 'string',
  baseUrl: 'string',
  clientId: 'string',
  scope: 'string',
  redirect: 'string',
  redirectScheme: 'string',
  caFile: 'string',
  photoHost: 'json',
  concurrency: 'number',
  maxFileBytes: 'number',
  pacing: 'json',
  keepOriginals: 'boolean',
  watchSettleSeconds: 'number',
  assumedZone: 'string',
  farMeters: 'number',
  maxUploadBytesPerSecond: 'number',
  uploadHours: 'string',
  pauseOnBattery: 'boolean',
  mapTileUrl: 'string',
  updates: 'string',
  updateChannel: 'string',
  updateUrl: 'string',
  descriptionTemplates: 'json',
  presets: 'json',
} as const satisfies { readonly [K in keyof Settings]?: PolicyValueKind };

/** The name of a setting a policy may set. */
export type PolicySettingName = keyof typeof POLICY_SETTINGS;

/**
 * Settings each person keeps for themself, which neither a policy nor a setup file sets: what
 * they sent photos to lately, where their window was, what quitting does for them, the folders
 * they watch on this computer, their cameras' clocks, and whether their sign-in may be kept in a
 * plain-text file (only when they asked for it, issue 23 §3), and the language they read (issue 24). Every setting is either here or
 * in `POLICY_SETTINGS`.
 */
export const USER_ONLY_SETTINGS = [
  'recentProjects',
  'window',
  'quitWithPending',
  'watchFolders',
  'cameraOffsets',
  'signInTokensInPlainTextFile',
  'language',
  'startAtLogin',
] as const satisfies readonly (keyof Settings)[];

/** Whether `name` is a setting a policy may set. */
export function isPolicySetting(name: string): name is PolicySettingName {
  return Object.hasOwn(POLICY_SETTINGS, name);
}

/**
 * The policy read from the registry or managed preferences (the value of each policy setting, or
 * undefined when not set), as the settings' own values: objects parsed from their JSON text,
 * booleans from 0/1 (a number where the system keeps no booleans). The values are checked
 * afterwards like a policy file's (`parsePolicy`); here only the writing is undone.
 */
export function nativePolicyValues(
  raw: Readonly<Record<string, string | number | boolean | undefined>>,
): PolicyRead {
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    const kind = isPolicySetting(name) ? POLICY_SETTINGS[name] : undefined;
    if (kind === 'json' && typeof value === 'string') {
      try {
        values[name] = JSON.parse(value);
      } catch {
        return { kind: 'unreadable', problem: innerWords('reason.policy.notJsonText', { name }) };
      }
    } else if (kind === 'boolean' && typeof value === 'number') {
      if (value !== 0 && value !== 1)
        return {
          kind: 'unreadable',
          problem: innerWords('reason.policy.notOnOff', { name, value }),
        };
      values[name] = value === 1;
    } else values[name] = value;
  }
  return Object.keys(values).length === 0 ? { kind: 'none' } : { kind: 'values', values };
}

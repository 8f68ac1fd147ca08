import type { Settings } from './settings-store';

/**
 * Settings each user reads afresh at the moment it needs them (the intake's default zone, the
 * watchers' settle time, the review's far-photo threshold, the intake's camera clock offsets,
 * the remembered quit choice, the window's language, start at login, saved templates and
 * presets),
 * so saving them alone needs no `reconfigure`: rebuilding the connection, the photo host and the
 * queue for them would interrupt uploads for nothing. Kept beside the settings schema so a new
 * setting is placed here, or not, when it is added; typed as settings keys so a typo fails the
 * typecheck.
 */
export const READ_WHEN_USED = [
  'assumedZone',
  'watchSettleSeconds',
  'farMeters',
  'cameraOffsets',
  'mapTileUrl',
  'quitWithPending',
  'signInTokensInPlainTextFile',
  'language',
  'startAtLogin',
  'descriptionTemplates',
  'presets',
] as const satisfies readonly (keyof Settings)[];

const readWhenUsed: ReadonlySet<string> = new Set(READ_WHEN_USED);

/**
 * Whether saving the settings named by `changed` (the keys of a `settings:set` input) needs a
 * `reconfigure`: yes as soon as one of them is not read when used.
 */
export function changeNeedsReconfigure(changed: readonly string[]): boolean {
  return changed.some((key) => !readWhenUsed.has(key));
}

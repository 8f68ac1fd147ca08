/**
 * How the installed app keeps itself current (issue 25 §3), as an organisation sets it by policy
 * or setup file: `auto` checks at start and every 6 hours, downloads in the background and
 * installs on quit; `notify` checks and tells, and downloads only when the user asks; `off` never
 * checks.
 */
export const UPDATE_MODES = ['auto', 'notify', 'off'] as const;
export type UpdateMode = (typeof UPDATE_MODES)[number];

/** The releases followed: `latest` (the stable ones) or `beta` (pre-releases too). */
export const UPDATE_CHANNELS = ['latest', 'beta'] as const;
export type UpdateChannel = (typeof UPDATE_CHANNELS)[number];

/** What an unset `updates` means. */
export const DEFAULT_UPDATE_MODE: UpdateMode = 'auto';

/** What an unset `updateChannel` means. */
export const DEFAULT_UPDATE_CHANNEL: UpdateChannel = 'latest';

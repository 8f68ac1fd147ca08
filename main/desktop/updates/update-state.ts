import type { NoUpdatesReason } from './update-plan';

/** Why looking for, downloading or installing an update failed, as the window says it. */
export type UpdateFailure = 'checksum' | 'network' | 'feed' | 'signature' | 'other';

/**
 * Where the app's update stands. `none`: this run never looks (see `updatePlan`); `available`
 * with `installs` false: a system package's, which the package manager installs; `waiting`: the
 * user asked to restart and the restart waits for `uploads` uploads (see `uploadsToWaitFor`).
 */
export type UpdateState =
  | { readonly kind: 'none'; readonly reason: NoUpdatesReason }
  | { readonly kind: 'idle' }
  | { readonly kind: 'checking' }
  | { readonly kind: 'up-to-date' }
  | { readonly kind: 'available'; readonly version: string; readonly installs: boolean }
  | { readonly kind: 'downloading'; readonly version: string; readonly percent: number }
  | { readonly kind: 'ready'; readonly version: string }
  | { readonly kind: 'waiting'; readonly version: string; readonly uploads: number }
  | { readonly kind: 'installing'; readonly version: string }
  /** `step`: what failed; a look that failed is told in About only, never in the window. */
  | { readonly kind: 'failed'; readonly failure: UpdateFailure; readonly step: FailedStep };

/** What an update was doing when it failed. */
export type FailedStep = 'check' | 'download' | 'install';

/** What `state` was doing, should it fail now. */
function stepOf(state: UpdateState): FailedStep {
  if (state.kind === 'downloading' || state.kind === 'available') return 'download';
  if (state.kind === 'installing') return 'install';
  return 'check';
}

/** What happens to the update: electron-updater's events, the user's asks, the queue's changes. */
export type UpdateEvent =
  | { readonly type: 'checking' }
  | { readonly type: 'not-available' }
  /** Found: `downloading` when it downloads at once (auto), `installs` as in the plan. */
  | {
      readonly type: 'available';
      readonly version: string;
      readonly downloading: boolean;
      readonly installs: boolean;
    }
  /** The user asked to download the update found (notify). */
  | { readonly type: 'download' }
  | { readonly type: 'progress'; readonly percent: number }
  | { readonly type: 'downloaded'; readonly version: string }
  | { readonly type: 'error'; readonly failure: UpdateFailure }
  /** The user asked to restart to update, with the uploads it must wait for now. */
  | { readonly type: 'restart'; readonly uploads: number }
  /** The queue changed: the uploads a waiting restart waits for now. */
  | { readonly type: 'uploads'; readonly uploads: number };

/** The state an update holds on to: a look for a newer one neither starts nor changes it. */
export function holdsUpdate(state: UpdateState): boolean {
  return (
    state.kind === 'downloading' ||
    state.kind === 'ready' ||
    state.kind === 'waiting' ||
    state.kind === 'installing'
  );
}

/** `percent` as a whole number from 0 to 100 (electron-updater's may be fractional or off). */
function wholePercent(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.min(100, Math.max(0, Math.floor(percent)));
}

/** Waits for the uploads, or installs when there are none left. */
function restartOrWait(version: string, uploads: number): UpdateState {
  return uploads > 0 ? { kind: 'waiting', version, uploads } : { kind: 'installing', version };
}

/** The update's state after `event`. A run without updates stays so; every other event moves it. */
export function nextUpdateState(state: UpdateState, event: UpdateEvent): UpdateState {
  if (state.kind === 'none') return state;
  switch (event.type) {
    case 'checking':
      return holdsUpdate(state) ? state : { kind: 'checking' };
    case 'not-available':
      return holdsUpdate(state) ? state : { kind: 'up-to-date' };
    case 'available':
      if (holdsUpdate(state)) return state;
      return event.downloading && event.installs
        ? { kind: 'downloading', version: event.version, percent: 0 }
        : { kind: 'available', version: event.version, installs: event.installs };
    case 'download':
      return state.kind === 'available' && state.installs
        ? { kind: 'downloading', version: state.version, percent: 0 }
        : state;
    case 'progress':
      return state.kind === 'downloading'
        ? { ...state, percent: wholePercent(event.percent) }
        : state;
    case 'downloaded':
      return state.kind === 'waiting' || state.kind === 'installing'
        ? state
        : { kind: 'ready', version: event.version };
    case 'error':
      // A downloaded update stays ready whatever a later look says; an install that failed did not.
      return state.kind === 'ready' || state.kind === 'waiting'
        ? state
        : { kind: 'failed', failure: event.failure, step: stepOf(state) };
    case 'restart':
      return state.kind === 'ready' || state.kind === 'waiting'
        ? restartOrWait(state.version, Math.max(0, event.uploads))
        : state;
    case 'uploads':
      return state.kind === 'waiting'
        ? restartOrWait(state.version, Math.max(0, event.uploads))
        : state;
  }
}

/** The codes electron-updater (and builder-util-runtime under it) give a feed it cannot use. */
const FEED_CODES = new Set([
  'ERR_UPDATER_LATEST_VERSION_NOT_FOUND',
  'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND',
  'ERR_UPDATER_INVALID_UPDATE_INFO',
  'ERR_UPDATER_RELEASE_NOT_FOUND',
  'ERR_UPDATER_NO_PUBLISHED_VERSIONS',
  'ERR_UPDATER_NO_FILES_PROVIDED',
  'ERR_UPDATER_ASSET_NOT_FOUND',
  'ERR_UPDATER_INVALID_RELEASE_FEED',
  'ERR_UPDATER_NO_CHECKSUM',
  'ERR_UPDATER_INVALID_PROVIDER_CONFIGURATION',
  'ERR_UPDATER_ZIP_FILE_NOT_FOUND',
  'HTTP_ERROR_404',
]);

/** Node's and Chromium's codes of a network that did not answer. */
const NETWORK_CODE =
  /^(?:E(?:CONNREFUSED|CONNRESET|NOTFOUND|TIMEDOUT|HOSTUNREACH|NETUNREACH|AI_AGAIN|PIPE)|HTTP_ERROR_5\d\d)$|^net::/;

/**
 * What an error from electron-updater comes to, from its code (never its message, which may hold
 * the feed's address or a file path and stays in the log).
 */
export function updateFailure(error: unknown): UpdateFailure {
  const code =
    typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const message = error instanceof Error ? error.message : '';
  if (code === 'ERR_CHECKSUM_MISMATCH') return 'checksum';
  if (code === 'ERR_UPDATER_INVALID_SIGNATURE') return 'signature';
  if (FEED_CODES.has(code)) return 'feed';
  if (NETWORK_CODE.test(code) || message.startsWith('net::')) return 'network';
  return 'other';
}

// The names of every call and event, and nothing else: the preload imports only this file, so
// the sandboxed preload bundle stays small (no schema library) while the lists stay shared.

/** Every renderer → main call; `ipcCalls` in contract.ts gives each its input schema. */
export const ipcChannels = [
  'session:get',
  'session:sign-in',
  'session:sign-out',
  'settings:get',
  'settings:set',
  'settings:test-photo-host',
  'setup:open',
  'setup:apply',
  'intake:choose',
  'intake:add-paths',
  'projects:search',
  'projects:recent',
  'queue:snapshot',
  'queue:sync',
  'queue:add-photos',
  'queue:plan-photos',
  'queue:preview-descriptions',
  'queue:pause',
  'queue:resume',
  'queue:retry',
  'queue:cancel',
  'queue:export-report',
  'queue:after-upload',
  'queue:choose-move-folder',
  'photos:list',
  'photos:get',
  'photos:edit-description',
  'photos:find-copies',
  'projects:list-all',
  'projects:check',
  'photos:list-all',
  'diagnostics:save',
  'watch:list',
  'watch:add',
  'watch:update',
  'watch:remove',
  'watch:session-start',
  'watch:session-stop',
  'updates:get',
  'updates:restart',
  'updates:download',
] as const;

export type IpcChannel = (typeof ipcChannels)[number];

/** Every main → renderer event. */
export const ipcEvents = [
  'session:changed',
  'intake:batch',
  'queue:changed',
  'watch:changed',
  'watch:session-report',
  'settings:changed',
  'updates:changed',
] as const;
export type IpcEvent = (typeof ipcEvents)[number];

/**
 * Calls and events of the command line only (a `watch` session names folders to watch): the
 * preload does not expose them, main does not register them for the window, and the window's
 * handler map refuses them.
 */
export const commandLineOnly: readonly string[] = [
  'setup:apply',
  'watch:session-start',
  'watch:session-stop',
  'watch:session-report',
] satisfies readonly (IpcChannel | IpcEvent)[];

/** Whether the window may make this call or hear this event. */
export function isWindowName(value: string): boolean {
  return !commandLineOnly.includes(value);
}

/** Type guard for channel names arriving from the other side. */
export function isIpcChannel(value: unknown): value is IpcChannel {
  return typeof value === 'string' && (ipcChannels as readonly string[]).includes(value);
}

/** Type guard for event names. */
export function isIpcEvent(value: unknown): value is IpcEvent {
  return typeof value === 'string' && (ipcEvents as readonly string[]).includes(value);
}

/**
 * Whether the app starts at login: the user's choice (`startAtLogin`), else on once a folder is
 * watched, since a watched folder is watched only while the app runs (issue 25).
 */
export function startAtLoginWanted(settings: {
  readonly startAtLogin?: boolean | undefined;
  readonly watchFolders?: readonly unknown[] | undefined;
}): boolean {
  return settings.startAtLogin ?? (settings.watchFolders?.length ?? 0) > 0;
}

import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, posix } from 'node:path';
import { PRODUCT_NAME } from '../../shared/domain/app-identity';
import { HIDDEN_FLAG } from './launch-mode';

// Start at login (issue 25): on by default once a folder is watched, so the watching goes on
// after a restart. Windows and macOS register the app with the system (Electron's login item);
// Linux desktops start what the XDG autostart folder lists. Every choice is made here.

/** The name of the autostart entry, in `$XDG_CONFIG_HOME/autostart/`. */
export const AUTOSTART_FILE_NAME = 'photo-uploader.desktop';

/** Where the app runs, for its login item. */
export type LoginItemPlace = {
  readonly platform: NodeJS.Platform;
  /** `app.isPackaged`: a development run (`npm start`) never registers itself. */
  readonly packaged: boolean;
  /** `process.execPath`: the app's executable. */
  readonly execPath: string;
  /** `HOME`, `XDG_CONFIG_HOME` and, when run as an AppImage, `APPIMAGE` (its file's path). */
  readonly env: NodeJS.ProcessEnv;
  readonly home: string;
};

/** What Electron's `app.setLoginItemSettings` is given on Windows and macOS. */
export type ElectronLoginItem = {
  /**
   * macOS gives login items no arguments (and Electron 45 has no `openAsHidden`): the app sees
   * `wasOpenedAtLogin` instead and stays in the tray (`opensWindowAtStart`).
   */
  readonly openAtLogin: boolean;
  /** Windows: the executable and its arguments. */
  readonly path?: string;
  readonly args?: readonly string[];
};

/** How start at login is put in place (or taken away) on this system. */
export type LoginItemPlan =
  | { readonly kind: 'none'; readonly why: 'development' | 'unsupported-platform' }
  | { readonly kind: 'electron'; readonly settings: ElectronLoginItem }
  /** Linux: the autostart entry written (`text`), or removed (`text` undefined). */
  | { readonly kind: 'autostart-file'; readonly path: string; readonly text: string | undefined };

/** The XDG autostart folder's entry: `$XDG_CONFIG_HOME/autostart` (absolute), else ~/.config. */
export function autostartFilePath(env: NodeJS.ProcessEnv, home: string): string {
  const config = env.XDG_CONFIG_HOME;
  const base = config?.startsWith('/') ? config : posix.join(home, '.config');
  return posix.join(base, 'autostart', AUTOSTART_FILE_NAME);
}

/**
 * One argument of a desktop entry's `Exec` key: quoted when it holds a reserved character, with
 * `"`, `` ` ``, `$` and `\` escaped inside the quotes, then `\` escaped again as every string
 * value of the file is; `%` doubled (field codes).
 */
export function execArgument(arg: string): string {
  const quoted = /[\s"'`$\\<>~|&;*?#()]/.test(arg)
    ? `"${arg.replace(/["`$\\]/g, (c) => `\\${c}`)}"`
    : arg;
  // A line break in a path stays inside the Exec line, as the format's escapes (a bare one would
  // end the line, and what follows would be read as keys of the entry).
  return quoted
    .replace(/\\/g, '\\\\')
    .replace(/%/g, '%%')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r');
}

/**
 * The autostart entry that starts `executable` hidden, in the tray. An AppImage is started from
 * its file (`$APPIMAGE`): moved elsewhere, the entry points at nothing until the app runs again
 * from the new place and writes it anew.
 */
export function autostartEntry(executable: string): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    `Name=${PRODUCT_NAME}`,
    `Exec=${execArgument(executable)} ${HIDDEN_FLAG}`,
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

/** What to do so that the app does (`wanted`) or does not start at login, on this system. */
export function loginItemPlan(wanted: boolean, place: LoginItemPlace): LoginItemPlan {
  if (!place.packaged) return { kind: 'none', why: 'development' };
  if (place.platform === 'win32')
    return {
      kind: 'electron',
      settings: { openAtLogin: wanted, path: place.execPath, args: [HIDDEN_FLAG] },
    };
  if (place.platform === 'darwin') return { kind: 'electron', settings: { openAtLogin: wanted } };
  if (place.platform !== 'linux') return { kind: 'none', why: 'unsupported-platform' };
  return {
    kind: 'autostart-file',
    path: autostartFilePath(place.env, place.home),
    // An AppImage runs from a mount that changes each start: its own file is what starts it.
    text: wanted ? autostartEntry(place.env.APPIMAGE || place.execPath) : undefined,
  };
}

/** Writes the autostart entry of a Linux plan, or removes it (a missing one is no error). */
export async function applyAutostartFile(
  plan: Extract<LoginItemPlan, { kind: 'autostart-file' }>,
): Promise<void> {
  if (plan.text === undefined) {
    await rm(plan.path, { force: true });
    return;
  }
  await mkdir(dirname(plan.path), { recursive: true });
  await writeFile(plan.path, plan.text, { mode: 0o644 });
}

/**
 * Whether the app opens its window as it starts: not when started at login (`--hidden` on
 * Windows and Linux; macOS tells the app it was opened at login), where it waits in the tray.
 */
export function opensWindowAtStart(start: {
  readonly hidden: boolean;
  readonly openedAtLogin: boolean;
}): boolean {
  return !start.hidden && !start.openedAtLogin;
}

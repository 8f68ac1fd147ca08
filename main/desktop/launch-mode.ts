import { ALL_COMMANDS, optionTakesValue } from '../cli/cli-options';

// The installed app is also the command line (as VS Code's binary is `code`): started with a
// command, it runs that command headless and exits; started otherwise, it is the desktop app.
// This decides which, from what Electron hands the process, before anything else starts.

/** The argument the app is started with at login: it starts in the tray, its window closed. */
export const HIDDEN_FLAG = '--hidden';

/** How this process runs: the command line with its arguments, or the desktop app. */
export type LaunchMode =
  | { readonly kind: 'cli'; readonly args: readonly string[] }
  | { readonly kind: 'app'; readonly hidden: boolean };

/** What Electron handed the process. */
export type Launch = {
  /** `process.argv`: packaged `[exe, ...args]`; in development `[electron, ...switches, appDir, ...args]`. */
  readonly argv: readonly string[];
  /**
   * `process.defaultApp`: Electron's default app runs the app from a folder given on its command
   * line (development), which comes before the app's own arguments.
   */
  readonly defaultApp: boolean;
  readonly platform: NodeJS.Platform;
};

/** The flags that make the command line answer without a command. */
const ANSWERING_FLAGS = new Set(['--help', '--version']);

const isSwitch = (arg: string) => arg.startsWith('-');

/**
 * The app's own arguments: what follows the executable (and, in development, Electron's switches
 * and the app's folder), without the process serial number old macOS Finder launches add.
 */
export function appArguments(launch: Launch): string[] {
  let rest = launch.argv.slice(1);
  if (launch.defaultApp) {
    const appDir = rest.findIndex((arg) => !isSwitch(arg));
    rest = appDir === -1 ? [] : rest.slice(appDir + 1);
  }
  return launch.platform === 'darwin' ? rest.filter((arg) => !arg.startsWith('-psn_')) : rest;
}

/**
 * The first argument that is not an option, skipping the values of the command line's options
 * that take one (`--data-dir DIR status` is `status`). Chromium's switches carry their values
 * after `=`, so they are skipped whole.
 */
function firstPositional(args: readonly string[]): string | undefined {
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (arg === '--') return args[index + 1];
    if (!isSwitch(arg)) return arg;
    if (!arg.includes('=') && arg.startsWith('--') && optionTakesValue(arg.slice(2))) index += 1;
  }
  return undefined;
}

/**
 * Whether the process runs as the command line or as the app. The command line when the first
 * real argument is one of its commands, or `--help`/`--version` is asked with no other
 * argument that is the app's; the app keeps everything else: no argument, `--hidden` (start at
 * login), a sign-in link or a setup file (the operating system passes them as the first
 * argument), Chromium's and Electron's switches.
 */
export function launchMode(launch: Launch): LaunchMode {
  const args = appArguments(launch);
  const hidden = args.includes(HIDDEN_FLAG);
  if (hidden) return { kind: 'app', hidden };
  const first = firstPositional(args);
  if (first !== undefined)
    return ALL_COMMANDS.has(first) ? { kind: 'cli', args } : { kind: 'app', hidden };
  if (args.some((arg) => ANSWERING_FLAGS.has(arg))) return { kind: 'cli', args };
  return { kind: 'app', hidden };
}

import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isSetupFileName } from '../settings/setup-file';

/**
 * The setup file a launch of the app was given (a double-click on Windows and Linux passes it
 * as an argument), as an absolute path against the launch's working directory; undefined when
 * none. The first item is the executable; switches (`--…`) are never files. Linux desktops
 * pass a `file:` URL (the desktop entry's `%U`), taken as the file it names.
 */
export function setupFileFromArgv(argv: readonly string[], cwd: string): string | undefined {
  const file = argv
    .slice(1)
    .filter((item) => !item.startsWith('-') && isSetupFileName(item))
    .at(-1);
  if (file === undefined) return undefined;
  if (/^file:/i.test(file)) {
    try {
      return fileURLToPath(file);
    } catch {
      return undefined; // a file: URL of another computer (file://host/…): nothing to open
    }
  }
  return resolve(cwd, file);
}

/**
 * Where setup files the operating system opens with the app go, however they arrive: each way
 * is a method here, and main/app/setup-files.ts only calls them from Electron's events. Files
 * that arrive before the core is ready wait, in order, until `deliverTo` names who opens them.
 */
export type SetupFileRouter = {
  /** macOS `open-file`; false (left alone) when the file is not a setup file. */
  readonly openFile: (path: string) => boolean;
  /** Windows and Linux: a second launch, whose argv may name a setup file. */
  readonly secondInstance: (argv: readonly string[], cwd: string) => void;
  /** The first launch's own argv. */
  readonly firstLaunch: (argv: readonly string[], cwd: string) => void;
  /** Hands the waiting files, then every later one, to `open`. */
  readonly deliverTo: (open: (path: string) => void) => void;
};

/** Routes setup files to one place; `focus` shows the app's window (a no-op before it exists). */
export function setupFileRouter(focus: () => void): SetupFileRouter {
  const waiting: string[] = [];
  let open: ((path: string) => void) | undefined;
  const arrive = (path: string) => (open ? open(path) : waiting.push(path));
  return {
    openFile: (path) => {
      if (!isSetupFileName(path)) return false;
      focus();
      arrive(path);
      return true;
    },
    secondInstance: (argv, cwd) => {
      focus();
      const file = setupFileFromArgv(argv, cwd);
      if (file !== undefined) arrive(file);
    },
    firstLaunch: (argv, cwd) => {
      const file = setupFileFromArgv(argv, cwd);
      if (file !== undefined) arrive(file);
    },
    deliverTo: (handler) => {
      open = handler;
      for (const path of waiting.splice(0)) handler(path);
    },
  };
}

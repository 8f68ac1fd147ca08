/**
 * What a test needs that only some test machines have, by name, and where each is found. The
 * whole suite runs on the Linux test machine (`npm test`); macOS and Windows run `npx vitest run`,
 * where a suite that needs something they lack reports itself skipped with the need in its title,
 * as the real-Electron test does. The decision is by platform only, never by probing for a tool:
 * a Linux developer missing a package must see the tests fail, not quietly skip.
 */

/** The systems the suite runs on. */
export type TestPlatform = 'linux' | 'darwin' | 'win32';

const LINUX: readonly TestPlatform[] = ['linux'];
const POSIX: readonly TestPlatform[] = ['linux', 'darwin'];
const ALL_PLATFORMS: readonly TestPlatform[] = ['linux', 'darwin', 'win32'];

/** Each need: what it is, in the words of a skipped test's title, and which systems have it. */
export const PLATFORM_NEEDS = {
  'gnome-keyring': {
    what: 'gnome-keyring, a Secret Service on D-Bus',
    on: LINUX,
  },
  exiftool: {
    what: 'exiftool (Debian package libimage-exiftool-perl)',
    on: LINUX,
  },
  chromium: {
    what: "a Chromium driven by Playwright (Debian's /usr/bin/chromium, or CHROMIUM_PATH)",
    on: LINUX,
  },
  proc: {
    what: "/proc, Linux's process file system",
    on: LINUX,
  },
  'linux-packaging': {
    what: "electron-builder's Linux targets (deb, AppImage), built on Linux",
    on: LINUX,
  },
  fifo: {
    what: 'FIFOs (mkfifo), POSIX only',
    on: POSIX,
  },
  'file-modes': {
    what: 'POSIX file modes (chmod permission bits)',
    on: POSIX,
  },
  symlinks: {
    what: 'symbolic links without administrator rights, POSIX only',
    on: POSIX,
  },
  'device-files': {
    what: 'device files such as /dev/zero, POSIX only',
    on: POSIX,
  },
  signals: {
    what: 'POSIX signals a process can catch (SIGTERM, SIGINT)',
    on: POSIX,
  },
} as const satisfies Record<string, { what: string; on: readonly TestPlatform[] }>;

/** The name of one need in `PLATFORM_NEEDS`. */
export type PlatformNeed = keyof typeof PLATFORM_NEEDS;

const PLATFORM_NAMES: Record<TestPlatform, string> = {
  linux: 'Linux',
  darwin: 'macOS',
  win32: 'Windows',
};

/** The needs in `needs` that `platform` lacks (any platform not listed lacks them all). */
export function unmetNeeds(
  needs: readonly PlatformNeed[],
  platform: NodeJS.Platform,
): PlatformNeed[] {
  return needs.filter((need) =>
    (PLATFORM_NEEDS[need].on as readonly string[]).every((on) => on !== platform),
  );
}

/**
 * What a skipped suite's title ends with on `platform`, e.g. " (skipped: needs gnome-keyring, a
 * Secret Service on D-Bus; Linux only)"; empty when `platform` has every need.
 */
export function skipReason(needs: readonly PlatformNeed[], platform: NodeJS.Platform): string {
  const unmet = unmetNeeds(needs, platform);
  if (unmet.length === 0) return '';
  const where = ALL_PLATFORMS.filter((platform) =>
    unmet.every((need) => (PLATFORM_NEEDS[need].on as readonly string[]).includes(platform)),
  );
  const only = where.map((platformName) => PLATFORM_NAMES[platformName]).join(' and ');
  const what = unmet.map((need) => PLATFORM_NEEDS[need].what).join('; ');
  return ` (skipped: needs ${what}; ${only} only)`;
}

/**
 * The platform the marks decide for: this process's, or the one named by
 * PHOTO_UPLOADER_TEST_PLATFORM (linux, darwin or win32), which lets a Linux machine list what
 * macOS or Windows would run (`PHOTO_UPLOADER_TEST_PLATFORM=win32 npx vitest list`).
 */
export function markedPlatform(env: NodeJS.ProcessEnv = process.env): NodeJS.Platform {
  const asked = env.PHOTO_UPLOADER_TEST_PLATFORM;
  if (asked === undefined || asked === '') return process.platform;
  if (asked in PLATFORM_NAMES) return asked as TestPlatform;
  throw new Error(`PHOTO_UPLOADER_TEST_PLATFORM is linux, darwin or win32, not "${asked}"`);
}

/** A mark for a suite or a test: whether to skip it here, and its title saying why. */
export type NeedsMark = {
  /** True where a need is missing: pass to `describe.skipIf` / `it.skipIf`. */
  readonly skip: boolean;
  /** `title`, followed by the reason where it is skipped. */
  title(title: string): string;
};

/**
 * Marks a suite or a test as needing `needs`:
 * `describe.skipIf(keychain.skip)(keychain.title('signing in'), …)` with
 * `const keychain = needs('gnome-keyring')`.
 */
export function needs(...list: PlatformNeed[]): NeedsMark {
  const reason = skipReason(list, markedPlatform());
  return { skip: reason !== '', title: (title) => `${title}${reason}` };
}

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLATFORM_NEEDS, type PlatformNeed } from '../../support/platform-needs';

const ROOT = join(import.meta.dirname, '../../..');

/**
 * What in a test file ties it to a need: the harness it imports or the call it makes. A test that
 * uses one must mark the need (`needs('…')` from test/support/platform-needs.ts), so that macOS
 * and Windows skip it with the reason instead of failing; a new test cannot forget.
 */
const TELLS: readonly { need: PlatformNeed; why: string; pattern: RegExp }[] = [
  {
    need: 'gnome-keyring',
    why: 'the keychain harness',
    pattern: /support\/(keychain|signed-in-cli)'/,
  },
  { need: 'gnome-keyring', why: 'keytar itself', pattern: /from 'keytar'/ },
  { need: 'gnome-keyring', why: 'a D-Bus address', pattern: /DBUS_SESSION_BUS_ADDRESS/ },
  { need: 'exiftool', why: 'the ExifTool harness', pattern: /support\/exiftool'/ },
  { need: 'exiftool', why: 'ExifTool run directly', pattern: /['"]exiftool['"]/ },
  {
    need: 'chromium',
    why: "the Debian chromium's harnesses",
    pattern: /support\/(window-session|session-chromium)'|\blaunchChromium\b|\bCHROMIUM_PATH\b/,
  },
  { need: 'proc', why: '/proc', pattern: /['`]\/proc\// },
  { need: 'fifo', why: 'mkfifo', pattern: /mkfifo/ },
  { need: 'symlinks', why: 'a symbolic link', pattern: /\bsymlink\(/ },
  { need: 'device-files', why: 'a device file', pattern: /'\/dev\/(zero|null|random|urandom)'/ },
  { need: 'file-modes', why: 'file modes', pattern: /\bchmod\(|\.mode & 0o777/ },
  { need: 'signals', why: 'a signal to a process group', pattern: /process\.kill\(-/ },
];

/** A keytar the test brings itself (a mock of the module, or a loader passed in) needs no keychain. */
const OWN_KEYTAR = /vi\.mock\('keytar'/;

/**
 * Files that decide for themselves, and why. The real-Electron test and its harness's test are
 * the CI work's (they run on all three systems, each with its own keychain); the data folder's
 * test checks the folder's mode only where modes exist.
 */
const DECIDE_THEMSELVES: Record<string, string> = {
  'test/e2e/electron-app.test.ts': 'skips itself without an Electron binary; runs on all three',
  'test/integration/app/packaged-app-harness.test.ts': 'the packaged app’s harness, CI work',
  'test/unit/main/desktop/desktop-data-folder.test.ts': 'asserts the mode only off Windows',
};

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [relative(ROOT, path).split('\\').join('/')] : [];
  });
}

/** The marks' own tests, which name every need and tell. */
const ABOUT_MARKS = [
  'test/unit/tooling/platform-marks.test.ts',
  'test/unit/tooling/platform-needs.test.ts',
];
const FILES = testFiles(join(ROOT, 'test')).filter((file) => !ABOUT_MARKS.includes(file));
const source = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** The needs a file marks: the names inside its `needs(…)` calls. */
function markedNeeds(text: string): Set<string> {
  const marked = new Set<string>();
  for (const call of text.matchAll(/\bneeds\(([^)]*)\)/g))
    for (const name of call[1]!.matchAll(/'([^']+)'/g)) marked.add(name[1]!);
  return marked;
}

describe('marks of what a test needs from its machine', () => {
  it('finds the test files', () => {
    expect(FILES.length).toBeGreaterThan(300);
    expect(Object.keys(DECIDE_THEMSELVES).every((file) => FILES.includes(file))).toBe(true);
  });

  it('every test file that uses a Linux or POSIX thing marks that need', () => {
    const unmarked: string[] = [];
    for (const file of FILES) {
      if (file in DECIDE_THEMSELVES) continue;
      const text = source(file);
      const marked = markedNeeds(text);
      for (const { need, why, pattern } of TELLS) {
        if (need === 'gnome-keyring' && OWN_KEYTAR.test(text)) continue;
        if (pattern.test(text) && !marked.has(need))
          unmarked.push(`${file}: ${why} → needs('${need}')`);
      }
    }
    expect(unmarked).toEqual([]);
  });

  it('marks only needs of the table, and each mark skips something', () => {
    for (const file of FILES) {
      const text = source(file);
      for (const need of markedNeeds(text)) expect(Object.keys(PLATFORM_NEEDS)).toContain(need);
      if (markedNeeds(text).size > 0) expect(text, file).toMatch(/\.skipIf\(needs\w*\.skip\)/);
    }
  });

  it('takes every platform decision and skip reason from the one table', () => {
    const adHoc = FILES.filter(
      (file) =>
        !(file in DECIDE_THEMSELVES) &&
        /(skipIf|runIf)\(\s*process\.platform|\(skipped:/.test(source(file)),
    );
    expect(adHoc).toEqual([]);
  });
});

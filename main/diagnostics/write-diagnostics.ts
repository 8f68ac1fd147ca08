import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { create } from 'tar';
import type { Words } from '../../shared/i18n/translator';
import { englishFor, words } from '../../shared/i18n/words';
import type { SettingsView } from '../../shared/ipc/views';
import type { StateCounts } from '../queue/queue-store';
import { scrubForDiagnostics } from './scrub';
import type { DiagnosticsVersions } from './versions';

/** The folder every entry of the archive sits in. */
export const ARCHIVE_FOLDER = 'photo-uploader-diagnostics';

/**
 * Thrown when the archive cannot be written where asked: `words` say why in any language, the
 * message in English.
 */
export class DiagnosticsNotSaved extends Error {
  override readonly name = 'DiagnosticsNotSaved';

  constructor(readonly words: Words) {
    super(englishFor(words));
  }
}

/** What goes into a diagnostics archive. */
export type DiagnosticsInput = {
  /** The data folder: its `logs/` folder is copied (scrubbed). */
  readonly dataDir: string;
  /** The settings as the window sees them: no secrets, only whether each is set. */
  readonly settingsView: SettingsView;
  /** The queue's items counted by state; nothing about any one photo. */
  readonly queueCounts: StateCounts;
  readonly versions: DiagnosticsVersions;
  /** The archive to write (`.tar.gz`); replaced if it exists. */
  readonly out: string;
  /**
   * A first pass over every file, before `scrubForDiagnostics`: the process's `Redactor`, which
   * masks the secrets it knows by value (tokens, the client secret, S3 keys).
   */
  readonly redact?: (text: string) => string;
};

/** The `.log` files of the data folder's `logs/`, current and rotated; none if it has none. */
async function logFiles(dataDir: string): Promise<string[]> {
  const dir = join(dataDir, 'logs');
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile() && entry.name.endsWith('.log'))
      .map((entry) => join(dir, entry.name))
      .sort();
  } catch {
    return [];
  }
}

/**
 * Writes one `.tar.gz` for support: `logs/*` (copies with every token, code, secret, key and
 * URL signature removed), `versions.json`, `settings.json` (no secrets) and `queue.json`
 * (counts only: no paths, descriptions or positions). Every file passes through `redact` and
 * `scrubForDiagnostics`. Used by the command line's `diagnostics` and the app's Help menu.
 * @returns the archive's path.
 * @throws DiagnosticsNotSaved when the archive cannot be written at `out`.
 */
export async function writeDiagnostics(input: DiagnosticsInput): Promise<string> {
  const clean = (text: string) => scrubForDiagnostics((input.redact ?? ((t) => t))(text));
  const json = (value: unknown) => clean(`${JSON.stringify(value, null, 2)}\n`);
  const staging = await mkdtemp(join(tmpdir(), 'photo-uploader-diagnostics-'));
  // Written beside the target, then renamed: a failed save never leaves half an archive. The
  // target's folder may be shared (/tmp): the name is random and the file is created exclusively
  // (`wx`, owner-only), so a link another user planted there is never written through.
  const partial = join(
    dirname(input.out),
    `.${basename(input.out)}.${randomBytes(8).toString('hex')}.partial`,
  );
  let created = false;
  try {
    const root = join(staging, ARCHIVE_FOLDER);
    await mkdir(join(root, 'logs'), { recursive: true });
    for (const file of await logFiles(input.dataDir)) {
      const text = await readFile(file, 'utf8').catch(() => undefined);
      if (text !== undefined) await writeFile(join(root, 'logs', basename(file)), clean(text));
    }
    await writeFile(join(root, 'versions.json'), json(input.versions));
    await writeFile(join(root, 'settings.json'), json(input.settingsView));
    await writeFile(join(root, 'queue.json'), json({ counts: input.queueCounts }));
    try {
      const file = await open(partial, 'wx', 0o600);
      created = true;
      await pipeline(
        create({ gzip: true, portable: true, cwd: staging }, [ARCHIVE_FOLDER]),
        file.createWriteStream(),
      );
      await rename(partial, input.out);
    } catch (error) {
      const code = error instanceof Error && 'code' in error ? String(error.code) : 'error';
      throw new DiagnosticsNotSaved(
        words('error.diagnostics.notSaved', {
          why:
            code === 'ENOENT'
              ? 'missing'
              : code === 'EACCES' || code === 'EPERM'
                ? 'denied'
                : 'other',
          folder: dirname(input.out),
          path: input.out,
          code,
        }),
      );
    }
    return input.out;
  } finally {
    // Only a file this save created is removed: an entry someone else made there is not ours.
    if (created) await rm(partial, { force: true });
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * The name the Help menu's save dialog suggests: `photo-uploader-diagnostics-2026-11-23.tar.gz`
 * (the day in UTC, as the logs' times are).
 */
export function diagnosticsFileName(now: Date): string {
  return `photo-uploader-diagnostics-${now.toISOString().slice(0, 10)}.tar.gz`;
}

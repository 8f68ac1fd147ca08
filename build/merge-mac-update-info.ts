import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CORE_SCHEMA, dump, load } from 'js-yaml';
import { z } from 'zod';

/**
 * The macOS update feed of one release, from the two macOS builds. Each architecture is built on
 * a runner of its own (its native modules, keytar, sharp and libsql, are installed for that
 * processor), and each writes a `latest-mac.yml` that lists only its own zip. electron-updater
 * on a Mac reads one `latest-mac.yml` and picks the file for its processor from its `files`
 * (an `arm64` file on Apple Silicon, the others on Intel), so the feed must list both.
 */

/** One file of an update (electron-builder's UpdateFileInfo). */
const updateFile = z.looseObject({
  url: z.string().min(1),
  sha512: z.string().min(1),
  size: z.number().optional(),
});

/** What electron-builder writes into latest-mac.yml (its UpdateInfo; other keys are kept). */
const updateInfo = z.looseObject({
  version: z.string().min(1),
  files: z.array(updateFile).min(1),
  path: z.string().optional(),
  sha512: z.string().optional(),
  releaseDate: z.string().optional(),
});

/** A parsed `latest-mac.yml`. */
export type UpdateInfo = z.infer<typeof updateInfo>;

/** Reads one `latest-mac.yml` text. @throws Error when it is not an update feed. */
export function parseUpdateInfo(text: string): UpdateInfo {
  // The core schema: a date stays the text it is (electron-updater reads it as text too).
  return updateInfo.parse(load(text, { schema: CORE_SCHEMA }));
}

/**
 * One `latest-mac.yml` listing the files of every build: the Intel build's fields first (its
 * `path` and `sha512` are what electron-updater versions before `files` existed read), then
 * every file once, by URL.
 * @throws Error when the builds are of different versions (they belong to different releases).
 */
export function mergeUpdateInfo(builds: readonly UpdateInfo[]): UpdateInfo {
  const [first, ...others] = [...builds].sort((a, b) => Number(isArm64(a)) - Number(isArm64(b)));
  if (first === undefined) throw new Error('no latest-mac.yml to merge');
  for (const other of others)
    if (other.version !== first.version)
      throw new Error(`the macOS builds are of versions ${first.version} and ${other.version}`);
  const files = new Map<string, UpdateInfo['files'][number]>();
  for (const build of [first, ...others]) for (const file of build.files) files.set(file.url, file);
  return { ...first, files: [...files.values()] };
}

/** Whether a build is the Apple Silicon one (its files are named with `arm64`). */
function isArm64(build: UpdateInfo): boolean {
  return build.files.every((file) => file.url.includes('arm64'));
}

/** The merged feed as electron-builder writes it (YAML, no line folding). */
export function formatUpdateInfo(info: UpdateInfo): string {
  return dump(info, { lineWidth: -1, noRefs: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // tsx build/merge-mac-update-info.ts <out.yml> <latest-mac.yml>…
  const [out, ...inputs] = process.argv.slice(2);
  if (out === undefined || inputs.length === 0) {
    process.stderr.write('usage: merge-mac-update-info <out.yml> <latest-mac.yml>…\n');
    process.exit(2);
  }
  const merged = mergeUpdateInfo(inputs.map((file) => parseUpdateInfo(readFileSync(file, 'utf8'))));
  writeFileSync(out, formatUpdateInfo(merged));
  process.stdout.write(`${out}: ${merged.files.map((file) => file.url).join(', ')}\n`);
}

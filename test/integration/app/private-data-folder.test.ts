import { chmod, copyFile, lstat, mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { PassThrough } from 'node:stream';
import Database from 'libsql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCliContext } from '../../../main/cli/cli-context';
import { takeInThroughCore } from '../../support/core-intake';
import { offlineCores } from '../../support/offline-core';
import { needs } from '../../support/platform-needs';

const needsFileModes = needs('file-modes');

// Another user of this computer must not read the queue (paths, descriptions, positions), the
// logs, the thumbnails or the staged copies. The tests run as root here: modes are checked, not
// access. The process umask is the usual permissive one, so nothing is private by accident.

const PHOTO = join(
  import.meta.dirname,
  '../../fixtures/exif-samples/jpg/orientation/portrait_1.jpg',
);

/** The permission bits of every entry under `dir` (itself as '.'), by relative path. */
async function modesUnder(dir: string): Promise<Record<string, string>> {
  const modes: Record<string, string> = { '.': ((await lstat(dir)).mode & 0o777).toString(8) };
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isSocket()) continue;
    modes[relative(dir, path)] = ((await lstat(path)).mode & 0o777).toString(8);
  }
  return modes;
}

/**
 * Opens the data folder as the command line does (it becomes the owner), then lets it go;
 * gives back the modes under it while it was open.
 */
async function openAndClose(dataDir: string): Promise<Record<string, string>> {
  const out = { stdout: new PassThrough(), stderr: new PassThrough() };
  const context = await openCliContext(
    { dataDir, verbose: false, noBrowser: true },
    { ...process.env },
    out,
  );
  expect(context.client.kind).toBe('owner');
  await context.call('settings:get', {});
  const whileOpen = await modesUnder(dataDir);
  await context.close();
  return whileOpen;
}

describe.skipIf(needsFileModes.skip)(needsFileModes.title('the data folder is private'), () => {
  let umask: number;
  beforeAll(() => {
    umask = process.umask(0o022);
  });
  afterAll(() => {
    process.umask(umask);
  });

  it('is created 0700, and the queue, its journal, the settings and the logs 0600', async () => {
    const dataDir = join(await mkdtemp(join(tmpdir(), 'private-new-')), 'Photo Uploader');
    const whileOpen = await openAndClose(dataDir);
    // SQLite's journal files exist while the queue is open; they take the database's mode.
    expect(whileOpen).toMatchObject({ 'queue.db-wal': '600', 'queue.db-shm': '600' });
    for (const [path, mode] of Object.entries(whileOpen))
      expect(`${path} ${mode}`).toMatch(/ (600|700)$/);
    const modes = await modesUnder(dataDir);
    expect(modes).toMatchObject({
      '.': '700',
      'queue.db': '600',
      logs: '700',
      'logs/cli.log': '600',
    });
    for (const [path, mode] of Object.entries(modes))
      expect(`${path} ${mode}`).toMatch(/ (600|700)$/);
  });

  it('is set to 0700 when opened, and the files the app keeps there to 0600', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'private-old-'));
    await chmod(dataDir, 0o755);
    for (const folder of ['logs', 'thumbnails/ab', 'staging'])
      await mkdir(join(dataDir, folder), { recursive: true, mode: 0o755 });
    // A queue written by an older version, under the permissive umask.
    const db = new Database(join(dataDir, 'queue.db'));
    db.exec('CREATE TABLE t (x INTEGER)');
    db.close();
    const files = [
      'settings.json',
      'logs/cli.log',
      'logs/main.1.log',
      `thumbnails/ab/ab${'0'.repeat(30)}.jpg`,
      'staging/item-1.jpg',
    ];
    for (const file of files) await writeFile(join(dataDir, file), '{}\n', { mode: 0o644 });
    await writeFile(join(dataDir, 'queue.db-wal'), '', { mode: 0o644 });
    const before = await modesUnder(dataDir);
    expect(before).toMatchObject({ '.': '755', 'queue.db': '644', logs: '755' });

    await openAndClose(dataDir);

    const after = await modesUnder(dataDir);
    expect(after).toMatchObject({
      '.': '700',
      'queue.db': '600',
      logs: '700',
      thumbnails: '700',
      'thumbnails/ab': '700',
      staging: '700',
      ...Object.fromEntries(files.map((file) => [file, '600'])),
    });
    for (const [path, mode] of Object.entries(after))
      expect(`${path} ${mode}`).toMatch(/ (600|700)$/);
  });

  describe('thumbnails', () => {
    const startCore = offlineCores();

    it('are written 0600 in folders of 0700', async () => {
      const photos = await mkdtemp(join(tmpdir(), 'private-photos-'));
      await copyFile(PHOTO, join(photos, 'portrait_1.jpg'));
      const { core, handlers, dataDir } = await startCore({ prefix: 'private-thumbnails-' });
      const [found] = await takeInThroughCore(core, handlers, [photos]);
      if (found?.status !== 'photo') throw new Error('intake did not find the photo');
      const file = await core.thumbnail(found.md5);
      expect(file).toBeDefined();
      const modes = await modesUnder(join(dataDir, 'thumbnails'));
      expect(modes).toEqual({
        '.': '700',
        [found.md5.slice(0, 2)]: '700',
        [join(found.md5.slice(0, 2), `${found.md5}.jpg`)]: '600',
      });
    });
  });
});

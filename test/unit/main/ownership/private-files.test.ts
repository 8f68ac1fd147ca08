import type * as FsPromises from 'node:fs/promises';
import { chmod, chown, mkdir, mkdtemp, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ensurePrivateFolder,
  ForeignDataFolderError,
  openPrivateDataFolder,
  tightenFile,
} from '../../../../main/ownership/private-files';
import { needs } from '../../../support/platform-needs';

const needsFileModesAndSymlinks = needs('file-modes', 'symlinks');

/**
 * An attacker's move, made just after the code under test looked at `path` (through `lstat`,
 * `stat` or `open`): the real entry is moved aside and a link to `target` put in its place.
 */
const swap = vi.hoisted(() => ({ path: undefined as string | undefined, target: '' }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof FsPromises>();
  const swapAfter =
    <A extends unknown[], R>(look: (path: string, ...rest: A) => Promise<R>) =>
    async (path: string, ...rest: A): Promise<R> => {
      const result = await look(path, ...rest);
      if (swap.path !== undefined && path === swap.path) {
        swap.path = undefined;
        await real.rename(path, `${path}.moved`);
        await real.symlink(swap.target, path);
      }
      return result;
    };
  return {
    ...real,
    lstat: swapAfter(real.lstat as (path: string) => Promise<unknown>),
    stat: swapAfter(real.stat as (path: string) => Promise<unknown>),
    open: swapAfter(real.open as (path: string, flags?: number) => Promise<unknown>),
  };
});

afterEach(() => {
  swap.path = undefined;
});

const mode = async (path: string) => ((await stat(path)).mode & 0o777).toString(8);

describe.skipIf(needsFileModesAndSymlinks.skip)(
  needsFileModesAndSymlinks.title('private files: what is checked is what is changed'),
  () => {
    it('leaves the target of a link swapped in after the check alone (a file)', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'private-swap-file-'));
      const victim = join(dir, 'victim.txt');
      await writeFile(victim, 'not ours to change', { mode: 0o644 });
      const settings = join(dir, 'settings.json');
      await writeFile(settings, '{}', { mode: 0o644 });
      await chmod(victim, 0o644);
      await chmod(settings, 0o644);
      Object.assign(swap, { path: settings, target: victim });

      await tightenFile(settings);

      expect(await mode(victim)).toBe('644');
      // The file that was checked is the one made private, wherever it was moved to.
      expect(await mode(`${settings}.moved`)).toBe('600');
    });

    it('leaves the target of a link swapped in after the check alone (a folder)', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'private-swap-folder-'));
      const victim = join(dir, 'victim');
      await mkdir(victim);
      await chmod(victim, 0o755);
      const logs = join(dir, 'logs');
      await mkdir(logs);
      await chmod(logs, 0o755);
      Object.assign(swap, { path: logs, target: victim });

      await ensurePrivateFolder(logs);

      expect(await mode(victim)).toBe('755');
      expect(await mode(`${logs}.moved`)).toBe('700');
    });
  },
);

describe.skipIf(needsFileModesAndSymlinks.skip)(
  needsFileModesAndSymlinks.title('a data folder of another user'),
  () => {
    it('is refused with a sentence that says whose it is and what to do, and left as it is', async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'private-foreign-'));
      await writeFile(join(dataDir, 'settings.json'), '{}', { mode: 0o644 });
      await chmod(dataDir, 0o777);
      await chown(dataDir, 65534, 65534);

      const refused = openPrivateDataFolder(dataDir);

      await expect(refused).rejects.toBeInstanceOf(ForeignDataFolderError);
      await expect(refused).rejects.toThrow(
        /^The data folder belongs to another user \(uid 65534\)\. Photo Uploader keeps your sign-in and your photos' queue there, so it uses only a folder of your own: choose another with --data-dir, or make this one yours\.$/,
      );
      expect(await mode(dataDir)).toBe('777');
      expect(await mode(join(dataDir, 'settings.json'))).toBe('644');
    });

    it('is used when it is our own: made private, and again when it was opened up since', async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'private-own-'));
      await openPrivateDataFolder(dataDir);
      expect(await mode(dataDir)).toBe('700');
      await chmod(dataDir, 0o755);
      await openPrivateDataFolder(dataDir);
      expect(await mode(dataDir)).toBe('700');
    });
  },
);

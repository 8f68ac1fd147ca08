import { copyFile, mkdtemp, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FileIdentity } from '../../../../shared/domain/intake';
import { readRegularFile } from '../../../../main/media/open-regular-file';
import { needs } from '../../../support/platform-needs';

const needsSymlinks = needs('symlinks');

const JPEG = join(import.meta.dirname, '../../../fixtures/exif-samples/jpg/Canon_40D.jpg');
const MAX = 50 * 1024 * 1024;

async function identityOf(path: string): Promise<FileIdentity> {
  const stats = await stat(path, { bigint: true });
  return {
    dev: stats.dev.toString(),
    ino: stats.ino.toString(),
    size: Number(stats.size),
    mtimeNs: stats.mtimeNs.toString(),
  };
}

describe('readRegularFile: what a thumbnail is read from', () => {
  const made: string[] = [];
  afterEach(async () => {
    for (const path of made.splice(0)) await rm(path, { recursive: true, force: true });
  });

  async function folder() {
    const dir = await mkdtemp(join(tmpdir(), 'read-regular-'));
    made.push(dir);
    return dir;
  }

  it.skipIf(needsSymlinks.skip)(
    needsSymlinks.title('does not follow a link when no identity is known'),
    async () => {
      const dir = await folder();
      const target = join(dir, 'private.jpg');
      await copyFile(JPEG, target);
      await symlink(target, join(dir, 'photo.jpg'));
      await expect(readRegularFile(join(dir, 'photo.jpg'), MAX)).rejects.toMatchObject({
        code: 'ELOOP',
      });
    },
  );

  it('refuses a file that is not the one expected (swapped since it was queued)', async () => {
    const dir = await folder();
    const queued = join(dir, 'queued.jpg');
    await copyFile(JPEG, queued);
    const expected = await identityOf(queued);
    // Swapped: another file (another inode) at the queued path.
    await rm(queued);
    await copyFile(JPEG, join(dir, 'other.jpg'));
    await copyFile(join(dir, 'other.jpg'), queued);
    await expect(readRegularFile(queued, MAX, expected)).rejects.toMatchObject({
      code: 'ESTALE',
    });
  });

  it.skipIf(needsSymlinks.skip)(
    needsSymlinks.title('reads the expected file, through a link inside the drop too'),
    async () => {
      const dir = await folder();
      const queued = join(dir, 'queued.jpg');
      await copyFile(JPEG, queued);
      await symlink(queued, join(dir, 'linked.jpg'));
      const expected = await identityOf(queued);
      expect((await readRegularFile(queued, MAX, expected)).length).toBe(expected.size);
      expect((await readRegularFile(join(dir, 'linked.jpg'), MAX, expected)).length).toBe(
        expected.size,
      );
    },
  );
});

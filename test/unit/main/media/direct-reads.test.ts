import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { hashFile } from '../../../../main/media/hash-file';
import {
  openRegularFile,
  openRegularFileDirect,
  readWhole,
} from '../../../../main/media/open-regular-file';
import { needs } from '../../../support/platform-needs';

const needsSymlinks = needs('symlinks');
const needsFifos = needs('fifo');

const JPEG = join(import.meta.dirname, '../../../fixtures/exif-samples/jpg/Canon_40D.jpg');
const MAX = 50 * 1024 * 1024;

describe("openRegularFileDirect: a media worker's own reads", () => {
  const made: string[] = [];
  afterEach(async () => {
    for (const path of made.splice(0)) await rm(path, { recursive: true, force: true });
  });

  async function folder() {
    const dir = await mkdtemp(join(tmpdir(), 'direct-reads-'));
    made.push(dir);
    return dir;
  }

  it('reads the same bytes and identity as the pooled opener, and hashes them alike', async () => {
    const direct = await openRegularFileDirect(JPEG, MAX);
    const pooled = await openRegularFile(JPEG, MAX);
    if (!direct.ok || !pooled.ok) throw new Error('not opened');
    expect(direct.file.identity).toEqual(pooled.file.identity);
    expect(await readWhole(direct.file.handle, MAX)).toEqual(await readFile(JPEG));
    await direct.file.handle.close();
    await pooled.file.handle.close();
    expect(await hashFile(JPEG, 'jpeg', { reads: 'direct' })).toEqual(await hashFile(JPEG, 'jpeg'));
  });

  it('reads any range as the file holds it, the first read included', async () => {
    const bytes = await readFile(JPEG);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: bytes.length + 10 }),
        fc.integer({ min: 1, max: 70_000 }),
        async (position, length) => {
          const opened = await openRegularFileDirect(JPEG, MAX);
          if (!opened.ok) throw new Error('not opened');
          try {
            const buffer = Buffer.alloc(length);
            const { bytesRead } = await opened.file.handle.read(buffer, 0, length, position);
            expect(buffer.subarray(0, bytesRead)).toEqual(
              bytes.subarray(position, position + length),
            );
          } finally {
            await opened.file.handle.close();
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('refuses a folder and a file over the cap, and a closed handle reads nothing', async () => {
    const dir = await folder();
    expect(await openRegularFileDirect(dir, MAX)).toMatchObject({
      ok: false,
      refusal: { kind: 'folder' },
    });
    expect(await openRegularFileDirect(JPEG, 100)).toMatchObject({
      ok: false,
      refusal: { kind: 'too-large' },
    });
    const opened = await openRegularFileDirect(JPEG, MAX);
    if (!opened.ok) throw new Error('not opened');
    await opened.file.handle.close();
    await opened.file.handle.close();
    await expect(opened.file.handle.read(Buffer.alloc(4), 0, 4, 10)).rejects.toMatchObject({
      code: 'EBADF',
    });
  });

  it.skipIf(needsSymlinks.skip)(needsSymlinks.title('does not follow a link'), async () => {
    const dir = await folder();
    const link = join(dir, 'link.jpg');
    await symlink(JPEG, link);
    expect(await openRegularFileDirect(link, MAX)).toEqual({
      ok: false,
      refusal: { kind: 'link' },
    });
  });

  it.skipIf(needsFifos.skip)(
    needsFifos.title('refuses a FIFO at once, without waiting for a writer'),
    async () => {
      const dir = await folder();
      const fifo = join(dir, 'pipe.jpg');
      execFileSync('mkfifo', [fifo]);
      expect(await openRegularFileDirect(fifo, MAX)).toEqual({
        ok: false,
        refusal: { kind: 'special' },
      });
    },
  );
});

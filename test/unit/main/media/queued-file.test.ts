import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { inspectFile } from '../../../../main/media/inspect-file';
import { NOT_THE_QUEUED_FILE, openQueuedFile } from '../../../../main/media/queued-file';
import { englishFor } from '../../../../shared/i18n/words';
import { needs } from '../../../support/platform-needs';

const needsSymlinks = needs('symlinks');
const needsFifoAndSymlinksAndDeviceFiles = needs('fifo', 'symlinks', 'device-files');

const jpeg = (fill: number, length = 5000) =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    Buffer.alloc(length, fill),
    Buffer.from([0xff, 0xd9]),
  ]);
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489',
  'hex',
);
const SAMPLES = join(import.meta.dirname, '../../../fixtures/exif-samples/jpg');
const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
const LIMIT = { maxBytes: 1024 * 1024 };

describe('openQueuedFile: a queued photo is checked again when it is uploaded', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'queued-file-'));
  });

  it('opens a photo, hashes it and keeps it open for the upload', async () => {
    const bytes = jpeg(7);
    await writeFile(join(dir, 'good.jpg'), bytes);
    const checked = await openQueuedFile(join(dir, 'good.jpg'), 'jpeg', LIMIT);
    if (!checked.ok) throw new Error(englishFor(checked.reason));
    expect(checked.file).toMatchObject({ md5: md5(bytes), size: bytes.length, format: 'jpeg' });
    const read = Buffer.alloc(4);
    await checked.file.handle.read(read, 0, 4, 0);
    expect(read).toEqual(bytes.subarray(0, 4));
    await checked.file.handle.close();
  });

  it('uploads only the file intake read: its identity is recorded at intake and checked on the open handle', async () => {
    const path = join(dir, 'identity.jpg');
    await copyFile(join(SAMPLES, 'Canon_40D.jpg'), path);
    const info = await stat(path, { bigint: true });
    const item = await inspectFile(
      { kind: 'file', path, size: Number(info.size), modifiedMs: Number(info.mtimeMs) },
      'UTC',
    );
    if (item.status !== 'photo') throw new Error(englishFor(item.reason));
    expect(item.identity).toEqual({
      dev: String(info.dev),
      ino: String(info.ino),
      size: Number(info.size),
      mtimeNs: String(info.mtimeNs),
    });
    const same = await openQueuedFile(path, 'jpeg', { ...LIMIT, expected: item.identity });
    if (!same.ok) throw new Error(englishFor(same.reason));
    expect(same.file.md5).toBe(item.md5);
    await same.file.handle.close();
    for (const other of [
      { ino: '1' },
      { dev: '1' },
      { size: item.size + 1 },
      { mtimeNs: '1700000000000000000' },
    ])
      expect(
        await openQueuedFile(path, 'jpeg', { ...LIMIT, expected: { ...item.identity!, ...other } }),
      ).toEqual({ ok: false, reason: NOT_THE_QUEUED_FILE });
  });

  it.skipIf(needsSymlinks.skip)(
    needsSymlinks.title('refuses a file replaced by a link to another photo, without following it'),
    async () => {
      await writeFile(join(dir, 'other.jpg'), jpeg(9));
      await symlink(join(dir, 'other.jpg'), join(dir, 'linked.jpg'));
      expect(await openQueuedFile(join(dir, 'linked.jpg'), 'jpeg', LIMIT)).toEqual({
        ok: false,
        reason: { key: 'reason.queue.replacedByLink' },
      });
    },
  );

  it.skipIf(needsFifoAndSymlinksAndDeviceFiles.skip)(
    needsFifoAndSymlinksAndDeviceFiles.title(
      'refuses a link to /dev/zero, /dev/zero itself and a FIFO at once, without reading them',
    ),
    async () => {
      await symlink('/dev/zero', join(dir, 'zero.jpg'));
      execFileSync('mkfifo', [join(dir, 'pipe.jpg')]);
      const started = Date.now();
      expect(await openQueuedFile(join(dir, 'zero.jpg'), 'jpeg', LIMIT)).toMatchObject({
        ok: false,
        reason: { key: 'reason.queue.replacedByLink' },
      });
      for (const path of ['/dev/zero', join(dir, 'pipe.jpg')])
        expect(await openQueuedFile(path, 'jpeg', LIMIT)).toMatchObject({
          ok: false,
          reason: { key: 'reason.queue.replacedByDevice' },
        });
      expect(Date.now() - started).toBeLessThan(2000);
    },
  );

  it('applies the type and size rules of intake: a folder, an empty file, too large, not a photo, another format', async () => {
    await mkdir(join(dir, 'folder.jpg'));
    await writeFile(join(dir, 'empty.jpg'), '');
    await writeFile(join(dir, 'big.jpg'), jpeg(1, 2000));
    await writeFile(join(dir, 'notes.jpg'), 'Not a photo at all\n');
    await writeFile(join(dir, 'was-jpeg.jpg'), PNG);
    const cases: [string, { maxBytes: number }][] = [
      ['folder.jpg', LIMIT],
      ['empty.jpg', LIMIT],
      ['big.jpg', { maxBytes: 1000 }],
      ['notes.jpg', LIMIT],
      ['was-jpeg.jpg', LIMIT],
    ];
    const reasons = await Promise.all(
      cases.map(async ([name, limit]) => {
        const checked = await openQueuedFile(join(dir, name), 'jpeg', limit);
        // The command line's English of each reason.
        return checked.ok ? 'accepted' : englishFor(checked.reason);
      }),
    );
    expect(reasons).toEqual([
      expect.stringContaining('folder, not a file'),
      expect.stringContaining('empty'),
      expect.stringContaining('larger than'),
      'The file is no longer a photo (unknown content) (after it was added to the queue)',
      expect.stringContaining('now a PNG image, not the JPEG photo'),
    ]);
  });

  it('says when the file is gone, and stops at once when asked', async () => {
    expect(await openQueuedFile(join(dir, 'gone.jpg'), 'jpeg', LIMIT)).toMatchObject({
      ok: false,
      reason: { key: 'reason.queue.fileGoneSinceQueued' },
    });
    await writeFile(join(dir, 'stop.jpg'), jpeg(3));
    await expect(
      openQueuedFile(join(dir, 'stop.jpg'), 'jpeg', { ...LIMIT, signal: AbortSignal.abort() }),
    ).rejects.toThrow();
  });
});

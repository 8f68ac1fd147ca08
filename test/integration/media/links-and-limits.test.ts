import { copyFile, mkdir, mkdtemp, open, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntakeItem } from '../../../shared/domain/intake';
import { DEFAULT_MAX_FILE_BYTES } from '../../../main/media/file-limits';
import { inspectFile } from '../../../main/media/inspect-file';
import { photoAt, runIntake } from '../../support/intake-harness';
import { englishFor, words } from '../../../shared/i18n/words';
import { needs } from '../../support/platform-needs';

const needsSymlinks = needs('symlinks');

const SAMPLES = join(import.meta.dirname, '../../fixtures/exif-samples/jpg');
const MIB = 1024 * 1024;

/** The item for `ending`, its reason in English (what the command line prints). */
function itemAt(
  items: readonly IntakeItem[],
  ending: string,
): IntakeItem | { status: 'skipped' | 'error'; path: string; reason: string } {
  const item = items.find((candidate) => candidate.path.endsWith(`/${ending}`));
  if (!item) throw new Error(`No item for ${ending}`);
  return item.status === 'photo' ? item : { ...item, reason: englishFor(item.reason) };
}

/** A PNG chunk with its length and CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 100-byte PNG whose header claims 100 000 × 100 000 pixels: a decompression bomb. */
function pixelBombPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(100_000, 0);
  header.writeUInt32BE(100_000, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 600 MiB TIFF that costs no disk: its header, then a hole. */
async function sparseTiff(path: string, bytes: number): Promise<void> {
  const handle = await open(path, 'w');
  try {
    await handle.write(Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00]));
    await handle.truncate(bytes);
  } finally {
    await handle.close();
  }
}

describe.skipIf(needsSymlinks.skip)(
  needsSymlinks.title('Intake: links that lead outside what was dropped'),
  () => {
    let base: string;
    let items: IntakeItem[];

    beforeAll(async () => {
      base = await mkdtemp(join(tmpdir(), 'links-'));
      const site = join(base, 'site');
      const outside = join(base, 'home');
      const alsoDropped = join(base, 'card');
      await mkdir(join(site, 'north'), { recursive: true });
      await mkdir(join(outside, 'private'), { recursive: true });
      await mkdir(alsoDropped);
      await copyFile(join(SAMPLES, 'Canon_40D.jpg'), join(site, 'north', 'wall.jpg'));
      await copyFile(join(SAMPLES, 'Nikon_D70.jpg'), join(outside, 'secret.jpg'));
      await copyFile(
        join(SAMPLES, 'Fujifilm_FinePix6900ZOOM.jpg'),
        join(outside, 'private', 'a.jpg'),
      );
      await copyFile(join(SAMPLES, 'Kodak_CX7530.jpg'), join(alsoDropped, 'card.jpg'));
      await copyFile(join(SAMPLES, 'Canon_PowerShot_S40.jpg'), join(base, 'single.jpg'));
      // Links out of the dropped folder: to a file, to a folder, relative, and through a chain.
      await symlink(join(outside, 'secret.jpg'), join(site, 'to-secret.jpg'));
      await symlink(join(outside, 'private'), join(site, 'to-private'));
      await symlink('../home/secret.jpg', join(site, 'relative-out.jpg'));
      await symlink(join(site, 'to-private'), join(site, 'chain-out'));
      // Links that stay inside: within the folder, into another dropped folder, to a dropped file.
      await symlink(join(site, 'north'), join(site, 'to-north'));
      await symlink(join(site, 'north', 'wall.jpg'), join(site, 'wall-again.jpg'));
      await symlink(join(alsoDropped, 'card.jpg'), join(site, 'to-card.jpg'));
      await symlink(join(base, 'single.jpg'), join(site, 'to-single.jpg'));
      ({ items } = await runIntake([join(base, 'site'), alsoDropped, join(base, 'single.jpg')]));
    }, 120_000);
    afterAll(() => rm(base, { recursive: true, force: true }));

    it('skips every link whose real target lies outside, with the reason, and reads nothing behind it', () => {
      for (const name of ['to-secret.jpg', 'to-private', 'relative-out.jpg', 'chain-out'])
        expect(itemAt(items, name)).toEqual({
          status: 'skipped',
          path: expect.stringMatching(new RegExp(`/site/${name}$`)) as string,
          reason: 'A link to a place outside the folders you added',
        });
      expect(
        items.some(
          (item) => /secret|private|chain-out\//.test(item.path) && item.status === 'photo',
        ),
      ).toBe(false);
    });

    it('follows links inside the dropped folders and files, each photo once', () => {
      const inside = ['to-north', 'wall-again.jpg', 'to-card.jpg', 'to-single.jpg'];
      for (const name of inside) {
        const item = itemAt(items, name);
        // Followed: a photo, or the same photo as one met before under its other name.
        if (item.status !== 'photo') expect(item.reason).toContain('already included');
      }
      // The links into the other dropped folder and to the dropped file come first in the walk.
      expect(photoAt(items, 'site/to-card.jpg').status).toBe('photo');
      expect(photoAt(items, 'site/to-single.jpg').status).toBe('photo');
      const photos = items.filter((item) => item.status === 'photo');
      // wall.jpg is met under two or three names (the walk's order decides which is the photo).
      expect(photos).toHaveLength(3);
      expect(new Set(photos.map((photo) => photo.md5)).size).toBe(3);
    });
  },
);

describe('Intake: size, pixel and memory limits', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'limits-'));
    await copyFile(join(SAMPLES, 'Canon_40D.jpg'), join(dir, 'small.jpg'));
    await copyFile(join(SAMPLES, 'gps/DSCN0010.jpg'), join(dir, 'larger.jpg'));
    await sparseTiff(join(dir, 'scan.tif'), 600 * MIB);
    await writeFile(join(dir, 'bomb.png'), pixelBombPng());
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('refuses a 600 MB TIFF and a pixel bomb with reasons, keeps the rest, and memory stays bounded', async () => {
    expect((await stat(join(dir, 'scan.tif'))).size).toBe(600 * MIB);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    let items: IntakeItem[];
    try {
      ({ items } = await runIntake([dir], { workers: { inspectors: 2 } }));
    } finally {
      clearInterval(sampler);
    }
    // Worker start-up costs some; reading the 600 MB file would cost at least 600 MB more.
    expect((peak - before) / MIB).toBeLessThan(400);
    expect(DEFAULT_MAX_FILE_BYTES).toBe(500 * MIB);
    expect(itemAt(items, 'scan.tif')).toMatchObject({
      status: 'skipped',
      reason: 'The file is 600 MB, more than the 500 MB allowed for one photo',
    });
    expect(itemAt(items, 'bomb.png')).toMatchObject({
      status: 'skipped',
      reason:
        'The image claims 100000 × 100000 pixels (10000 megapixels), more than the 268 megapixels that can be read safely',
    });
    expect(photoAt(items, 'small.jpg').md5).toMatch(/^[0-9a-f]{32}$/);
    expect(photoAt(items, 'larger.jpg').md5).toMatch(/^[0-9a-f]{32}$/);
  }, 120_000);

  it('takes the limit it is given: a file one byte over it is refused unread', async () => {
    const larger = (await stat(join(dir, 'larger.jpg'))).size;
    const { items } = await runIntake([join(dir, 'small.jpg'), join(dir, 'larger.jpg')], {
      maxFileBytes: larger - 1,
    });
    expect(itemAt(items, 'larger.jpg')).toMatchObject({
      status: 'skipped',
      reason: `The file is 0.2 MB, more than the 0.1 MB allowed for one photo`,
    });
    expect(photoAt(items, 'small.jpg').status).toBe('photo');
  }, 60_000);

  it('checks the size again when it opens a file, which may have grown since the crawl', async () => {
    const grown = {
      kind: 'file',
      path: join(dir, 'scan.tif'),
      size: 8,
      modifiedMs: Date.now(),
    } as const;
    expect(await inspectFile(grown, 'UTC')).toEqual({
      status: 'skipped',
      path: grown.path,
      reason: words('reason.intake.tooLarge', { size: 600, limit: 500 }),
    });
  });

  it('turns a worker that dies at its memory limit into an error for that file; the batch goes on', async () => {
    const hungry = await mkdtemp(join(tmpdir(), 'hungry-'));
    try {
      await copyFile(join(SAMPLES, 'Canon_40D.jpg'), join(hungry, 'a.jpg'));
      await copyFile(join(SAMPLES, 'Canon_40D.jpg'), join(hungry, 'hungry.jpg'));
      await copyFile(join(SAMPLES, 'Nikon_D70.jpg'), join(hungry, 'z.jpg'));
      const { items } = await runIntake([hungry], {
        workers: {
          inspectors: 1,
          inspectorHeapMb: 96,
          workerEntry: new URL('../../support/memory-hungry-media-worker.ts', import.meta.url),
        },
      });
      expect(itemAt(items, 'hungry.jpg')).toEqual({
        status: 'error',
        path: join(hungry, 'hungry.jpg'),
        reason: 'Reading the file needed more memory than the uploader allows, so it was left out',
      });
      expect(photoAt(items, 'a.jpg').status).toBe('photo');
      expect(photoAt(items, 'z.jpg').status).toBe('photo');
    } finally {
      await rm(hungry, { recursive: true, force: true });
    }
  }, 120_000);
});

import { copyFile, mkdtemp, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntakeItem } from '../../../shared/domain/intake';
import { silentLogger } from '../../../main/logging/logger';
import { MediaWorkers } from '../../../main/media/media-workers';
import { Thumbnails } from '../../../main/media/thumbnails';
import { photoAt, runIntake } from '../../support/intake-harness';

const SAMPLES = join(import.meta.dirname, '../../fixtures/exif-samples');

/** Mean absolute difference per channel (0–255) between two images scaled to 32×32. */
async function difference(a: string, b: string): Promise<number> {
  const pixels = (file: string) =>
    sharp(file).resize(32, 32, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  const [left, right] = await Promise.all([pixels(a), pixels(b)]);
  let total = 0;
  for (let index = 0; index < left.length; index += 1)
    total += Math.abs(left[index]! - right[index]!);
  return total / left.length;
}

describe('Thumbnails', () => {
  let workers: MediaWorkers;
  let thumbnails: Thumbnails;
  let items: IntakeItem[];
  let cache: string;

  beforeAll(async () => {
    ({ items } = await runIntake([join(SAMPLES, 'jpg'), join(SAMPLES, 'heic')]));
    workers = new MediaWorkers({ logger: silentLogger, inspectors: 2 });
    cache = await mkdtemp(join(tmpdir(), 'thumbnails-'));
    thumbnails = new Thumbnails(workers, cache);
  }, 120_000);
  afterAll(() => workers.close());

  const make = (ending: string) => thumbnails.get(photoAt(items, ending));

  it('uses the embedded EXIF thumbnail when there is a usable one', async () => {
    const photo = photoAt(items, 'gps/DSCN0010.jpg');
    const file = await thumbnails.get(photo);
    expect(file).toBe(join(cache, photo.md5.slice(0, 2), `${photo.md5}.jpg`));
    const { width, height, format } = await sharp(file).metadata();
    expect(format).toBe('jpeg');
    // 160×120 is the embedded thumbnail's size; one made from the 640×480 image would be 320 wide.
    expect([width, height]).toEqual([160, 120]);
  });

  it('downscales the image itself when there is no embedded thumbnail, or a too small one', async () => {
    const landscape = await sharp(await make('orientation/landscape_1.jpg')).metadata();
    expect([landscape.width, landscape.height]).toEqual([320, 240]);
    // Canon_40D embeds a 68×46 thumbnail, smaller than its own 100×68 image: the image is used.
    const canon = await sharp(await make('Canon_40D.jpg')).metadata();
    expect([canon.width, canon.height]).toEqual([100, 68]);
  });

  it('decodes HEIC, which the UI could not show itself', async () => {
    const { width, height, format } = await sharp(await make('IMG_5195.HEIC')).metadata();
    expect(format).toBe('jpeg');
    expect([width, height]).toEqual([248, 320]);
  });

  it('turns every EXIF orientation upright', async () => {
    for (const shape of ['landscape', 'portrait']) {
      const upright = await make(`orientation/${shape}_1.jpg`);
      for (let orientation = 2; orientation <= 8; orientation += 1) {
        const file = await make(`orientation/${shape}_${orientation}.jpg`);
        expect(await difference(upright, file), `${shape}_${orientation}`).toBeLessThan(12);
      }
    }
  });

  it('really tells apart images that differ (the comparison is not blind)', async () => {
    expect(
      await difference(
        await make('orientation/landscape_1.jpg'),
        await make('orientation/portrait_1.jpg'),
      ),
    ).toBeGreaterThan(20);
  });

  it('caches by MD5: the same bytes under another name reuse the file, and concurrent asks share one job', async () => {
    const first = await make('Nikon_D70.jpg');
    const made = (await stat(first)).mtimeMs;
    const copyDir = await mkdtemp(join(tmpdir(), 'thumb-copy-'));
    await copyFile(join(SAMPLES, 'jpg/Nikon_D70.jpg'), join(copyDir, 'renamed.jpg'));
    const source = { ...photoAt(items, 'Nikon_D70.jpg'), path: join(copyDir, 'renamed.jpg') };
    const again = await Promise.all([thumbnails.get(source), thumbnails.get(source)]);
    expect(again).toEqual([first, first]);
    expect((await stat(first)).mtimeMs).toBe(made);
  });

  it('refuses what cannot be decoded, so the UI shows a placeholder', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'thumb-bad-'));
    await writeFile(join(dir, 'bad.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0, 0]));
    await expect(
      thumbnails.get({
        path: join(dir, 'bad.jpg'),
        format: 'jpeg',
        orientation: 1,
        md5: 'f'.repeat(32),
      }),
    ).rejects.toThrow();
  });
});

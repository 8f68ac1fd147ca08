import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { convertToJpeg } from '../../../../main/media/convert-to-jpeg';
import { needs } from '../../../support/platform-needs';

const needsExiftool = needs('exiftool');

const run = promisify(execFile);
const FIXTURES = join(import.meta.dirname, '../../../fixtures');
const HEIC = join(FIXTURES, 'exif-samples/heic/IMG_5195.HEIC');
const HEIF_WITHOUT_EXIF_DATE = join(FIXTURES, 'exif-samples/heic/samplefilehub.heif');
const TIFF = join(FIXTURES, 'tiff/rotated-gps.tiff');

type Facts = Record<string, string | number | undefined>;

/** ExifTool's reading (numbers as numbers) of the tags these tests compare. */
async function facts(path: string): Promise<Facts> {
  const { stdout } = await run('exiftool', [
    '-json',
    '-n',
    '-FileType',
    '-DateTimeOriginal',
    '-CreateDate',
    '-OffsetTimeOriginal',
    '-GPSLatitude',
    '-GPSLongitude',
    '-Orientation',
    '-ImageWidth',
    '-ImageHeight',
    path,
  ]);
  const [read] = JSON.parse(stdout) as [Facts];
  return read;
}

const md5 = async (path: string) =>
  createHash('md5')
    .update(await readFile(path))
    .digest('hex');

describe.skipIf(needsExiftool.skip)(needsExiftool.title('convertToJpeg'), () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'convert-jpeg-'));
  });

  it('turns a TIFF with orientation 6 upright and keeps its dates, offset and GPS', async () => {
    const target = join(dir, 'tiff.jpg');
    await convertToJpeg({ path: TIFF, format: 'tiff', target });
    const [original, converted] = [await facts(TIFF), await facts(target)];
    expect(converted.FileType).toBe('JPEG');
    expect(original.Orientation).toBe(6);
    expect(converted.Orientation).toBe(1);
    expect([converted.ImageWidth, converted.ImageHeight]).toEqual([
      original.ImageHeight,
      original.ImageWidth,
    ]);
    for (const tag of ['DateTimeOriginal', 'CreateDate', 'OffsetTimeOriginal'])
      expect(converted[tag], tag).toBe(original[tag]);
    expect(converted.GPSLatitude).toBeCloseTo(Number(original.GPSLatitude), 6);
    expect(converted.GPSLongitude).toBeCloseTo(Number(original.GPSLongitude), 6);
    // The decoded pixels are upright too (sharp, told nothing, reads the same sides).
    const decoded = await sharp(target).metadata();
    expect([decoded.width, decoded.height]).toEqual([original.ImageHeight, original.ImageWidth]);
  });

  it('converts a HEIC at quality 90 with its date, offset and GPS (a south-west position)', async () => {
    const target = join(dir, 'heic.jpg');
    await convertToJpeg({ path: HEIC, format: 'heic', target });
    const [original, converted] = [await facts(HEIC), await facts(target)];
    expect(converted.FileType).toBe('JPEG');
    expect(converted.DateTimeOriginal).toBe(original.DateTimeOriginal);
    expect(converted.OffsetTimeOriginal).toBe('-05:00');
    expect(converted.GPSLatitude).toBeCloseTo(Number(original.GPSLatitude), 6);
    expect(converted.GPSLongitude).toBeCloseTo(Number(original.GPSLongitude), 6);
    expect(Number(converted.GPSLongitude)).toBeLessThan(0);
    expect([converted.ImageWidth, converted.ImageHeight]).toEqual([
      original.ImageWidth,
      original.ImageHeight,
    ]);
    // Quality 90 as ExifTool estimates it from the quantisation tables.
    const { stdout } = await run('exiftool', ['-s3', '-JPEGQualityEstimate', target]);
    expect(Number(stdout.trim())).toBe(90);
  }, 60_000);

  it('converts a HEIF without EXIF dates or GPS, writing none', async () => {
    const target = join(dir, 'plain.jpg');
    await convertToJpeg({ path: HEIF_WITHOUT_EXIF_DATE, format: 'heic', target });
    const converted = await facts(target);
    expect(converted.FileType).toBe('JPEG');
    expect(converted.DateTimeOriginal).toBeUndefined();
    expect(converted.GPSLatitude).toBeUndefined();
  }, 60_000);

  it('makes the same bytes again from the same original (a conversion lost in a crash is redone identically)', async () => {
    const first = join(dir, 'again-1.jpg');
    const second = join(dir, 'again-2.jpg');
    await convertToJpeg({ path: TIFF, format: 'tiff', target: first });
    await convertToJpeg({ path: TIFF, format: 'tiff', target: second });
    expect(await md5(first)).toBe(await md5(second));
  });

  it('fails on a file that is not the image it claims to be, leaving nothing behind', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'convert-bad-'));
    await expect(
      convertToJpeg({ path: TIFF, format: 'heic', target: join(folder, 'x.jpg') }),
    ).rejects.toThrow();
    expect(await readdir(folder)).toEqual([]);
  }, 60_000);
});

import { createHash } from 'node:crypto';
import { copyFile, mkdtemp, readdir, readFile, rename, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { convertToJpeg } from '../../../../main/media/convert-to-jpeg';
import { type ConversionOptions, prepareUpload } from '../../../../main/staging/prepared-upload';
import { englishFor, words } from '../../../../shared/i18n/words';
import { needs } from '../../../support/platform-needs';

const needsFileModes = needs('file-modes');

const FIXTURES = join(import.meta.dirname, '../../../fixtures');
const TIFF = join(FIXTURES, 'tiff/rotated-gps.tiff');
const JPEG = join(FIXTURES, 'exif-samples/jpg/gps/DSCN0010.jpg');
const MAX = 100 * 1024 * 1024;
const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

describe('prepareUpload', () => {
  let dir: string;
  let stagingDir: string;
  let conversion: ConversionOptions;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'prepared-'));
    stagingDir = join(dir, 'staging');
    conversion = { convert: convertToJpeg, stagingDir, keepOriginals: false };
    await copyFile(TIFF, join(dir, 'photo.tiff'));
    await copyFile(JPEG, join(dir, 'photo.jpg'));
  });

  it('hands over a JPEG made from a TIFF, with the original’s MD5 beside the JPEG’s, and cleans it up', async () => {
    const path = join(dir, 'photo.tiff');
    const prepared = await prepareUpload(
      { id: 7, path, format: 'tiff' },
      { maxBytes: MAX, conversion },
    );
    if (!prepared.ok) throw new Error(englishFor(prepared.reason));
    const { file, original, cleanUp } = prepared.upload;
    expect(file.format).toBe('jpeg');
    expect(original.md5).toBe(md5(await readFile(path)));
    const staged = join(stagingDir, 'item-7.jpg');
    expect(file.md5).toBe(md5(await readFile(staged)));
    expect(file.md5).not.toBe(original.md5);
    await file.handle.close();
    await cleanUp();
    expect(await readdir(stagingDir)).toEqual([]);
  });

  it('sends the original unchanged when originals are kept', async () => {
    const path = join(dir, 'photo.tiff');
    const prepared = await prepareUpload(
      { id: 8, path, format: 'tiff' },
      { maxBytes: MAX, conversion: { ...conversion, keepOriginals: true } },
    );
    if (!prepared.ok) throw new Error(englishFor(prepared.reason));
    expect(prepared.upload.file.format).toBe('tiff');
    expect(prepared.upload.file.md5).toBe(prepared.upload.original.md5);
    await prepared.upload.file.handle.close();
  });

  it('never converts a JPEG', async () => {
    const path = join(dir, 'photo.jpg');
    let converted = 0;
    const prepared = await prepareUpload(
      { id: 9, path, format: 'jpeg' },
      {
        maxBytes: MAX,
        conversion: { ...conversion, convert: () => Promise.resolve(void (converted += 1)) },
      },
    );
    if (!prepared.ok) throw new Error(englishFor(prepared.reason));
    expect(prepared.upload.file.md5).toBe(md5(await readFile(path)));
    expect(converted).toBe(0);
    await prepared.upload.file.handle.close();
  });

  it('parks a photo that cannot be converted with a plain reason', async () => {
    const path = join(dir, 'photo.tiff');
    const prepared = await prepareUpload(
      { id: 10, path, format: 'tiff' },
      {
        maxBytes: MAX,
        conversion: { ...conversion, convert: () => Promise.reject(new Error('bad data')) },
      },
    );
    expect(prepared).toEqual({
      ok: false,
      reason: words('reason.staging.conversionFailedBecause', {
        format: 'TIFF',
        detail: 'bad data',
      }),
    });
  });

  it.skipIf(needsFileModes.skip)(
    needsFileModes.title(
      'converts the bytes it checked, not a file swapped in at the path before the conversion, and keeps them owner-only',
    ),
    async () => {
      const path = join(dir, 'swapped.tiff');
      await copyFile(TIFF, path);
      const expected = join(dir, 'expected.jpg');
      await convertToJpeg({ path: TIFF, format: 'tiff', target: expected });
      // Another TIFF, ready to take the checked file's place.
      const other = join(dir, 'other.tiff');
      await sharp({ create: { width: 16, height: 16, channels: 3, background: '#f00' } })
        .tiff()
        .toFile(other);
      const modes: number[] = [];
      const prepared = await prepareUpload(
        { id: 11, path, format: 'tiff' },
        {
          maxBytes: MAX,
          conversion: {
            ...conversion,
            // The seam: between the check and the conversion the file at the path is swapped.
            convert: async (request) => {
              await rename(other, path);
              modes.push((await stat(request.path)).mode & 0o777);
              await convertToJpeg(request);
            },
          },
        },
      );
      if (!prepared.ok) throw new Error(englishFor(prepared.reason));
      const { file, original, cleanUp } = prepared.upload;
      expect(original.md5).toBe(md5(await readFile(TIFF)));
      expect(file.md5).toBe(md5(await readFile(expected)));
      // The copy the converter read and the JPEG hold the photo's GPS position: owner-only.
      expect(modes).toEqual([0o600]);
      expect((await stat(join(stagingDir, 'item-11.jpg'))).mode & 0o777).toBe(0o600);
      // Only the JPEG is left for the upload; the copy it was made from is gone.
      expect(await readdir(stagingDir)).toEqual(['item-11.jpg']);
      await file.handle.close();
      await cleanUp();
      expect(await readdir(stagingDir)).toEqual([]);
    },
  );
});

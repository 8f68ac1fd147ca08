import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { imageCompleteness, jpegEnded } from '../../../../main/watch/image-complete';

const FIXTURES = join(import.meta.dirname, '../../../fixtures/exif-samples');

describe('imageCompleteness: a whole image by its structure', () => {
  let dir: string;
  const samples: Record<string, Buffer> = {};

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'complete-'));
    const image = sharp({ create: { width: 40, height: 30, channels: 3, background: '#884422' } });
    samples.jpeg = await readFile(join(FIXTURES, 'jpg/Canon_40D.jpg'));
    samples.png = await image.clone().png().toBuffer();
    samples.tiff = await image.clone().tiff().toBuffer();
    samples.heic = await readFile(join(FIXTURES, 'heic/IMG_5195.HEIC'));
  });

  for (const format of ['jpeg', 'png', 'tiff', 'heic'] as const) {
    it(`says a whole ${format} is complete and any cut-off copy is not`, async () => {
      const whole = samples[format]!;
      const path = join(dir, `whole.${format}`);
      await writeFile(path, whole);
      expect(await imageCompleteness(path)).toEqual({ kind: 'complete', format });
      for (const fraction of [0.5, 0.9]) {
        const cut = join(dir, `cut-${fraction}.${format}`);
        await writeFile(cut, whole.subarray(0, Math.floor(whole.length * fraction)));
        expect((await imageCompleteness(cut)).kind, `${format} cut at ${fraction}`).toBe(
          'incomplete',
        );
      }
      const lastByte = join(dir, `minus-one.${format}`);
      await writeFile(lastByte, whole.subarray(0, whole.length - 1));
      if (format !== 'tiff')
        expect((await imageCompleteness(lastByte)).kind, `${format} minus one byte`).toBe(
          'incomplete',
        );
    });
  }

  it('leaves files that are not photos alone', async () => {
    const path = join(dir, 'notes.txt');
    await writeFile(path, 'x'.repeat(5000));
    expect(await imageCompleteness(path)).toEqual({ kind: 'not-a-photo' });
  });

  it('accepts the zero padding some cameras write after the end marker', () => {
    expect(jpegEnded(Buffer.from([1, 2, 0xff, 0xd9, 0, 0, 0]))).toBe(true);
    expect(jpegEnded(Buffer.from([1, 2, 0xff, 0xd9, 7]))).toBe(false);
    expect(jpegEnded(Buffer.from([0xd9]))).toBe(false);
  });
});

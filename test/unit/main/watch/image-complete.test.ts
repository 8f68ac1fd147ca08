import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { imageCompleteness, jpegEnded } from '../../../../main/watch/image-complete';
import { mp4Like, samsungTrailer } from '../../../support/phone-photos';
import { words } from '../../../../shared/i18n/words';
import { needs } from '../../../support/platform-needs';

const needsFifoAndSymlinksAndDeviceFiles = needs('fifo', 'symlinks', 'device-files');

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

describe('imageCompleteness: what phones write after the image', () => {
  let dir: string;
  let jpeg: Buffer;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'complete-phone-'));
    jpeg = await readFile(join(FIXTURES, 'jpg/Canon_40D.jpg'));
  });

  const write = async (name: string, bytes: Buffer) => {
    const path = join(dir, name);
    await writeFile(path, bytes);
    return path;
  };

  it('takes a motion photo (an MP4 after the JPEG) and a Samsung-trailer photo as complete', async () => {
    for (const [name, tail] of [
      ['motion.jpg', mp4Like()],
      ['samsung.jpg', samsungTrailer()],
    ] as const) {
      const path = await write(name, Buffer.concat([jpeg, tail]));
      expect(await imageCompleteness(path), name).toEqual({ kind: 'complete', format: 'jpeg' });
      // Still being written: the JPEG itself is cut.
      const cut = await write(`cut-${name}`, jpeg.subarray(0, jpeg.length - 50));
      expect((await imageCompleteness(cut)).kind, name).toBe('incomplete');
    }
  });

  it("takes a multi-picture file by its first image's end", async () => {
    const second = await readFile(join(FIXTURES, 'jpg/Nikon_D70.jpg'));
    const path = await write('mpf.jpg', Buffer.concat([jpeg, second]));
    expect(await imageCompleteness(path)).toEqual({ kind: 'complete', format: 'jpeg' });
  });

  it.skipIf(needsFifoAndSymlinksAndDeviceFiles.skip)(
    needsFifoAndSymlinksAndDeviceFiles.title(
      'says a FIFO, a link and a folder are not files, at once and without reading them',
    ),
    async () => {
      const fifo = join(dir, 'pipe.jpg');
      execFileSync('mkfifo', [fifo]);
      await symlink(join(FIXTURES, 'jpg/Canon_40D.jpg'), join(dir, 'link.jpg'));
      await mkdir(join(dir, 'folder.jpg'));
      const started = Date.now();
      expect(await imageCompleteness(fifo)).toEqual({
        kind: 'not-a-file',
        reason: words('reason.intake.notRegularFile'),
      });
      expect(await imageCompleteness('/dev/zero')).toMatchObject({ kind: 'not-a-file' });
      expect(await imageCompleteness(join(dir, 'link.jpg'))).toMatchObject({
        kind: 'not-a-file',
        reason: words('reason.watch.link'),
      });
      expect(await imageCompleteness(join(dir, 'folder.jpg'))).toMatchObject({
        kind: 'not-a-file',
      });
      expect(Date.now() - started).toBeLessThan(2000);
    },
  );
});

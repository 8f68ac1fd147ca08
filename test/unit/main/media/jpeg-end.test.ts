import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { findJpegEnd, findJpegEndIn } from '../../../../main/media/jpeg-structure';
import { mp4Like, samsungTrailer } from '../../../support/phone-photos';

const SAMPLES = join(import.meta.dirname, '../../../fixtures/exif-samples/jpg');

/** A tiny JPEG by hand: SOI, a table segment, a scan whose data is `scan`, EOI. */
function handMade(scan: readonly number[]): Buffer {
  return Buffer.from([
    0xff,
    0xd8,
    // DQT with a 4-byte body
    0xff,
    0xdb,
    0x00,
    0x06,
    1,
    2,
    3,
    4,
    // SOS with a 2-byte body
    0xff,
    0xda,
    0x00,
    0x04,
    0,
    0,
    ...scan,
    0xff,
    0xd9,
  ]);
}

describe('findJpegEnd: the end of the first image, by its structure', () => {
  let canon: Buffer;
  let progressive: Buffer;
  let restarts: Buffer;

  beforeAll(async () => {
    canon = await readFile(join(SAMPLES, 'Canon_40D.jpg'));
    progressive = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#3366aa' },
    })
      .jpeg({ progressive: true })
      .toBuffer();
    // A camera JPEG with a restart interval (DRI): RSTn markers throughout its scan.
    restarts = await readFile(join(SAMPLES, 'exif-org/nikon-e950.jpg'));
  });

  it('ends every sample photo at its last byte (camera, progressive, with restart markers)', async () => {
    const names = (await readdir(SAMPLES)).filter((name) => name.endsWith('.jpg'));
    for (const name of names) {
      const bytes = await readFile(join(SAMPLES, name));
      expect(await findJpegEndIn(bytes), name).toEqual({ kind: 'ended', end: bytes.length });
    }
    expect(await findJpegEndIn(progressive)).toEqual({ kind: 'ended', end: progressive.length });
    expect(restarts.includes(Buffer.from([0xff, 0xdd]))).toBe(true);
    expect(await findJpegEndIn(restarts)).toEqual({ kind: 'ended', end: restarts.length });
  });

  it('accepts what follows the end marker: a motion photo video, a Samsung trailer, padding', async () => {
    for (const tail of [mp4Like(), samsungTrailer(), Buffer.alloc(300)]) {
      const file = Buffer.concat([canon, tail]);
      expect(await findJpegEndIn(file)).toEqual({ kind: 'ended', end: canon.length });
    }
  });

  it("takes the first image's end in a multi-picture file, whatever the second image holds", async () => {
    const second = await readFile(join(SAMPLES, 'Nikon_D70.jpg'));
    expect(await findJpegEndIn(Buffer.concat([canon, second]))).toEqual({
      kind: 'ended',
      end: canon.length,
    });
    // The second image still being written does not matter; the first being cut does.
    expect(await findJpegEndIn(Buffer.concat([canon, second.subarray(0, 500)]))).toEqual({
      kind: 'ended',
      end: canon.length,
    });
    const firstCut = Buffer.concat([canon.subarray(0, canon.length - 100), second]);
    expect((await findJpegEndIn(firstCut)).kind).not.toBe('ended');
  });

  it('says a JPEG cut anywhere before its end marker is cut, even after its EXIF thumbnail', async () => {
    // The EXIF thumbnail ends with its own FFD9, inside APP1: never taken for the image's end.
    const thumbnailEnd = canon.indexOf(Buffer.from([0xff, 0xd9])) + 2;
    expect(thumbnailEnd).toBeLessThan(canon.length - 2);
    for (const cut of [1, 2, 3, 20, thumbnailEnd, thumbnailEnd + 1, canon.length - 1]) {
      expect(await findJpegEndIn(canon.subarray(0, cut)), `cut at ${cut}`).toEqual({
        kind: 'cut',
      });
    }
    for (const cut of [100, 1000, restarts.length - 2])
      expect(await findJpegEndIn(restarts.subarray(0, cut))).toEqual({ kind: 'cut' });
  });

  it('reads past stuffed bytes, restart markers and fill bytes in the scan', async () => {
    const scan = [1, 0xff, 0x00, 2, 0xff, 0xd0, 3, 0xff, 0xd7, 0xff, 0x00, 4, 0xff, 0xff];
    const file = handMade(scan);
    expect(await findJpegEndIn(file)).toEqual({ kind: 'ended', end: file.length });
    // Cut just after a stuffed FF, or between an FF and its 00: cut, not ended.
    for (const cut of [file.length - 2, file.length - 1, 18, 19])
      expect(await findJpegEndIn(file.subarray(0, cut)), `cut at ${cut}`).toEqual({ kind: 'cut' });
  });

  it('gives up on what is not a JPEG structure', async () => {
    expect(await findJpegEndIn(Buffer.from('not a jpeg at all'))).toEqual({ kind: 'unknown' });
    // After the first segment, no marker where one must be.
    expect(
      await findJpegEndIn(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 4, 1, 2, 0x12, 0x34])),
    ).toEqual({ kind: 'unknown' });
  });

  it('finds the same end whatever the chunks the file is read in', async () => {
    const file = Buffer.concat([restarts, mp4Like()]);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 9, max: 5000 })),
        async (most) => {
          const read = (position: number, length: number) =>
            Promise.resolve(file.subarray(position, position + Math.min(length, most)));
          const end = await findJpegEnd(read, file.length);
          // Short reads are allowed: a read shorter than asked for is read again from there.
          return end.kind === 'ended' && end.end === restarts.length;
        },
      ),
      { numRuns: 40 },
    );
  });
});

import { copyFileSync, readdirSync, readFileSync } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import exifr from 'exifr';
import fc from 'fast-check';
import { fileTypeFromBuffer } from 'file-type';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { inZone } from '../../../../main/media/capture-time';
import { mayHoldXmp } from '../../../../main/media/exif-reader';
import { HEADER_BYTES, recognise } from '../../../../main/media/file-kind';
import { handleMediaRequest } from '../../../../main/media/media-requests';
import { defaultInspectors } from '../../../../main/media/media-workers';

// The shortcuts issue 26 took to make intake fast, each checked against the slow way it skips.

const SAMPLES = join(import.meta.dirname, '../../../fixtures/exif-samples');

/** Every reference photo copied into the tests (JPEG and HEIC). */
function referencePhotos(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(jpe?g|heic|heif)$/i.test(entry.name)) found.push(path);
    }
  };
  walk(SAMPLES);
  return found;
}

describe('mayHoldXmp: the XMP parse is skipped only where there is no XMP', () => {
  const photos = referencePhotos();

  it('finds the XMP of the reference photos that have some', () => {
    expect(photos.length).toBeGreaterThan(60);
    expect(mayHoldXmp(readFileSync(join(SAMPLES, 'jpg/xmp/BlueSquare.jpg')))).toBe(true);
    expect(mayHoldXmp(readFileSync(join(SAMPLES, 'jpg/Canon_40D.jpg')))).toBe(false);
  });

  it.each(photos.map((path) => [path.slice(SAMPLES.length + 1), path]))(
    '%s: without its markers, exifr finds no XMP either',
    async (_name, path) => {
      const bytes = readFileSync(path);
      if (mayHoldXmp(bytes)) return;
      const output: unknown = await exifr
        .parse(bytes, { reviveValues: false, mergeOutput: false, tiff: false, xmp: true })
        .catch(() => undefined);
      expect(output ?? {}).toEqual({});
    },
  );

  it("knows PNG's XMP keyword and the RDF namespace wherever the packet sits", () => {
    expect(mayHoldXmp(Buffer.from('....iTXtXML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta'))).toBe(true);
    expect(
      mayHoldXmp(Buffer.from('<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">')),
    ).toBe(true);
    expect(mayHoldXmp(new Uint8Array(64))).toBe(false);
    // A view into a larger buffer is searched within its own bytes only.
    const whole = Buffer.from('xxxxhttp://ns.adobe.com/xap/1.0/');
    expect(mayHoldXmp(whole.subarray(0, 4))).toBe(false);
    expect(mayHoldXmp(whole.subarray(4))).toBe(true);
  });
});

describe("recognise: a JPEG without file-type's general detection", () => {
  it('answers as file-type does for any header that starts like a JPEG', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 0, maxLength: 64 }),
        fc.constantFrom(0xf7, 0xe0, 0xe1, 0xdb, 0x00, 0xff),
        async (rest, fourth) => {
          const header = Uint8Array.from([0xff, 0xd8, 0xff, fourth, ...rest]).subarray(
            0,
            HEADER_BYTES,
          );
          const type = await fileTypeFromBuffer(header);
          const expected =
            type?.mime === 'image/jpeg'
              ? { ok: true, format: 'jpeg' }
              : { ok: false, found: type?.mime ?? 'unknown content' };
          expect(await recognise(header)).toEqual(expected);
        },
      ),
    );
  });

  it('leaves JPEG-LS (FF D8 FF F7) to file-type, which does not call it a photo', async () => {
    expect(await recognise(Uint8Array.from([0xff, 0xd8, 0xff, 0xf7, 0, 0, 0, 0]))).toEqual({
      ok: false,
      found: 'image/jls',
    });
  });
});

describe("inZone: luxon's offsets, remembered per zone and wall minute", () => {
  const zones = Intl.supportedValuesOf('timeZone');
  const luxon = (wall: Parameters<typeof inZone>[0], zone: string) => {
    const local = DateTime.fromObject({ ...wall, second: Math.min(wall.second, 59) }, { zone });
    return local.isValid ? local.toMillis() : undefined;
  };
  const wall = fc.record({
    year: fc.integer({ min: 1900, max: 2100 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
    hour: fc.integer({ min: 0, max: 23 }),
    minute: fc.integer({ min: 0, max: 59 }),
    second: fc.integer({ min: 0, max: 60 }),
  });

  it('gives what luxon gives, for every second of a minute asked before', () => {
    fc.assert(
      fc.property(
        wall,
        fc.constantFrom(...zones, 'Not/AZone'),
        fc.integer({ min: 0, max: 60 }),
        (asked, zone, otherSecond) => {
          expect(inZone(asked, zone)).toBe(luxon(asked, zone));
          // The second call of the same minute comes from the cache.
          const sameMinute = { ...asked, second: otherSecond };
          expect(inZone(sameMinute, zone)).toBe(luxon(sameMinute, zone));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('keeps the minutes around a change of offset apart (a spring gap, an autumn repeat)', () => {
    const at = (hour: number, minute: number, second: number, day = 31) => ({
      year: 2024,
      month: 3,
      day,
      hour,
      minute,
      second,
    });
    for (const [hour, minute] of [
      [1, 59],
      [2, 0],
      [2, 30],
      [3, 0],
    ] as const) {
      for (const second of [0, 30, 59])
        expect(inZone(at(hour, minute, second), 'Europe/Berlin')).toBe(
          luxon(at(hour, minute, second), 'Europe/Berlin'),
        );
    }
    const autumn = { year: 2024, month: 10, day: 27, hour: 2, minute: 30, second: 10 };
    expect(inZone(autumn, 'Europe/Berlin')).toBe(luxon(autumn, 'Europe/Berlin'));
    // Lord Howe moves by half an hour.
    const lordHowe = { year: 2024, month: 10, day: 6, hour: 2, minute: 15, second: 0 };
    expect(inZone(lordHowe, 'Australia/Lord_Howe')).toBe(luxon(lordHowe, 'Australia/Lord_Howe'));
  });
});

describe('defaultInspectors', () => {
  it('gives two threads per core, at least two and at most eight', () => {
    expect([1, 2, 3, 4, 8, 64].map((cores) => defaultInspectors(cores))).toEqual([
      2, 4, 6, 8, 8, 8,
    ]);
  });

  it('gives one per core beside a window that keeps its own priority (macOS, Windows)', () => {
    expect([1, 2, 4, 8, 64].map((cores) => defaultInspectors(cores, false))).toEqual([
      2, 2, 4, 8, 8,
    ]);
  });
});

describe('an inspector reads metadata one file at a time', () => {
  it('reports each file before it opens the next (only MD5s run side by side)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'one-at-a-time-'));
    try {
      const first = join(dir, 'first.jpg');
      const second = join(dir, 'second.jpg');
      await copyFile(join(SAMPLES, 'jpg/Canon_40D.jpg'), first);
      const sent: string[] = [];
      // The second file exists only once the first is reported: an inspector that had already
      // started on it (and would block on its read before reporting the first) finds nothing.
      await handleMediaRequest(
        {
          type: 'inspect',
          id: 1,
          files: [first, second].map((path) => ({
            kind: 'file' as const,
            path,
            size: 0,
            modifiedMs: 0,
          })),
          assumedZone: 'UTC',
          mode: 'metadata',
          maxFileBytes: 50 * 1024 * 1024,
        },
        (message) => {
          if (message.type !== 'result') return;
          sent.push(`${basename(message.result.path)} ${message.result.status}`);
          if (message.result.path === first) copyFileSync(first, second);
        },
      );
      expect(sent).toEqual(['first.jpg photo', 'second.jpg photo']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

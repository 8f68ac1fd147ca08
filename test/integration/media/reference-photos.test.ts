import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { IntakeItem } from '../../../shared/domain/intake';
import { englishFor } from '../../../shared/i18n/words';
import { runIntake } from '../../support/intake-harness';
import { needs } from '../../support/platform-needs';

const needsExiftool = needs('exiftool');

const SAMPLES = join(import.meta.dirname, '../../fixtures/exif-samples');

type Reference = {
  SourceFile: string;
  DateTimeOriginal?: string;
  CreateDate?: string;
  OffsetTimeOriginal?: string;
  SubSecTimeOriginal?: string;
  GPSLatitude?: number;
  GPSLongitude?: number;
  Orientation?: number;
  ImageWidth?: number;
  ImageHeight?: number;
  Make?: string;
  Model?: string;
};

/**
 * Files whose only date is in a vendor block that is neither EXIF nor XMP (ExifTool reads those
 * vendor formats; exifr does not). By the capture-time rules they have no EXIF date, so they
 * fall back to the file's modification time.
 */
const VENDOR_ONLY_DATES: Record<string, string> = {
  'jpg/exif-org/olympus-d320l.jpg': 'Olympus APP12 PictureInfo',
  'jpg/exif-org/sony-powershota5.jpg': 'Canon CIFF block in APP0',
  'jpg/Reconyx_HC500_Hyperfire.jpg': 'Reconyx maker note',
};

/** `2008:03:15 09:52:01-04:00` → wall `2008-03-15T09:52:01`, offset `-04:00`. */
function referenceDate(raw: string): { wall: string; offset: string | undefined } {
  const match = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}:\d{2}:\d{2})(Z|[+-]\d{2}:\d{2})?$/.exec(raw);
  if (!match) throw new Error(`Unexpected reference date ${raw}`);
  return {
    wall: `${match[1]}-${match[2]}-${match[3]}T${match[4]}`,
    offset: match[5] === 'Z' ? '+00:00' : match[5],
  };
}

describe.skipIf(needsExiftool.skip)(
  needsExiftool.title('Intake over real camera photos, against ExifTool'),
  () => {
    let references: Reference[];
    let byFile: Map<string, IntakeItem>;

    beforeAll(async () => {
      references = JSON.parse(
        await readFile(join(SAMPLES, 'exiftool-reference.json'), 'utf8'),
      ) as Reference[];
      const { items } = await runIntake([SAMPLES], { zone: 'UTC' });
      byFile = new Map(items.map((item) => [relative(SAMPLES, item.path), item]));
    }, 120_000);

    it('finds every reference photo and skips the text files beside them with a reason', () => {
      expect(references).toHaveLength(64);
      for (const reference of references)
        expect(byFile.get(reference.SourceFile.slice(2))?.status, reference.SourceFile).toBe(
          'photo',
        );
      for (const other of [
        'README.md',
        'SOURCE-README.rst',
        'exiftool-reference.json',
        'jpg/gps/README',
      ]) {
        const item = byFile.get(other);
        expect(item?.status, other).toBe('skipped');
        // The reason is words; the command line says them in English.
        if (item?.status === 'skipped') expect(englishFor(item.reason)).toContain('Not a photo');
      }
    });

    it('reads the same wall-clock capture time as ExifTool, or falls back as specified', () => {
      let compared = 0;
      for (const reference of references) {
        const file = reference.SourceFile.slice(2);
        const item = byFile.get(file);
        if (item?.status !== 'photo') throw new Error(file);
        const date = reference.DateTimeOriginal ?? reference.CreateDate;
        if (date === undefined || VENDOR_ONLY_DATES[file]) {
          expect(item.capture.rule, file).toBe('file-time');
          expect(englishFor(item.note!), file).toContain('No capture date');
          continue;
        }
        const expected = referenceDate(date);
        expect(item.capture.wallTime, file).toBe(expected.wall);
        expect(item.capture.source, file).toMatch(
          reference.DateTimeOriginal ? /^DateTimeOriginal$/ : /^xmp /,
        );
        const offset =
          reference.OffsetTimeOriginal ??
          (reference.DateTimeOriginal ? undefined : expected.offset);
        if (offset !== undefined)
          expect([item.capture.rule, item.capture.zone], file).toEqual(['offset', offset]);
        compared += 1;
      }
      expect(compared).toBe(42); // 39 EXIF DateTimeOriginal + 3 XMP-only dates
    });

    it('reads the same GPS position as ExifTool, within 1e-6 degrees', () => {
      let withGps = 0;
      for (const reference of references) {
        const item = byFile.get(reference.SourceFile.slice(2));
        if (item?.status !== 'photo') throw new Error(reference.SourceFile);
        if (reference.GPSLatitude === undefined || reference.GPSLongitude === undefined) {
          expect(item.coordinates, reference.SourceFile).toBeNull();
          continue;
        }
        withGps += 1;
        expect(
          Math.abs(item.coordinates!.lat - reference.GPSLatitude),
          reference.SourceFile,
        ).toBeLessThan(1e-6);
        expect(
          Math.abs(item.coordinates!.lon - reference.GPSLongitude),
          reference.SourceFile,
        ).toBeLessThan(1e-6);
      }
      expect(withGps).toBe(11);
    });

    it('reads orientation, pixel size, make and model as ExifTool does', () => {
      for (const reference of references) {
        const item = byFile.get(reference.SourceFile.slice(2));
        if (item?.status !== 'photo') throw new Error(reference.SourceFile);
        expect(item.orientation, reference.SourceFile).toBe(reference.Orientation ?? 1);
        if (reference.ImageWidth !== undefined)
          expect([item.width, item.height], reference.SourceFile).toEqual([
            reference.ImageWidth,
            reference.ImageHeight,
          ]);
        // The vendor blocks that hold these files' dates hold their camera names too.
        const vendorOnly = VENDOR_ONLY_DATES[reference.SourceFile.slice(2)] !== undefined;
        expect(item.make, reference.SourceFile).toBe(vendorOnly ? undefined : reference.Make);
        expect(item.model, reference.SourceFile).toBe(vendorOnly ? undefined : reference.Model);
      }
    });

    it('places the GPS photos by the zone at their position, and the iPhone photo by its offset', () => {
      const dscn = byFile.get('jpg/gps/DSCN0010.jpg');
      // The camera clock and the GPS clock disagree by about 22 h, so GPS time is not trusted.
      expect(dscn).toMatchObject({
        capture: {
          rule: 'gps-zone',
          zone: 'Europe/Rome',
          capturedAt: Date.UTC(2008, 9, 22, 14, 28, 39) / 1000,
        },
      });
      const iphone = byFile.get('heic/IMG_5195.HEIC');
      expect(iphone).toMatchObject({
        format: 'heic',
        capture: {
          rule: 'offset',
          zone: '-05:00',
          capturedAt: Date.UTC(2021, 3, 11, 20, 47, 53) / 1000,
          capturedAtMs: Date.UTC(2021, 3, 11, 20, 47, 53) + 54,
        },
      });
      // A Lightroom XMP copy of the date supplies the offset the EXIF lacks.
      expect(byFile.get('jpg/Nikon_D70.jpg')).toMatchObject({
        capture: { rule: 'offset', zone: '-04:00', source: 'DateTimeOriginal' },
      });
    });
  },
);

import { execFile } from 'node:child_process';
import { mkdtemp, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import type { IntakeItem } from '../../../shared/domain/intake';
import { englishFor } from '../../../shared/i18n/words';
import { plainJpeg, writeTags } from '../../support/exiftool';
import { photoAt, runIntake } from '../../support/intake-harness';
import { needs } from '../../support/platform-needs';

const needsExiftool = needs('exiftool');

const ROOT = join(import.meta.dirname, '../../..');
const run = promisify(execFile);
const utc = (...parts: [number, number, number, number, number, number]) =>
  Date.UTC(parts[0], parts[1] - 1, parts[2], parts[3], parts[4], parts[5]) / 1000;
const NEW_YORK = {
  GPSLatitude: '40.7128',
  GPSLatitudeRef: 'N',
  GPSLongitude: '74.0060',
  GPSLongitudeRef: 'W',
};
const FILE_TIME = new Date('2023-05-06T07:08:09Z');

/** Every case: the tags written, then what intake must conclude. */
const CASES: Record<string, Record<string, string>> = {
  'explicit-offset.jpg': { DateTimeOriginal: '2024:03:10 12:00:00', OffsetTimeOriginal: '+05:30' },
  'offset-time-differs.jpg': {
    DateTimeOriginal: '2024:07:01 09:00:00',
    OffsetTimeOriginal: '+01:00',
    OffsetTime: '-08:00',
  },
  'only-offset-time.jpg': { DateTimeOriginal: '2024:07:01 09:00:00', OffsetTime: '-08:00' },
  'gps-time-only.jpg': {
    DateTimeOriginal: '2024:06:01 15:00:00',
    GPSDateStamp: '2024:06:01',
    GPSTimeStamp: '13:00:07',
  },
  'gps-time-across-midnight.jpg': {
    DateTimeOriginal: '2024:06:02 00:30:00',
    GPSDateStamp: '2024:06:01',
    GPSTimeStamp: '15:30:00',
  },
  'gps-time-far-off.jpg': {
    DateTimeOriginal: '2024:06:01 15:00:00',
    GPSDateStamp: '2024:06:03',
    GPSTimeStamp: '13:00:00',
  },
  'gps-position-before-dst.jpg': { DateTimeOriginal: '2024:03:09 12:00:00', ...NEW_YORK },
  'gps-position-after-dst.jpg': { DateTimeOriginal: '2024:03:11 12:00:00', ...NEW_YORK },
  'gps-position-in-dst-gap.jpg': { DateTimeOriginal: '2024:03:10 02:30:00', ...NEW_YORK },
  'gps-position-south-east.jpg': {
    DateTimeOriginal: '2024:01:15 10:00:00',
    GPSLatitude: '33.8688',
    GPSLatitudeRef: 'S',
    GPSLongitude: '151.2093',
    GPSLongitudeRef: 'E',
  },
  'gps-zero-zero.jpg': {
    DateTimeOriginal: '2024:01:15 10:00:00',
    GPSLatitude: '0',
    GPSLatitudeRef: 'N',
    GPSLongitude: '0',
    GPSLongitudeRef: 'E',
  },
  'subseconds.jpg': {
    DateTimeOriginal: '2024:01:15 10:00:00',
    SubSecTimeOriginal: '250',
    OffsetTimeOriginal: '+00:00',
  },
  'xmp-only-with-offset.jpg': { 'XMP-xmp:CreateDate': '2020:01:02 03:04:05+09:00' },
  // Written raw (the '#' suffix), as a camera with an unset clock writes it.
  'blank-exif-date.jpg': { 'DateTimeOriginal#': '0000:00:00 00:00:00' },
  'no-exif.jpg': {},
};

describe.skipIf(needsExiftool.skip)(
  needsExiftool.title('Capture time from generated edge cases (EXIF written by ExifTool)'),
  () => {
    let dir: string;
    let items: IntakeItem[];

    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'capture-cases-'));
      let seed = 0;
      for (const [name, tags] of Object.entries(CASES)) {
        const file = join(dir, name);
        await plainJpeg(file, (seed += 1));
        if (Object.keys(tags).length > 0) await writeTags(file, tags);
        await utimes(file, FILE_TIME, FILE_TIME);
      }
      ({ items } = await runIntake([dir], { zone: 'Asia/Tokyo' }));
    }, 120_000);

    it('uses an explicit OffsetTimeOriginal', () => {
      expect(photoAt(items, 'explicit-offset.jpg').capture).toMatchObject({
        rule: 'offset',
        zone: '+05:30',
        capturedAt: utc(2024, 3, 10, 6, 30, 0),
      });
    });

    it('uses OffsetTimeOriginal, never OffsetTime, when they differ', () => {
      expect(photoAt(items, 'offset-time-differs.jpg').capture).toMatchObject({
        rule: 'offset',
        zone: '+01:00',
        capturedAt: utc(2024, 7, 1, 8, 0, 0),
      });
      // OffsetTime alone belongs to ModifyDate: the batch's zone is assumed instead.
      expect(photoAt(items, 'only-offset-time.jpg').capture).toMatchObject({
        rule: 'assumed',
        zone: 'Asia/Tokyo',
        capturedAt: utc(2024, 7, 1, 0, 0, 0),
      });
    });

    it('derives the offset from GPS time, rounded to 15 minutes, across midnight too', () => {
      expect(photoAt(items, 'gps-time-only.jpg').capture).toMatchObject({
        rule: 'gps-time',
        zone: '+02:00',
        capturedAt: utc(2024, 6, 1, 13, 0, 0),
      });
      expect(photoAt(items, 'gps-time-across-midnight.jpg').capture).toMatchObject({
        rule: 'gps-time',
        zone: '+09:00',
        capturedAt: utc(2024, 6, 1, 15, 30, 0),
      });
    });

    it('ignores GPS time more than 14 hours from the camera clock', () => {
      expect(photoAt(items, 'gps-time-far-off.jpg').capture).toMatchObject({
        rule: 'assumed',
        zone: 'Asia/Tokyo',
      });
    });

    it('takes the zone at the GPS position, on both sides of a DST change', () => {
      expect(photoAt(items, 'gps-position-before-dst.jpg').capture).toMatchObject({
        rule: 'gps-zone',
        zone: 'America/New_York',
        capturedAt: utc(2024, 3, 9, 17, 0, 0),
      });
      expect(photoAt(items, 'gps-position-after-dst.jpg').capture).toMatchObject({
        rule: 'gps-zone',
        zone: 'America/New_York',
        capturedAt: utc(2024, 3, 11, 16, 0, 0),
      });
      // 02:30 did not exist in New York that night; the date library moves it forward an hour.
      expect(photoAt(items, 'gps-position-in-dst-gap.jpg').capture).toMatchObject({
        rule: 'gps-zone',
        capturedAt: utc(2024, 3, 10, 7, 30, 0),
      });
      const sydney = photoAt(items, 'gps-position-south-east.jpg');
      expect(sydney.capture).toMatchObject({
        rule: 'gps-zone',
        zone: 'Australia/Sydney',
        capturedAt: utc(2024, 1, 14, 23, 0, 0),
      });
      expect(sydney.coordinates!.lat).toBeCloseTo(-33.8688, 6);
      expect(sydney.coordinates!.lon).toBeCloseTo(151.2093, 6);
    });

    it('treats 0,0 as no position', () => {
      const photo = photoAt(items, 'gps-zero-zero.jpg');
      expect(photo.coordinates).toBeNull();
      expect(photo.capture).toMatchObject({
        rule: 'assumed',
        zone: 'Asia/Tokyo',
        capturedAt: utc(2024, 1, 15, 1, 0, 0),
      });
    });

    it('keeps sub-seconds for ordering but sends whole seconds', () => {
      expect(photoAt(items, 'subseconds.jpg').capture).toMatchObject({
        capturedAt: utc(2024, 1, 15, 10, 0, 0),
        capturedAtMs: utc(2024, 1, 15, 10, 0, 0) * 1000 + 250,
      });
    });

    it('falls back to an XMP date, then to the file time (low confidence)', () => {
      expect(photoAt(items, 'xmp-only-with-offset.jpg').capture).toMatchObject({
        rule: 'offset',
        zone: '+09:00',
        capturedAt: utc(2020, 1, 1, 18, 4, 5),
        source: 'xmp xmp:CreateDate',
      });
      for (const name of ['no-exif.jpg', 'blank-exif-date.jpg']) {
        const photo = photoAt(items, name);
        expect(photo.capture, name).toMatchObject({
          rule: 'file-time',
          zone: 'UTC',
          capturedAt: FILE_TIME.getTime() / 1000,
        });
        expect(englishFor(photo.note!)).toContain('low confidence');
      }
    });

    it('gives the same answers whatever the machine’s TZ (command line, two zones)', async () => {
      const outputs = await Promise.all(
        ['Pacific/Chatham', 'America/Los_Angeles'].map(async (tz) => {
          const { stdout } = await run(
            'npx',
            [
              '--no-install',
              'tsx',
              'main/cli/run.ts',
              'inspect',
              dir,
              '--zone',
              'Asia/Tokyo',
              '--json',
            ],
            {
              cwd: ROOT,
              env: { ...process.env, TZ: tz },
            },
          );
          return stdout
            .trim()
            .split('\n')
            .map((line) => JSON.parse(line) as { path: string })
            .sort((a, b) => a.path.localeCompare(b.path));
        }),
      );
      expect(outputs[0]).toHaveLength(Object.keys(CASES).length);
      expect(outputs[0]).toEqual(outputs[1]);
    });
  },
);

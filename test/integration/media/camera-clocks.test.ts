import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CameraOffset } from '../../../shared/domain/camera-clock';
import { suggestCameraOffsets } from '../../../shared/domain/camera-offset-suggestion';
import type { IntakeItem } from '../../../shared/domain/intake';
import { clockEvidence } from '../../../main/cli/camera-clock-lines';
import { plainJpeg, writeTags } from '../../support/exiftool';
import { photoAt, runIntake } from '../../support/intake-harness';
import { needs } from '../../support/platform-needs';
import { runCli } from '../../support/upload-harness';

const needsExiftool = needs('exiftool');

const utc = (iso: string) => Date.parse(iso) / 1000;
const ROME = {
  GPSLatitude: '41.9028',
  GPSLatitudeRef: 'N',
  GPSLongitude: '12.4964',
  GPSLongitudeRef: 'E',
};
const CANON = { Make: 'Canon', Model: 'Canon EOS 5D' };
const FUJI = { Make: 'FUJIFILM', Model: 'X-T3' };
const OLYMPUS = { Make: 'OLYMPUS IMAGING CORP.', Model: 'E-M5' };
const NIKON = { Make: 'NIKON CORPORATION', Model: 'NIKON D750' };
const SONY = { Make: 'SONY', Model: 'ILCE-7M3' };

/** Each photo's tags, written by ExifTool into a fresh JPEG. */
const CASES: Record<string, Record<string, string>> = {
  // EXIF 0xA431 (BodySerialNumber) is ExifTool's ExifIFD:SerialNumber.
  // The Canon's clock is 1 h 3 min behind; Rome is +01:00 in January (assumed zone).
  'canon-behind.jpg': { ...CANON, DateTimeOriginal: '2024:01:15 10:00:00' },
  // The Fuji is 1 h 3 min behind too, and its photos carry GPS time (Rome, +02:00 in June).
  'fuji-1.jpg': {
    ...FUJI,
    ...ROME,
    DateTimeOriginal: '2024:06:01 10:00:00',
    GPSDateStamp: '2024:06:01',
    GPSTimeStamp: '09:03:02',
  },
  'fuji-2.jpg': {
    ...FUJI,
    ...ROME,
    DateTimeOriginal: '2024:06:01 10:05:00',
    GPSDateStamp: '2024:06:01',
    GPSTimeStamp: '09:08:00',
  },
  'fuji-3.jpg': {
    ...FUJI,
    ...ROME,
    DateTimeOriginal: '2024:06:01 10:10:00',
    GPSDateStamp: '2024:06:01',
    GPSTimeStamp: '09:13:05',
  },
  // 23:30 the night before the spring change in Rome; +3 h 30 min makes it 03:00 (+02:00).
  'olympus-dst.jpg': { ...OLYMPUS, ...ROME, DateTimeOriginal: '2024:03:30 23:30:00' },
  'nikon-no-serial.jpg': { ...NIKON, DateTimeOriginal: '2024:01:15 10:00:00' },
  'sony-111.jpg': {
    ...SONY,
    'ExifIFD:SerialNumber': '111',
    DateTimeOriginal: '2024:01:15 10:00:00',
  },
  'sony-222.jpg': {
    ...SONY,
    'ExifIFD:SerialNumber': '222',
    DateTimeOriginal: '2024:01:15 10:00:00',
  },
};

const OFFSETS: CameraOffset[] = [
  { make: 'Canon', model: 'Canon EOS 5D', offsetSeconds: 3780 },
  { make: 'OLYMPUS IMAGING CORP.', model: 'E-M5', offsetSeconds: 3 * 3600 + 1800 },
  // Only for another Nikon body: the one without a serial keeps its time.
  { make: 'NIKON CORPORATION', model: 'NIKON D750', serial: '999', offsetSeconds: 600 },
  { make: 'SONY', model: 'ILCE-7M3', serial: '111', offsetSeconds: 600 },
  { make: 'SONY', model: 'ILCE-7M3', serial: '222', offsetSeconds: -300 },
];

describe.skipIf(needsExiftool.skip)(
  needsExiftool.title('Camera clocks (photos written by ExifTool)'),
  () => {
    let dir: string;
    let items: IntakeItem[];

    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'camera-clocks-'));
      let seed = 0;
      for (const [name, tags] of Object.entries(CASES)) {
        const file = join(dir, name);
        await plainJpeg(file, (seed += 1));
        await writeTags(file, tags);
      }
      ({ items } = await runIntake([dir], { zone: 'Europe/Rome', cameraOffsets: OFFSETS }));
    }, 120_000);

    it('corrects a camera 1 h 3 min behind and keeps its uncorrected time', () => {
      const photo = photoAt(items, 'canon-behind.jpg');
      expect(photo.capture).toMatchObject({
        rule: 'assumed',
        capturedAt: utc('2024-01-15T10:03:00Z'),
        wallTime: '2024-01-15T11:03:00',
        correction: {
          offsetSeconds: 3780,
          uncorrectedAt: utc('2024-01-15T09:00:00Z'),
          uncorrectedWallTime: '2024-01-15T10:00:00',
        },
      });
      expect(photo.serial).toBeUndefined();
    });

    it('suggests an offset from GPS time, naming the photos and the spread', () => {
      const fuji = photoAt(items, 'fuji-1.jpg');
      expect(fuji.capture.correction).toBeUndefined();
      expect(fuji.capture.gpsDifferenceSeconds).toBe(3782);
      const suggestions = suggestCameraOffsets(items.flatMap((item) => clockEvidence(item) ?? []));
      expect(suggestions).toEqual([
        {
          camera: { make: 'FUJIFILM', model: 'X-T3' },
          offsetSeconds: 3782,
          photos: 3,
          spreadSeconds: 5,
        },
      ]);
    });

    it('applies an offset across midnight and a DST change, in the zone at the position', () => {
      expect(photoAt(items, 'olympus-dst.jpg').capture).toMatchObject({
        rule: 'gps-zone',
        zone: 'Europe/Rome',
        wallTime: '2024-03-31T03:00:00',
        capturedAt: utc('2024-03-31T01:00:00Z'),
        correction: { uncorrectedAt: utc('2024-03-30T22:30:00Z') },
      });
    });

    it("leaves a camera with no serial alone when only another body's serial has an offset", () => {
      const nikon = photoAt(items, 'nikon-no-serial.jpg');
      expect(nikon.serial).toBeUndefined();
      expect(nikon.capture.correction).toBeUndefined();
      expect(nikon.capture.capturedAt).toBe(utc('2024-01-15T09:00:00Z'));
    });

    it('tells two bodies of the same model apart by serial', () => {
      const first = photoAt(items, 'sony-111.jpg');
      const second = photoAt(items, 'sony-222.jpg');
      expect([first.serial, second.serial]).toEqual(['111', '222']);
      expect(first.capture.capturedAt).toBe(utc('2024-01-15T09:10:00Z'));
      expect(second.capture.capturedAt).toBe(utc('2024-01-15T08:55:00Z'));
    });

    it('inspect --json gives the camera, the offset and the corrected time; suggests on stderr', async () => {
      const run = await runCli([
        'inspect',
        dir,
        '--zone',
        'Europe/Rome',
        '--json',
        '--camera-offset',
        'Canon EOS 5D=1 h 3 min behind',
        '--camera-offset',
        'SONY ILCE-7M3 #222=-5m',
      ]);
      expect(run.code, run.stderr).toBe(0);
      const records = run.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const record = (name: string) => records.find((entry) => String(entry.path).endsWith(name));
      expect(record('canon-behind.jpg')).toMatchObject({
        camera: { make: 'Canon', model: 'Canon EOS 5D', serial: null },
        camera_offset_s: 3780,
        captured_at: utc('2024-01-15T10:03:00Z'),
      });
      expect(record('sony-222.jpg')).toMatchObject({
        camera: { make: 'SONY', model: 'ILCE-7M3', serial: '222' },
        camera_offset_s: -300,
        captured_at: utc('2024-01-15T08:55:00Z'),
      });
      expect(record('sony-111.jpg')).toMatchObject({ camera_offset_s: 0 });
      expect(run.stderr).toContain(
        'suggested clock offset for FUJIFILM X-T3: 1 h 3 min 2 s behind (GPS time of 3 photos, spread 5 s)',
      );
    }, 60_000);

    it('inspect remembers an offset only in the data folder it is given', async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'camera-clocks-data-'));
      const canonOffset = async (args: readonly string[]) => {
        const run = await runCli(['inspect', join(dir, 'canon-behind.jpg'), '--json', ...args]);
        expect(run.code, run.stderr).toBe(0);
        return (JSON.parse(run.stdout) as Record<string, unknown>).camera_offset_s;
      };
      expect(
        await canonOffset(['--data-dir', dataDir, '--camera-offset', 'Canon EOS 5D=+1h03m']),
      ).toBe(3780);
      expect(await canonOffset(['--data-dir', dataDir])).toBe(3780);
      expect(await canonOffset([])).toBe(0);
      expect(await canonOffset(['--data-dir', dataDir, '--camera-offset', 'Canon EOS 5D=0'])).toBe(
        0,
      );
      expect(await canonOffset(['--data-dir', dataDir])).toBe(0);
    }, 90_000);
  },
);

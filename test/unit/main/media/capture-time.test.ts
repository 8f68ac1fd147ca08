import { afterEach, describe, expect, it } from 'vitest';
import { type CaptureInputs, resolveCaptureTime } from '../../../../main/media/capture-time';
import { formatOffset, parseOffset } from '../../../../main/media/offset';
import { parseDateTime, subSecondsMs } from '../../../../main/media/wall-time';

const base: CaptureInputs = {
  dates: [],
  gpsDate: undefined,
  gpsTime: undefined,
  position: null,
  fileModifiedMs: 1_700_000_000_123,
};
const dated = (
  value: string,
  extra: Partial<CaptureInputs['dates'][number]> = {},
): CaptureInputs => ({
  ...base,
  dates: [{ source: 'DateTimeOriginal', value, ...extra }],
});
const utc = (iso: string) => Date.parse(iso) / 1000;

describe('resolveCaptureTime', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  it('picks the first readable date and reports its source', () => {
    const inputs: CaptureInputs = {
      ...base,
      dates: [
        { source: 'DateTimeOriginal', value: '0000:00:00 00:00:00' },
        { source: 'CreateDate', value: '2020:02:29 10:00:00', offset: '+01:00' },
      ],
    };
    expect(resolveCaptureTime(inputs, 'UTC')).toMatchObject({
      source: 'CreateDate',
      rule: 'offset',
      capturedAt: utc('2020-02-29T09:00:00Z'),
    });
  });

  it('resolves a wall time that occurs twice (DST ending) to the second one, in standard time, as the date library does', () => {
    const inputs = { ...dated('2024:11:03 01:30:00'), position: { lat: 40.7128, lon: -74.006 } };
    expect(resolveCaptureTime(inputs, 'UTC')).toMatchObject({
      rule: 'gps-zone',
      capturedAt: utc('2024-11-03T06:30:00Z'),
    });
  });

  it('uses the GPS offset only within ±14 h and rounds it to 15 minutes', () => {
    const gps = (date: string, time: number[]) => ({
      ...dated('2024:06:01 12:00:00'),
      gpsDate: date,
      gpsTime: time,
    });
    expect(resolveCaptureTime(gps('2024:06:01', [6, 37, 55]), 'UTC')).toMatchObject({
      rule: 'gps-time',
      zone: '+05:15',
    });
    expect(resolveCaptureTime(gps('2024:06:02', [2, 0, 0]), 'UTC')).toMatchObject({
      rule: 'gps-time',
      zone: '-14:00',
    });
    expect(resolveCaptureTime(gps('2024:06:02', [2, 30, 0]), 'UTC').rule).toBe('assumed');
    expect(resolveCaptureTime(gps('garbage', [2, 30, 0]), 'UTC').rule).toBe('assumed');
    expect(resolveCaptureTime(gps('2024:06:01', [25, 0, 0]), 'UTC').rule).toBe('assumed');
  });

  it('falls back to the file time when no date can be read', () => {
    expect(resolveCaptureTime(dated('not a date'), 'UTC')).toEqual({
      capturedAt: 1_700_000_000,
      capturedAtMs: 1_700_000_000_123,
      rule: 'file-time',
      zone: 'UTC',
      wallTime: undefined,
      source: 'file modification time',
    });
  });

  it('never depends on the machine’s zone', () => {
    const inputs = dated('2024:03:31 02:30:00');
    const answers = ['Pacific/Chatham', 'America/Los_Angeles', 'Asia/Kathmandu', 'UTC'].map(
      (tz) => {
        process.env.TZ = tz;
        return resolveCaptureTime(inputs, 'Europe/Berlin');
      },
    );
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    // 02:30 does not exist in Berlin that night; it is read as 03:30 CEST.
    expect(answers[0]!.capturedAt).toBe(utc('2024-03-31T01:30:00Z'));
  });
});

describe('offsets, dates and sub-seconds', () => {
  it('parses EXIF and ISO offsets and refuses blanks and impossible ones', () => {
    expect([
      parseOffset('+02:00'),
      parseOffset('-0530'),
      parseOffset('Z'),
      parseOffset('+14:00'),
    ]).toEqual([120, -330, 0, 840]);
    for (const raw of ['   :  ', '+15:00', '-13:00', '+02:60', '2', undefined])
      expect(parseOffset(raw), String(raw)).toBeUndefined();
    expect([formatOffset(-330), formatOffset(0), formatOffset(585)]).toEqual([
      '-05:30',
      '+00:00',
      '+09:45',
    ]);
  });

  it('parses EXIF and XMP dates, and refuses blank or impossible ones', () => {
    expect(parseDateTime('2008:10:22 16:28:39')).toEqual({
      wall: { year: 2008, month: 10, day: 22, hour: 16, minute: 28, second: 39 },
      offsetText: undefined,
    });
    expect(parseDateTime('2013-09-23T10:09:46.5+02:00')?.offsetText).toBe('+02:00');
    expect(parseDateTime('2005-12-17T22:03:32Z')?.offsetText).toBe('Z');
    expect(parseDateTime('2024-02-29T10:00')?.wall.second).toBe(0);
    for (const raw of [
      '0000:00:00 00:00:00',
      '2023:02:29 10:00:00',
      '2024:13:01 00:00:00',
      '2003-08-31',
      '    :  :     :  :  ',
      '',
    ]) {
      expect(parseDateTime(raw), raw).toBeUndefined();
    }
  });

  it('reads sub-seconds as fractions', () => {
    expect([
      subSecondsMs('054'),
      subSecondsMs('5'),
      subSecondsMs('123456'),
      subSecondsMs('x'),
      subSecondsMs(undefined),
    ]).toEqual([54, 500, 123, 0, 0]);
  });
});

describe('resolveCaptureTime with a camera clock offset', () => {
  it('corrects the wall time before the zone rules and keeps the uncorrected time', () => {
    // Rome in winter is +01:00; the camera is 1 h 3 min behind.
    const capture = resolveCaptureTime(dated('2024:01:15 10:00:00'), 'Europe/Rome', 3780);
    expect(capture).toMatchObject({
      capturedAt: utc('2024-01-15T10:03:00Z'),
      wallTime: '2024-01-15T11:03:00',
      correction: {
        offsetSeconds: 3780,
        uncorrectedAt: utc('2024-01-15T09:00:00Z'),
        uncorrectedWallTime: '2024-01-15T10:00:00',
      },
    });
  });

  it('takes the zone rule of the corrected wall time across midnight and a DST change', () => {
    // 2024-03-31 00:30 in Rome is +01:00; corrected by +2h30m it is 03:00, after the change (+02:00).
    const capture = resolveCaptureTime(dated('2024:03:31 00:30:00'), 'Europe/Rome', 9000);
    expect(capture.capturedAt).toBe(utc('2024-03-31T01:00:00Z'));
    expect(capture.correction?.uncorrectedAt).toBe(utc('2024-03-30T23:30:00Z'));
  });

  it('measures the clock against GPS time in the zone the other rules decide', () => {
    const inputs: CaptureInputs = {
      ...dated('2024:06:01 10:00:00'),
      gpsDate: '2024:06:01',
      gpsTime: [9, 3, 0],
      position: { lat: 41.9, lon: 12.5 },
    };
    // Rome is +02:00 in June: the camera says 08:00Z, GPS says 09:03Z.
    expect(resolveCaptureTime(inputs, 'UTC').gpsDifferenceSeconds).toBe(3780);
    const corrected = resolveCaptureTime(inputs, 'UTC', 3780);
    expect(corrected.gpsDifferenceSeconds).toBe(0);
    expect(corrected.capturedAt).toBe(utc('2024-06-01T09:03:00Z'));
    expect(resolveCaptureTime(dated('2024:06:01 10:00:00'), 'UTC').gpsDifferenceSeconds).toBe(
      undefined,
    );
  });

  it('applies no correction to file times', () => {
    expect(resolveCaptureTime(base, 'UTC', 3600).correction).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { gpsPosition } from '../../../../main/media/gps-position';
import { jpegScanStart } from '../../../../main/media/jpeg-structure';
import { junkReason } from '../../../../main/media/junk-files';

describe('gpsPosition', () => {
  const tags = (
    latitude: unknown,
    latitudeRef: unknown,
    longitude: unknown,
    longitudeRef: unknown,
  ) => ({ latitude, latitudeRef, longitude, longitudeRef });

  it('turns degrees, minutes and seconds into signed decimal degrees', () => {
    expect(gpsPosition(tags([43, 28, 2.814], 'N', [11, 53, 6.456], 'E'))).toEqual({
      lat: 43 + 28 / 60 + 2.814 / 3600,
      lon: 11 + 53 / 60 + 6.456 / 3600,
    });
    expect(gpsPosition(tags([0, 22.278, 0], 'S', [36, 3.385, 0], 'E'))?.lat).toBeCloseTo(
      -0.3713,
      9,
    );
    expect(gpsPosition(tags(33.5, 'S', 70.25, 'W'))).toEqual({ lat: -33.5, lon: -70.25 });
  });

  it('counts 0,0, NaN, out-of-range and missing values as no position', () => {
    expect(gpsPosition(tags([0, 0, 0], 'N', [0, 0, 0], 'E'))).toBeNull();
    expect(gpsPosition(tags([Number.NaN, 0, 0], 'N', [1, 0, 0], 'E'))).toBeNull();
    expect(gpsPosition(tags([91, 0, 0], 'N', [1, 0, 0], 'E'))).toBeNull();
    expect(gpsPosition(tags([1, 0, 0], 'N', [181, 0, 0], 'E'))).toBeNull();
    expect(gpsPosition(tags(undefined, 'N', [1, 0, 0], 'E'))).toBeNull();
    expect(gpsPosition(tags(['a', 0, 0], 'N', [1, 0, 0], 'E'))).toBeNull();
  });
});

describe('junkReason', () => {
  it('names system files and hidden names, and lets photos through', () => {
    expect(junkReason('.DS_Store')).toBe('Skipped: macOS folder settings file');
    expect(junkReason('THUMBS.DB')).toBe('Skipped: Windows thumbnail cache');
    expect(junkReason('._IMG_0001.JPG')).toContain('AppleDouble');
    expect(junkReason('__MACOSX')).toContain('archive');
    expect(junkReason('.git')).toBe('Skipped: hidden file');
    expect(junkReason('~$report.docx')).toContain('temporary');
    expect(junkReason('IMG_0001.JPG')).toBeUndefined();
    expect(junkReason('site photos 2024')).toBeUndefined();
  });
});

describe('jpegScanStart', () => {
  const segment = (marker: number, length: number) =>
    Buffer.concat([
      Buffer.from([0xff, marker]),
      Buffer.from([length >> 8, length & 0xff]),
      Buffer.alloc(length - 2, 0xd9),
    ]);

  it('skips APP segments whole, whatever bytes they hold', () => {
    const head = Buffer.concat([
      Buffer.from([0xff, 0xd8]),
      segment(0xe1, 300),
      segment(0xdb, 67),
      Buffer.from([0xff, 0xda, 0, 12]),
    ]);
    expect(jpegScanStart(head)).toEqual({ kind: 'found', offset: 2 + 302 + 69 });
  });

  it('says when the bytes end inside the metadata, and when the structure cannot be followed', () => {
    expect(
      jpegScanStart(
        Buffer.concat([Buffer.from([0xff, 0xd8]), segment(0xe1, 300)]).subarray(0, 150),
      ),
    ).toEqual({ kind: 'ended' });
    expect(jpegScanStart(Buffer.from([0xff, 0xd8, 0x12, 0x34, 0, 0]))).toEqual({ kind: 'unknown' });
    expect(jpegScanStart(Buffer.from('not a jpeg'))).toEqual({ kind: 'unknown' });
  });
});

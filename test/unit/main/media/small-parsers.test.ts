import { describe, expect, it } from 'vitest';
import { gpsPosition } from '../../../../main/media/gps-position';
import { jpegLayout, pngSize } from '../../../../main/media/jpeg-structure';
import { junkReason } from '../../../../main/media/junk-files';
import { englishFor } from '../../../../shared/i18n/words';

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
    const english = (name: string) => {
      const reason = junkReason(name);
      return reason && englishFor(reason);
    };
    expect(english('.DS_Store')).toBe('macOS folder settings file');
    expect(english('THUMBS.DB')).toBe('Windows thumbnail cache');
    expect(english('._IMG_0001.JPG')).toContain('AppleDouble');
    expect(english('__MACOSX')).toContain('archive');
    expect(english('.git')).toBe('Hidden file');
    expect(english('~$report.docx')).toContain('Temporary');
    expect(junkReason('IMG_0001.JPG')).toBeUndefined();
    expect(junkReason('site photos 2024')).toBeUndefined();
  });
});

describe('jpegLayout', () => {
  const segment = (marker: number, body: Buffer) =>
    Buffer.concat([
      Buffer.from([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff]),
      body,
    ]);
  const frame = segment(
    0xc0,
    Buffer.from([8, 0x03, 0xc0, 0x05, 0x00, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]),
  );

  it('skips APP segments whole, whatever bytes they hold, and reads the frame size', () => {
    const head = Buffer.concat([
      Buffer.from([0xff, 0xd8]),
      segment(0xe1, Buffer.alloc(298, 0xd9)),
      segment(0xdb, Buffer.alloc(65)),
      frame,
      Buffer.from([0xff, 0xda, 0, 12]),
    ]);
    expect(jpegLayout(head)).toEqual({
      kind: 'found',
      scanStart: 2 + 302 + 69 + frame.length,
      width: 1280,
      height: 960,
    });
  });

  it('says when the bytes end inside the metadata, and when the structure cannot be followed', () => {
    const head = Buffer.concat([Buffer.from([0xff, 0xd8]), segment(0xe1, Buffer.alloc(298))]);
    expect(jpegLayout(head.subarray(0, 150))).toEqual({ kind: 'ended' });
    expect(jpegLayout(Buffer.from([0xff, 0xd8, 0x12, 0x34, 0, 0]))).toEqual({ kind: 'unknown' });
    expect(jpegLayout(Buffer.from('not a jpeg'))).toEqual({ kind: 'unknown' });
  });
});

describe('pngSize', () => {
  it('reads the IHDR chunk', () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    expect(pngSize(png)).toEqual({ width: 1, height: 1 });
    expect(pngSize(Buffer.from('short'))).toBeUndefined();
  });
});

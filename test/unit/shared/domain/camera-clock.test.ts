import { describe, expect, it } from 'vitest';
import {
  type CameraOffset,
  cameraLabel,
  findCameraOffset,
  withCameraOffset,
} from '../../../../shared/domain/camera-clock';
import { suggestCameraOffsets } from '../../../../shared/domain/camera-offset-suggestion';

const canon = { make: 'Canon', model: 'Canon EOS 5D' };
const offsets: CameraOffset[] = [
  { ...canon, serial: 'A1', offsetSeconds: 60 },
  { ...canon, offsetSeconds: 3780 },
  { make: 'NIKON', model: 'D750', serial: 'B2', offsetSeconds: -30 },
];

describe('findCameraOffset', () => {
  it("prefers the body's own entry, then the model's entry without a serial", () => {
    expect(findCameraOffset(offsets, { ...canon, serial: 'A1' })?.offsetSeconds).toBe(60);
    expect(findCameraOffset(offsets, { ...canon, serial: 'Z9' })?.offsetSeconds).toBe(3780);
    expect(findCameraOffset(offsets, canon)?.offsetSeconds).toBe(3780);
  });

  it('tells two bodies of a model apart and ignores case and padding of make and model', () => {
    expect(
      findCameraOffset(offsets, { make: 'nikon ', model: 'D750', serial: 'B2' })?.offsetSeconds,
    ).toBe(-30);
    expect(findCameraOffset(offsets, { make: 'NIKON', model: 'D750', serial: 'B3' })).toBe(
      undefined,
    );
    expect(findCameraOffset(offsets, undefined)).toBeUndefined();
  });

  it('replaces, adds and removes (offset 0) entries', () => {
    const replaced = withCameraOffset(offsets, { ...canon, offsetSeconds: 10 });
    expect(replaced.map((entry) => entry.offsetSeconds)).toEqual([60, 10, -30]);
    expect(withCameraOffset(offsets, { make: 'X', model: 'Y', offsetSeconds: 5 })).toHaveLength(4);
    expect(withCameraOffset(offsets, { ...canon, serial: 'A1', offsetSeconds: 0 })).toHaveLength(2);
  });

  it('names a camera without repeating the make', () => {
    expect(cameraLabel({ ...canon, serial: 'A1' })).toBe('Canon EOS 5D #A1');
    expect(cameraLabel({ make: 'NIKON', model: 'D750' })).toBe('NIKON D750');
  });
});

describe('suggestCameraOffsets', () => {
  const photo = (gpsDifferenceSeconds: number, camera = canon, appliedOffsetSeconds = 0) => ({
    camera,
    appliedOffsetSeconds,
    gpsDifferenceSeconds,
  });

  it('suggests the median disagreement, with the count and spread as evidence', () => {
    expect(suggestCameraOffsets([photo(3779), photo(3781), photo(3785)])).toEqual([
      { camera: canon, offsetSeconds: 3781, photos: 3, spreadSeconds: 6 },
    ]);
  });

  it('rounds to the minute when the photos disagree by a minute or more', () => {
    expect(suggestCameraOffsets([photo(3700), photo(3790), photo(3800)])).toEqual([
      { camera: canon, offsetSeconds: 3780, photos: 3, spreadSeconds: 100 },
    ]);
  });

  it('says nothing for clocks within 2 minutes of GPS', () => {
    expect(suggestCameraOffsets([photo(119), photo(-120), photo(100)])).toEqual([]);
    expect(suggestCameraOffsets([photo(121)])).toHaveLength(1);
  });

  it('keeps cameras apart and adds to the offset already applied (65¾ min → 66 min)', () => {
    const other = { ...canon, serial: 'A1' };
    const suggestions = suggestCameraOffsets([
      photo(-600, other),
      photo(300, canon, 3780),
      photo(30, canon, 3780),
    ]);
    expect(suggestions).toEqual([
      { camera: other, offsetSeconds: -600, photos: 1, spreadSeconds: 0 },
      { camera: canon, offsetSeconds: 3960, photos: 2, spreadSeconds: 270 },
    ]);
  });
});

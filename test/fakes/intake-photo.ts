import type { IntakePhoto } from '../../shared/domain/intake';

/**
 * What intake says of a plain photo at `path` with the bytes `md5`: a 10-byte JPEG, no position,
 * its time from the file's modification time in UTC; `change` on top.
 */
export function intakePhoto(
  path: string,
  md5: string,
  change: Partial<IntakePhoto> = {},
): IntakePhoto {
  return {
    status: 'photo',
    path,
    format: 'jpeg',
    size: 10,
    capture: {
      capturedAt: 0,
      capturedAtMs: 0,
      rule: 'file-time',
      zone: 'UTC',
      wallTime: undefined,
      source: 'file modification time',
    },
    coordinates: null,
    width: undefined,
    height: undefined,
    orientation: 1,
    make: undefined,
    model: undefined,
    md5,
    duplicateOf: undefined,
    note: undefined,
    ...change,
  };
}

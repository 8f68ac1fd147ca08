import type { Coordinates } from '../../shared/domain/intake';

/** One GPS coordinate as EXIF stores it: `[degrees, minutes, seconds]` or already decimal. */
function decimalDegrees(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (!Array.isArray(value) || value.length === 0 || value.length > 3) return undefined;
  const parts = value.map((part) => (typeof part === 'number' ? part : Number.NaN));
  const [degrees = 0, minutes = 0, seconds = 0] = parts;
  return degrees + minutes / 60 + seconds / 3600;
}

/**
 * Signed decimal coordinates from EXIF `GPSLatitude`/`GPSLatitudeRef`/`GPSLongitude`/
 * `GPSLongitudeRef`. Missing parts, NaN, out-of-range values and 0,0 (a receiver without a fix)
 * count as no position.
 */
export function gpsPosition(tags: {
  readonly latitude: unknown;
  readonly latitudeRef: unknown;
  readonly longitude: unknown;
  readonly longitudeRef: unknown;
}): Coordinates | null {
  const latitude = decimalDegrees(tags.latitude);
  const longitude = decimalDegrees(tags.longitude);
  if (latitude === undefined || longitude === undefined) return null;
  const lat = tags.latitudeRef === 'S' ? -Math.abs(latitude) : latitude;
  const lon = tags.longitudeRef === 'W' ? -Math.abs(longitude) : longitude;
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  if (lat === 0 && lon === 0) return null;
  return { lat, lon };
}

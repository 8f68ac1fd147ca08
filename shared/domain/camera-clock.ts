import { z } from 'zod';
import { MAX_CLOCK_OFFSET_SECONDS } from './clock-offset-words';

/** A camera body as its photos name it: make and model, plus the body serial when EXIF has it. */
export type CameraIdentity = {
  readonly make: string;
  readonly model: string;
  /** EXIF `BodySerialNumber`; undefined when the camera does not write it. */
  readonly serial?: string | undefined;
};

/**
 * A camera's clock offset: seconds added to its wall time to make it right, before the zone
 * rules. Positive when the camera's clock is behind ("1 h 3 min behind" is +3780).
 */
export type CameraOffset = CameraIdentity & { readonly offsetSeconds: number };

/** A saved camera offset, as the settings file and `settings:set` take it. */
export const cameraOffsetSchema = z
  .object({
    make: z.string().trim().min(1).max(200),
    model: z.string().trim().min(1).max(200),
    serial: z.string().trim().min(1).max(200).optional(),
    offsetSeconds: z.number().int().min(-MAX_CLOCK_OFFSET_SECONDS).max(MAX_CLOCK_OFFSET_SECONDS),
  })
  .strict();

/** The saved offsets: at most this many cameras. */
export const MAX_CAMERA_OFFSETS = 200;

/** Make and model compare ignoring case and surrounding or repeated spaces (EXIF pads them). */
function sameText(left: string, right: string): boolean {
  const normal = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase();
  return normal(left) === normal(right);
}

/** True when `a` and `b` name the same entry: same make, model and serial (or both none). */
export function sameCamera(a: CameraIdentity, b: CameraIdentity): boolean {
  return (
    sameText(a.make, b.make) &&
    sameText(a.model, b.model) &&
    (a.serial ?? '').trim() === (b.serial ?? '').trim()
  );
}

/**
 * The offset that applies to a photo's camera: the entry for its body (same serial) first, then
 * an entry for the model without a serial (it covers every body of that model whose own serial
 * has no entry). Undefined when none applies.
 */
export function findCameraOffset(
  offsets: readonly CameraOffset[],
  camera: CameraIdentity | undefined,
): CameraOffset | undefined {
  if (camera === undefined) return undefined;
  // Typed names are forgiven the make's suffix ("NIKON" for "NIKON CORPORATION") and a model
  // without the make it repeats ("EOS 5D" for "Canon EOS 5D").
  const makeMatches = (make: string) =>
    sameText(make, camera.make) ||
    camera.make.trim().toLowerCase().startsWith(`${make.trim().toLowerCase()} `);
  const modelMatches = (entry: CameraIdentity) =>
    sameText(entry.model, camera.model) || sameText(`${entry.make} ${entry.model}`, camera.model);
  const sameModel = offsets.filter((entry) => makeMatches(entry.make) && modelMatches(entry));
  const serial = camera.serial?.trim();
  const ownBody =
    serial === undefined || serial === ''
      ? undefined
      : sameModel.find((entry) => entry.serial?.trim() === serial);
  return ownBody ?? sameModel.find((entry) => (entry.serial?.trim() ?? '') === '');
}

/** The camera of a photo, when its EXIF names both make and model. */
export function cameraOf(photo: {
  readonly make: string | undefined;
  readonly model: string | undefined;
  readonly serial?: string | undefined;
}): CameraIdentity | undefined {
  if (photo.make === undefined || photo.model === undefined) return undefined;
  return photo.serial === undefined
    ? { make: photo.make, model: photo.model }
    : { make: photo.make, model: photo.model, serial: photo.serial };
}

/** `Canon EOS 5D #0123` — how a camera is named to the user. */
export function cameraLabel(camera: CameraIdentity): string {
  const model = camera.model.trim();
  const make = camera.make.trim();
  // Many cameras repeat the make in the model ("Canon" / "Canon EOS 5D").
  const name = model.toLowerCase().startsWith(make.toLowerCase()) ? model : `${make} ${model}`;
  return camera.serial ? `${name} #${camera.serial.trim()}` : name;
}

/**
 * `offsets` with `entry` put in place of the entry for the same camera (or added at the end);
 * an offset of 0 removes the entry.
 */
export function withCameraOffset(
  offsets: readonly CameraOffset[],
  entry: CameraOffset,
): CameraOffset[] {
  const others = offsets.filter((existing) => !sameCamera(existing, entry));
  if (entry.offsetSeconds === 0) return others;
  const index = offsets.findIndex((existing) => sameCamera(existing, entry));
  if (index === -1) return [...others, entry];
  return [...others.slice(0, index), entry, ...others.slice(index)];
}

import type { Words } from '../i18n/translator';
import type { CameraOffset } from './camera-clock';

/** Image formats the Photo Service stores, recognised by magic bytes. */
export type PhotoFormat = 'jpeg' | 'png' | 'heic' | 'tiff' | 'webp';

/** How the zone of `captured_at` was decided (architecture, "Capture time"). */
export type CaptureRule = 'offset' | 'gps-time' | 'gps-zone' | 'assumed' | 'file-time';

export type Coordinates = { readonly lat: number; readonly lon: number };

/** When a photo was taken, and how sure we are. */
export type CaptureTime = {
  /** The instant, in whole seconds since the epoch (what the service takes). */
  readonly capturedAt: number;
  /** The same instant in milliseconds, sub-seconds included, for ordering photos. */
  readonly capturedAtMs: number;
  readonly rule: CaptureRule;
  /** The offset (`+02:00`) or IANA zone (`Europe/Rome`) used; `UTC` for file times. */
  readonly zone: string;
  /** The camera's wall-clock time (`2008-10-22T16:28:39`), when there was one. */
  readonly wallTime: string | undefined;
  /** Which tag the time came from, e.g. `DateTimeOriginal`, `xmp:CreateDate`, `file modification time`. */
  readonly source: string;
  /** Set when a camera clock offset was applied to the wall time (before the zone rules). */
  readonly correction?: ClockCorrection | undefined;
  /**
   * GPS time minus the capture time (seconds), the wall time read in the zone the rules other
   * than GPS time decide; only for photos with GPS time. What suggests a camera clock offset.
   */
  readonly gpsDifferenceSeconds?: number | undefined;
};

/** A camera clock correction applied to a photo, with the time it had without it. */
export type ClockCorrection = {
  /** Seconds added to the camera's wall time. */
  readonly offsetSeconds: number;
  /** `capturedAt` without the correction. */
  readonly uncorrectedAt: number;
  /** The camera's own wall-clock reading, uncorrected. */
  readonly uncorrectedWallTime: string | undefined;
};

/**
 * What a photo file was on disk when intake read it: its device and inode (decimal strings: they
 * may exceed 2^53), its size in bytes and its modification time in nanoseconds (a decimal string).
 * The upload checks the file it opens against it, so a file or folder swapped since is refused.
 */
export type FileIdentity = {
  readonly dev: string;
  readonly ino: string;
  readonly size: number;
  readonly mtimeNs: string;
};

/**
 * One intake result: a photo ready to upload, a file skipped with a reason, or an error. The
 * reason is {@link Words} (issue 24 §2): the window says it in its language, the command line in
 * English (`englishFor`).
 */
export type IntakeItem =
  | {
      readonly status: 'photo';
      readonly path: string;
      readonly format: PhotoFormat;
      readonly size: number;
      readonly capture: CaptureTime;
      readonly coordinates: Coordinates | null;
      readonly width: number | undefined;
      readonly height: number | undefined;
      /** EXIF orientation 1–8 (1 when absent). */
      readonly orientation: number;
      readonly make: string | undefined;
      readonly model: string | undefined;
      /** The camera body's serial (EXIF `BodySerialNumber`), when written. */
      readonly serial?: string | undefined;
      readonly md5: string;
      /** Set when the same bytes were already seen in this intake, or uploaded before. */
      readonly duplicateOf: DuplicateOf | undefined;
      /**
       * Something the user should know although the photo can be uploaded (unreadable EXIF, no
       * capture date…), in words.
       */
      readonly note: Words | undefined;
      /** The file as it was read (from the handle its MD5 was read through). */
      readonly identity?: FileIdentity | undefined;
    }
  | { readonly status: 'skipped'; readonly path: string; readonly reason: Words }
  | { readonly status: 'error'; readonly path: string; readonly reason: Words };

/** An intake result that is a photo. */
export type IntakePhoto = Extract<IntakeItem, { status: 'photo' }>;

export type DuplicateOf =
  | { readonly kind: 'in-this-batch'; readonly path: string }
  | { readonly kind: 'already-uploaded'; readonly photoId: string | undefined };

/** Options of one intake run. */
export type IntakeOptions = {
  /** The IANA zone assumed for photos whose zone nothing else decides; preset to the computer's. */
  readonly assumedZone: string;
  /** Saved camera clock offsets, applied to the wall time of their cameras' photos. */
  readonly cameraOffsets?: readonly CameraOffset[] | undefined;
};

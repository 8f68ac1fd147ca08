import type { FileHandle } from 'node:fs/promises';
import type { PhotoFormat } from '../../shared/domain/intake';
import type { Words } from '../../shared/i18n/translator';
import { englishFor } from '../../shared/i18n/words';
import type { BandwidthLimiter } from './bandwidth-limiter';

/** A photo to put where the service can download it. */
export type StageRequest = {
  /** The photo as it was queued (the original, also when a JPEG made from it is sent). */
  readonly path: string;
  /**
   * The bytes in `file` were made from `path` (a HEIC or TIFF converted to JPEG), so they are not
   * at `path`: a host that serves files where they lie must put these bytes somewhere of its own.
   */
  readonly converted?: boolean | undefined;
  readonly md5: string;
  readonly format: PhotoFormat;
  /** Bytes to send: exactly these, from the start of the file. */
  readonly size: number;
  /**
   * The file, already opened and checked (`openQueuedFile`): a host that sends bytes reads them
   * from here, never from `path` again, so a file swapped after the check is not sent. The
   * caller closes it.
   */
  readonly file?: FileHandle | undefined;
  /** Told the bytes sent so far while the file's bytes stream to the host (hosts that send any). */
  readonly onProgress?: ((bytesSent: number) => void) | undefined;
  /** The engine's one bandwidth cap, shared by every lane: hosts that send bytes go no faster. */
  readonly bandwidth?: BandwidthLimiter | undefined;
};

/** Where the service will download the photo from, and until when that address works. */
export type Staged = {
  readonly uri: string;
  /** ms since the epoch; undefined when the address does not expire. */
  readonly expiresAt: number | undefined;
  /** Bytes sent to make it available (0 when it was already there). */
  readonly bytesSent: number;
};

/**
 * Turns a local file into an http(s) URL the Photo Service can fetch itself (v2 has no upload of
 * bytes). Staging the same photo again is safe: it lands in the same place.
 */
export interface PhotoHost {
  /** A short name for logs and the report: `s3`, `published`. */
  readonly kind: string;
  /** How long a URL it hands out works, in ms; undefined when its URLs do not expire. */
  readonly urlLifetimeMs?: number | undefined;
  /**
   * @throws StagingError when the file cannot be staged (the reason says why); network failures
   * throw NetworkError.
   */
  stage(request: StageRequest, signal?: AbortSignal): Promise<Staged>;
  /** Checks the configuration works (the settings screen's Test button). */
  test(signal?: AbortSignal): Promise<void>;
  /**
   * The local folder a photo must sit in for this host to stage it (a published folder); none
   * when any local file can be staged. The host test writes its test image there.
   */
  readonly localFolder?: string | undefined;
  /** Removes what `stage` put on the host for `request` (the host test cleans up after itself). */
  discard?(request: StageRequest, signal?: AbortSignal): Promise<void>;
}

/** A photo that cannot be staged for a reason only the user can fix. */
export class StagingError extends Error {
  override readonly name = 'StagingError';
  readonly code = 'staging';

  /** `words`: why, as the queue keeps it (`message` is their English, for the logs). */
  constructor(readonly words: Words) {
    super(englishFor(words));
  }
}

/** The file extension a content-addressed key gets for each format. */
export const EXTENSIONS: Readonly<Record<PhotoFormat, string>> = {
  jpeg: 'jpg',
  png: 'png',
  heic: 'heic',
  tiff: 'tif',
  webp: 'webp',
};

export const CONTENT_TYPES: Readonly<Record<PhotoFormat, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  heic: 'image/heic',
  tiff: 'image/tiff',
  webp: 'image/webp',
};

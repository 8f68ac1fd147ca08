import type { CameraOffset } from '../../shared/domain/camera-clock';
import type { FileIdentity, IntakeItem, PhotoFormat } from '../../shared/domain/intake';
import type { ConvertedFormat } from './convert-to-jpeg';
import type { CrawledFile, CrawlEntry } from './crawl';
import type { MetadataResult } from './inspect-file';

/** What a media worker does: `full` = metadata and MD5, as the intake needs. */
export type InspectMode = 'full' | 'metadata' | 'hash';

/** Only the MD5 pass (for measuring it alone). */
export type HashOnly =
  | {
      readonly status: 'hashed';
      readonly path: string;
      readonly md5: string;
      readonly size: number;
    }
  | Extract<IntakeItem, { status: 'error' }>;

export type InspectResult = IntakeItem | MetadataResult | HashOnly;

export type WorkerRequest =
  | {
      readonly type: 'crawl';
      readonly id: number;
      readonly roots: readonly string[];
      /** See `crawl`'s option of that name (default: true). */
      readonly followRootLinks?: boolean;
      /** Ignore patterns (see `crawl`'s option of that name). */
      readonly ignore?: readonly string[] | undefined;
      /** Where `ignore` came from (see `crawl`). */
      readonly ignoreSource?: 'flag' | 'rule' | undefined;
    }
  | {
      readonly type: 'inspect';
      readonly id: number;
      readonly files: readonly CrawledFile[];
      readonly assumedZone: string;
      readonly mode: InspectMode;
      /** Files larger than this (bytes) are refused before they are read. */
      readonly maxFileBytes: number;
      /** Saved camera clock offsets, applied to their cameras' wall times. */
      readonly cameraOffsets?: readonly CameraOffset[];
    }
  | {
      readonly type: 'thumbnail';
      readonly id: number;
      readonly path: string;
      readonly format: PhotoFormat;
      readonly orientation: number;
      readonly target: string;
      /** The file as intake read it, when known: no other file is read (see `readRegularFile`). */
      readonly expected?: FileIdentity | undefined;
    }
  | {
      /** A HEIC/HEIF or TIFF photo converted to a JPEG at `target` (for its upload). */
      readonly type: 'convert-to-jpeg';
      readonly id: number;
      readonly path: string;
      readonly format: ConvertedFormat;
      readonly target: string;
    };

export type WorkerResponse =
  /** Sent once, when the worker has loaded and can take requests. */
  | { readonly type: 'ready'; readonly id: 0 }
  | { readonly type: 'crawled'; readonly id: number; readonly entries: readonly CrawlEntry[] }
  /** The result of file `index` of an `inspect` request, in the request's order. */
  | {
      readonly type: 'result';
      readonly id: number;
      readonly index: number;
      readonly result: InspectResult;
    }
  | { readonly type: 'thumbnail'; readonly id: number; readonly source: 'embedded' | 'decoded' }
  | { readonly type: 'done'; readonly id: number }
  | { readonly type: 'failed'; readonly id: number; readonly message: string };

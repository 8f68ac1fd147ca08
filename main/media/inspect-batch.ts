import type { CrawledFile } from './crawl';
import { DEFAULT_MAX_FILE_BYTES } from './file-limits';
import type { HashResult } from './hash-file';
import { hashFile } from './hash-file';
import {
  fileErrorReason,
  inspectFile,
  type MetadataResult,
  metadataOf,
  readMetadata,
  withHash,
} from './inspect-file';
import type { InspectorActivity } from './inspector-activity';
import type { LaneHasher, LaneJob } from './md5-lanes';
import { openForInspection } from './open-for-inspection';
import { type DirectHandle, openRegularFileDirect, refusalError } from './open-regular-file';
import type { InspectResult, WorkerRequest } from './worker-protocol';

type InspectRequest = Extract<WorkerRequest, { type: 'inspect' }>;

/** Where each file's result goes, with its index in the request. */
export type Report = (index: number, result: InspectResult) => void;

/**
 * Inspects the files of an `inspect` request on the media worker thread that runs it, every read
 * on the thread itself (`DirectHandle`). Metadata is read one file at a time; the MD5s of up to
 * four photos then run side by side on `hasher`, the thread's own (`LaneHasher`); files are
 * reported in the request's order. Before anything that may block on a file, the thread says
 * which one in `activity`, so that the watchdog gives up on that file if it hangs. Without a
 * `hasher` (metadata alone, or no WebAssembly SIMD), each file is done and reported before the
 * next. Never throws for a file: every problem becomes that file's result. Should anything else
 * throw, the files in flight are closed unreported (main hands them out again) and every lane is
 * left free for the next request.
 */
export async function inspectBatch(
  request: InspectRequest,
  report: Report,
  activity: InspectorActivity,
  hasher: LaneHasher | undefined,
): Promise<void> {
  const lanes = request.mode === 'metadata' ? undefined : hasher;
  const ordered = inRequestOrder(report);
  let failed = false;
  const reportUnlessFailed: Report = (index, result) => {
    if (!failed) ordered(index, result);
  };
  try {
    for (let index = 0; index < request.files.length; index += 1) {
      if (lanes === undefined) {
        activity.workingOn(index);
        reportUnlessFailed(index, await inspectOne(request, index));
        continue;
      }
      // A free lane first, so that at most one file more than the lanes is open.
      lanes.stepUntilFree();
      activity.workingOn(index);
      if (request.mode === 'hash')
        await startHashOnly(lanes, request.files[index]!, index, reportUnlessFailed, activity);
      else await startFull(lanes, request, index, reportUnlessFailed, activity);
    }
    lanes?.drain();
  } catch (error) {
    failed = true;
    // Closing the lanes' files says each in `activity`; main blames the file this failed on.
    const failedOn = activity.current;
    try {
      lanes?.abortAll(error);
    } catch {
      // The batch's own error is the one to answer with.
    }
    activity.workingOn(failedOn);
    throw error;
  }
}

/**
 * Inspects one file of an `inspect` request in the requested mode, on the media worker thread
 * that runs it: its reads are the thread's own (`direct`). Never throws.
 */
export async function inspectOne(
  request: Extract<WorkerRequest, { type: 'inspect' }>,
  index: number,
): Promise<InspectResult> {
  const file = request.files[index]!;
  switch (request.mode) {
    case 'full':
      return inspectFile(
        file,
        request.assumedZone,
        request.maxFileBytes,
        request.cameraOffsets,
        'direct',
      );
    case 'metadata':
      return readMetadata(
        file,
        request.assumedZone,
        request.maxFileBytes,
        request.cameraOffsets,
        'direct',
      );
    case 'hash':
      try {
        const hashed = await hashFile(file.path, 'jpeg', { reads: 'direct' });
        return { status: 'hashed', path: file.path, md5: hashed.md5, size: hashed.size };
      } catch (error) {
        return { status: 'error', path: file.path, reason: fileErrorReason(error) };
      }
  }
}

/**
 * `report` in the order of the request's files: MD5s side by side finish in any order, and the
 * window lists photos as they are reported, so a folder would come out in a different order
 * from one run to the next. A file done early waits for those before it (at most a request's
 * few files); the watchdog counts it unreported until then, and another worker redoes it if
 * this one is lost.
 */
function inRequestOrder(report: Report): Report {
  const waiting = new Map<number, InspectResult>();
  let next = 0;
  return (index, result) => {
    waiting.set(index, result);
    for (let ready = waiting.get(next); ready !== undefined; ready = waiting.get(next)) {
      waiting.delete(next);
      report(next, ready);
      next += 1;
    }
  };
}

/** Metadata now, then the MD5 on a lane; the photo is reported with it (see `inspectFile`). */
async function startFull(
  hasher: LaneHasher,
  request: InspectRequest,
  index: number,
  report: Report,
  activity: InspectorActivity,
): Promise<void> {
  const file = request.files[index]!;
  const opened = await openForInspection(file, request.maxFileBytes, 'direct');
  if (!opened.ok) {
    report(index, opened.item);
    return;
  }
  const { handle } = opened.file;
  let metadata: MetadataResult;
  try {
    metadata = await metadataOf(
      opened.file,
      file,
      request.assumedZone,
      request.maxFileBytes,
      request.cameraOffsets ?? [],
    );
  } catch (error) {
    closeQuietly(handle);
    throw error;
  }
  if (metadata.status !== 'photo') {
    closeQuietly(handle);
    report(index, metadata);
    return;
  }
  startLane(hasher, handle, index, activity, {
    format: metadata.format,
    jpegScanStart: metadata.scanStart,
    maxBytes: request.maxFileBytes,
    report: (hashed) => report(index, withHash(metadata, hashed)),
    reportError: (error) => report(index, errorItem(file, error)),
  });
}

/** The MD5 alone (`hash` mode, for measuring it), on a lane. */
async function startHashOnly(
  hasher: LaneHasher,
  file: CrawledFile,
  index: number,
  report: Report,
  activity: InspectorActivity,
): Promise<void> {
  const opened = await openRegularFileDirect(file.path, DEFAULT_MAX_FILE_BYTES);
  if (!opened.ok) {
    report(index, errorItem(file, refusalError(opened.refusal)));
    return;
  }
  startLane(hasher, opened.file.handle, index, activity, {
    format: 'jpeg',
    jpegScanStart: undefined,
    maxBytes: DEFAULT_MAX_FILE_BYTES,
    report: (hashed) =>
      report(index, { status: 'hashed', path: file.path, md5: hashed.md5, size: hashed.size }),
    reportError: (error) => report(index, errorItem(file, error)),
  });
}

/** Hashes the open file on a lane; the handle is closed once it is done. */
function startLane(
  hasher: LaneHasher,
  handle: DirectHandle,
  index: number,
  activity: InspectorActivity,
  job: {
    readonly format: LaneJob['format'];
    readonly jpegScanStart: number | undefined;
    readonly maxBytes: number;
    readonly report: (hashed: HashResult) => void;
    readonly reportError: (error: unknown) => void;
  },
): void {
  hasher.start({
    read: (buffer, position) => handle.readNow(buffer, position),
    format: job.format,
    jpegScanStart: job.jpegScanStart,
    maxBytes: job.maxBytes,
    beforeRead: () => activity.workingOn(index),
    done: (outcome) => {
      // A close can hang too (a network drive): said of this file, not the last one read.
      activity.workingOn(index);
      closeQuietly(handle);
      if (outcome.ok) job.report(outcome.hashed);
      else job.reportError(outcome.error);
    },
  });
}

function errorItem(file: CrawledFile, error: unknown): InspectResult {
  return { status: 'error', path: file.path, reason: fileErrorReason(error) };
}

function closeQuietly(handle: DirectHandle): void {
  try {
    handle.closeNow();
  } catch {
    // Nothing was written through it.
  }
}

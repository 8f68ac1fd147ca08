import type { AfterUpload, AfterUploadResult } from '../../shared/domain/after-upload';
import type { FileIdentity, PhotoFormat } from '../../shared/domain/intake';
import { words } from '../../shared/i18n/words';
import {
  codeOf,
  left,
  type LinkPort,
  lstatOrUndefined,
  moveFile,
  resumeMove,
} from './after-upload-move';
import { openQueuedFile } from './queued-file';

// Issue 26 §3: the file system side of "tidy up after upload". Every step that changes a file is
// recorded first (`record`), so a restart finishes a move it began instead of making a second
// copy; nothing is ever deleted that is not also somewhere else (a link, a checked copy, the trash).

/** Puts one file in the system's trash (Electron's `shell.trashItem`, or a library). */
export type TrashPort = (path: string) => Promise<void>;

/** One uploaded photo's file to tidy, as the queue recorded it. */
export type TidyJob = {
  readonly path: string;
  /** The dropped or watched folder the path is kept under when moved. */
  readonly root: string;
  /** The MD5 queued (the original's, also for a HEIC sent as JPEG). */
  readonly md5: string;
  readonly format: PhotoFormat;
  /** The file as intake read it; none for rows queued before it was recorded (MD5 alone then). */
  readonly identity: FileIdentity | null;
  readonly action: Exclude<AfterUpload, { kind: 'leave' }>;
  /** What was recorded before: a move or trashing under way when the process stopped. */
  readonly recorded: AfterUploadResult | null;
};

/** Where the steps are recorded, and how a file goes to the trash. */
export type TidyPorts = {
  readonly trash: TrashPort;
  /** Records a step or the end, committed before the next file operation. */
  readonly record: (result: AfterUploadResult) => void;
  /** Hard links (the file system's unless a test makes them fail as across devices or FAT). */
  readonly link?: LinkPort;
};

/** The queued file's identity as checked now, or why it is left where it is. */
async function verified(job: TidyJob): Promise<FileIdentity | AfterUploadResult> {
  const opened = await openQueuedFile(job.path, job.format, {
    maxBytes: Number.MAX_SAFE_INTEGER,
    expected: job.identity,
  });
  if (!opened.ok)
    return left(
      opened.reason.key === 'reason.queue.fileGoneSinceQueued'
        ? words('reason.afterUpload.gone')
        : words('reason.afterUpload.changed'),
    );
  await opened.file.handle.close().catch(() => undefined);
  if (opened.file.md5 !== job.md5) return left(words('reason.afterUpload.changed'));
  return opened.file.identity;
}

/**
 * Tidies one uploaded photo's file as `job.action` says, only when it is still the file queued
 * (same device, inode, size, modification time and MD5): moved (`moveFile`: a hard link, or
 * across devices a synced copy under a temporary name, checked by MD5, then given a free name;
 * then the source goes), or put in the trash. A name taken at the destination gets a numbered
 * one (`IMG_1 (2).jpg`), never written over. Every refusal and failure leaves the file where it
 * is, with a reason. Returns the final result (also recorded).
 */
export async function tidyFile(job: TidyJob, ports: TidyPorts): Promise<AfterUploadResult> {
  const finish = (result: AfterUploadResult) => {
    ports.record(result);
    return result;
  };
  try {
    if (job.recorded?.kind === 'moving') {
      const resumed = await resumeMove(job, job.recorded, () => verified(job));
      if (resumed !== undefined) return finish(resumed);
    }
    if (job.recorded?.kind === 'trashing' && (await lstatOrUndefined(job.path)) === undefined)
      return finish({ kind: 'trashed' });
    const identity = await verified(job);
    if ('kind' in identity) return finish(identity);
    if (job.action.kind === 'trash') return finish(await toTrash(job, ports));
    return finish(await moveFile(job, identity, job.action.folder, ports));
  } catch (error) {
    const code = codeOf(error) || 'error';
    return finish(
      left(
        job.action.kind === 'trash'
          ? words('reason.afterUpload.trashFailed', { code })
          : words('reason.afterUpload.moveFailed', { code }),
      ),
    );
  }
}

async function toTrash(job: TidyJob, ports: TidyPorts): Promise<AfterUploadResult> {
  ports.record({ kind: 'trashing' });
  await ports.trash(job.path);
  // A trash that said nothing but left the file: it is not said to be in the trash.
  if ((await lstatOrUndefined(job.path)) !== undefined)
    return left(words('reason.afterUpload.trashFailed', { code: 'still there' }));
  return { kind: 'trashed' };
}

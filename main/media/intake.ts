import type { IntakeItem, IntakeOptions } from '../../shared/domain/intake';
import { words } from '../../shared/i18n/words';
import type { IntakeProgressView } from '../../shared/ipc/views';
import type { Logger } from '../logging/logger';
import { type CrawledFile, type KnownIdentity, REPLACED_AFTER_CRAWL_REASON } from './crawl';
import { DEFAULT_MAX_FILE_BYTES } from './file-limits';
import type { KnownPhotos } from './known-photos';
import { tooLargeReason } from './media-limits';
import { FileQueue } from './file-queue';
import type { MediaWorkers } from './media-workers';

/** Counts for the progress line (the shape the window receives). */
export type IntakeProgress = IntakeProgressView;

export type IntakeBatch = {
  readonly items: readonly IntakeItem[];
  readonly progress: IntakeProgress;
};

/** Options of one intake run, with the limits main applies. */
export type IntakeRunOptions = IntakeOptions & {
  /** Files larger than this (bytes) are refused before they are read: the `maxFileBytes` setting; default 500 MiB. */
  readonly maxFileBytes?: number;
  /**
   * Files a watcher checked, by path: then every path is such a file, a link among them is not
   * followed, and a file found there that is not the one checked (swapped since) is refused.
   */
  readonly expected?: ReadonlyMap<string, KnownIdentity> | undefined;
  /**
   * Ignore patterns (each already accepted), matched on paths under each dropped folder, and
   * where they came from: the command line's `--ignore` (default) or a watched folder's rule.
   * Each folder's `.photouploaderignore` applies with or without them.
   */
  readonly ignore?: readonly string[] | undefined;
  readonly ignoreSource?: 'flag' | 'rule' | undefined;
};

/** Results are handed on at least this often while an intake runs… */
const FLUSH_INTERVAL_MS = 100;
/** …or as soon as this many are waiting. */
const FLUSH_SIZE = 1000;

/**
 * Turns dropped paths into photos ready to upload, streaming results in batches: the crawl and
 * the inspection run on worker threads; this class only collects, flags duplicates (the same
 * bytes twice in the drop, or already uploaded) and batches. The first result goes out at once.
 */
export class Intake {
  constructor(
    private readonly workers: MediaWorkers,
    private readonly known: KnownPhotos,
    private readonly logger: Logger,
  ) {}

  /**
   * Runs one intake. `onBatch` is called in order, never concurrently; the returned promise
   * resolves with the final counts after the last batch. A file over `maxFileBytes` is skipped
   * with a reason as soon as the crawl finds it, unread.
   */
  async run(
    paths: readonly string[],
    options: IntakeRunOptions,
    onBatch: (batch: IntakeBatch) => void,
  ): Promise<IntakeProgress> {
    const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
    const queue = new FileQueue();
    const firstPathOf = new Map<string, string>();
    let pending: IntakeItem[] = [];
    let found = 0;
    let inspected = 0;
    let photos = 0;
    let skipped = 0;
    let errors = 0;
    let sentFirst = false;
    let timer: NodeJS.Timeout | undefined;
    let delivering: Promise<void> = Promise.resolve();

    const progress = (done: boolean): IntakeProgress => ({
      found,
      inspected,
      photos,
      skipped,
      errors,
      done,
    });

    const deliver = async (items: IntakeItem[], done: boolean) => {
      const md5s = items.flatMap((item) =>
        item.status === 'photo' && item.duplicateOf === undefined ? [item.md5] : [],
      );
      const uploaded =
        md5s.length > 0
          ? await this.known.uploaded(md5s).catch(() => new Map<string, string | undefined>())
          : new Map<string, string | undefined>();
      const marked = items.map((item) =>
        item.status === 'photo' && item.duplicateOf === undefined && uploaded.has(item.md5)
          ? {
              ...item,
              duplicateOf: { kind: 'already-uploaded' as const, photoId: uploaded.get(item.md5) },
            }
          : item,
      );
      onBatch({ items: marked, progress: progress(done) });
    };

    const flush = (done = false) => {
      clearTimeout(timer);
      timer = undefined;
      if (pending.length === 0 && !done) return;
      const items = pending;
      pending = [];
      sentFirst = true;
      delivering = delivering.then(() => deliver(items, done));
    };

    const add = (item: IntakeItem) => {
      if (item.status === 'photo') {
        photos += 1;
        const first = firstPathOf.get(item.md5);
        if (first === undefined) firstPathOf.set(item.md5, item.path);
        else item = { ...item, duplicateOf: { kind: 'in-this-batch', path: first } };
      } else if (item.status === 'skipped') skipped += 1;
      else errors += 1;
      pending.push(item);
      if (!sentFirst || pending.length >= FLUSH_SIZE) flush();
      else timer ??= setTimeout(() => flush(), FLUSH_INTERVAL_MS);
    };

    const { expected } = options;
    /** Whether a crawled file is other than the one a watcher checked at that path. */
    const swapped = (file: CrawledFile) => {
      if (expected === undefined) return false;
      const checked = expected.get(file.path);
      return checked?.dev !== file.dev || checked?.ino !== file.ino;
    };

    const crawling = this.workers
      .crawl(
        paths,
        (entries) => {
          const files = [];
          for (const entry of entries) {
            if (entry.kind === 'file' && swapped(entry))
              add({ status: 'error', path: entry.path, reason: REPLACED_AFTER_CRAWL_REASON });
            else if (entry.kind === 'file' && entry.size > maxFileBytes)
              add({
                status: 'skipped',
                path: entry.path,
                reason: tooLargeReason(entry.size, maxFileBytes),
              });
            else if (entry.kind === 'file') files.push(entry);
            else add({ status: entry.kind, path: entry.path, reason: entry.reason });
          }
          found += files.length;
          queue.push(files);
        },
        expected === undefined,
        { patterns: options.ignore ?? [], source: options.ignoreSource ?? 'flag' },
      )
      .catch((error: unknown) => {
        this.logger.error('the crawl failed', { error });
        add({
          status: 'error',
          path: paths.join(', '),
          reason: words('reason.intake.crawlFailed'),
        });
      })
      .finally(() => queue.close());

    const inspecting = this.workers.inspect(
      queue,
      {
        assumedZone: options.assumedZone,
        mode: 'full',
        maxFileBytes,
        cameraOffsets: options.cameraOffsets,
      },
      (result) => {
        inspected += 1;
        if (result.status === 'photo' && 'md5' in result) add(result);
        else if (result.status === 'skipped' || result.status === 'error') add(result);
      },
    );

    await Promise.all([crawling, inspecting]);
    flush(true);
    await delivering;
    return progress(true);
  }
}

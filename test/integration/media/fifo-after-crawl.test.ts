import { execFileSync } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CrawledFile } from '../../../main/media/crawl';
import { hashFile } from '../../../main/media/hash-file';
import { makeThumbnail } from '../../../main/media/make-thumbnail';
import { FileQueue } from '../../../main/media/file-queue';
import { MediaWorkers } from '../../../main/media/media-workers';
import type { InspectResult } from '../../../main/media/worker-protocol';
import { silentLogger } from '../../../main/logging/logger';
import { words } from '../../../shared/i18n/words';
import { needs } from '../../support/platform-needs';

const needsFifo = needs('fifo');

const SAMPLES = join(import.meta.dirname, '../../fixtures/exif-samples/jpg');

/** More FIFOs than the file-system pool has threads (4 by default). */
const FIFOS = 6;

/** Rejects after `ms` with `what`: a check that a promise settles promptly. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

describe.skipIf(needsFifo.skip)(
  needsFifo.title('Intake: a file that becomes a FIFO after the crawl'),
  () => {
    const fifos: string[] = [];
    let workers: MediaWorkers | undefined;
    afterAll(async () => {
      // Lets go of any reader still waiting on a FIFO (a synchronous open needs no pool thread).
      for (const fifo of fifos) {
        try {
          closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
        } catch {
          // No reader waiting: nothing to let go of.
        }
      }
      await workers?.close();
    });

    it('skips it at once with the reason, holds no thread of the pool, and the batch goes on', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'fifo-after-crawl-'));
      const crawled: CrawledFile[] = [];
      /** What the crawl found for a regular file at `path`. */
      const found = async (path: string): Promise<CrawledFile> => {
        const info = await stat(path);
        return {
          kind: 'file',
          path,
          size: info.size,
          modifiedMs: info.mtimeMs,
          dev: info.dev,
          ino: info.ino,
        };
      };
      await copyFile(join(SAMPLES, 'Canon_40D.jpg'), join(dir, 'first.jpg'));
      crawled.push(await found(join(dir, 'first.jpg')));
      for (let index = 0; index < FIFOS; index += 1) {
        const path = join(dir, `swapped-${index}.jpg`);
        await copyFile(join(SAMPLES, 'Nikon_D70.jpg'), path);
        crawled.push(await found(path));
        // Between the crawl and the inspection, the photo is replaced by a FIFO with no writer.
        await rm(path);
        execFileSync('mkfifo', [path]);
        fifos.push(path);
      }
      await copyFile(join(SAMPLES, 'Pentax_K10D.jpg'), join(dir, 'last.jpg'));
      crawled.push(await found(join(dir, 'last.jpg')));

      workers = new MediaWorkers({ logger: silentLogger, inspectors: 2 });
      const queue = new FileQueue();
      queue.push(crawled);
      queue.close();
      const results: InspectResult[] = [];
      // Far below the per-file time limit (30 s): nothing waits for a writer.
      await within(
        workers.inspect(queue, { assumedZone: 'UTC', mode: 'full' }, (result) =>
          results.push(result),
        ),
        10_000,
        'the inspection',
      );
      for (const fifo of fifos)
        expect(results.find((result) => result.path === fifo)).toEqual({
          status: 'skipped',
          path: fifo,
          reason: words('reason.intake.notRegularFile'),
        });
      for (const name of ['first.jpg', 'last.jpg'])
        expect(results.find((result) => result.path === join(dir, name))?.status, name).toBe(
          'photo',
        );
      // Every thread of the process's file-system pool is free: reads on it still finish at once.
      await within(
        Promise.all(Array.from({ length: 8 }, () => readFile(join(dir, 'first.jpg')))),
        5000,
        'reading through the pool',
      );
    }, 60_000);

    it('makes no thumbnail and no MD5 of a FIFO, and says so at once', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'fifo-thumbnail-'));
      const fifo = join(dir, 'pipe.jpg');
      execFileSync('mkfifo', [fifo]);
      fifos.push(fifo);
      await within(
        expect(
          makeThumbnail({ path: fifo, format: 'jpeg', orientation: 1, target: join(dir, 't.jpg') }),
        ).rejects.toMatchObject({ code: 'EFTYPE' }),
        5000,
        'the thumbnail',
      );
      await within(
        expect(hashFile(fifo, 'jpeg')).rejects.toMatchObject({ code: 'EFTYPE' }),
        5000,
        'the hash',
      );
    });
  },
);

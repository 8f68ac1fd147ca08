import { link, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppCore } from '../../../main/core/app-core';
import { commandLineFrontEnd } from '../../../main/core/front-end';
import { Redactor, silentLogger } from '../../../main/logging/logger';
import { InMemorySecretStore } from '../../../main/secrets/in-memory-secret-store';
import { chunksOf, sendPathsInChunks } from '../../../shared/ipc/chunks';
import type { IpcResult } from '../../../shared/ipc/contract';
import { createIpcDispatcher } from '../../../shared/ipc/dispatcher';
import type { IntakeBatchView, IntakeItemView } from '../../../shared/ipc/views';
import { makePhotos } from '../../support/upload-harness';
import { englishFor } from '../../../shared/i18n/words';

/** A dispatcher answer read as an intake run (the dispatcher's values are `unknown`). */
function asRun(result: IpcResult<unknown>): IpcResult<{ runId: number | null }> {
  return result.ok
    ? { ok: true, value: z.object({ runId: z.number().nullable() }).parse(result.value) }
    : result;
}

const FILES = 100_000;
const DISTINCT = 20;

// A drop of 100,000 files (not a folder: the window hands over every dropped file's path) goes
// through the core's dispatcher in chunks, as the preload sends it, and is queued as one batch.

describe('a drop of 100,000 files', () => {
  let folder: string;
  let dataDir: string;
  let core: AppCore;
  const paths: string[] = [];

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'large-drop-'));
    dataDir = await mkdtemp(join(tmpdir(), 'large-drop-data-'));
    const photos = await makePhotos(join(folder, 'real'), DISTINCT);
    paths.push(...photos.map((photo) => photo.path));
    // Half hard links to the photos (the crawl takes each inode once per message), half tiny
    // files that are each read and found not to be photos: 100,000 files at little disk cost.
    for (const batch of chunksOf(
      Array.from({ length: FILES - DISTINCT }, (_, index) => index),
      500,
    ))
      paths.push(
        ...(await Promise.all(
          batch.map(async (index) => {
            if (index % 2 === 1) {
              const path = join(folder, 'real', `note-${index}.jpg`);
              await writeFile(path, `not a photo ${index}`);
              return path;
            }
            const path = join(folder, 'real', `link-${index}.jpg`);
            await link(photos[index % DISTINCT]!.path, path);
            return path;
          }),
        )),
      );
    core = await AppCore.start({
      dataDir,
      secrets: new InMemorySecretStore(),
      redactor: new Redactor(),
      logger: silentLogger,
      customScheme: undefined,
      browser: { open: () => Promise.resolve() },
      chooser: { choose: () => Promise.resolve([]) },
      locksDir: join(dataDir, 'locks'),
    });
  }, 120_000);

  afterAll(async () => {
    await core?.shutdown();
    await rm(folder, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is taken in as one run and queued as one batch', async () => {
    const dispatch = createIpcDispatcher(core.handlersFor(commandLineFrontEnd));
    const trusted = { trusted: true };
    const batches: IntakeBatchView[] = [];
    let finished: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (finished = resolve));
    core.onEvent((event, payload) => {
      if (event !== 'intake:batch') return;
      const batch = payload as IntakeBatchView;
      batches.push(batch);
      if (batch.progress.done) finished();
    });
    const heapBefore = process.memoryUsage().heapUsed;
    const started = performance.now();

    // More than one message could carry: refused whole, as before…
    expect(
      await dispatch('intake:add-paths', { paths, assumedZone: 'UTC' }, trusted),
    ).toMatchObject({ ok: false, code: 'bad-input' });
    // …and taken in chunks, as the window sends it.
    const sent = await sendPathsInChunks(paths, (chunk) =>
      dispatch('intake:add-paths', { ...chunk, assumedZone: 'UTC' }, trusted).then(asRun),
    );
    expect(sent.ok).toBe(true);
    await done;
    const seconds = (performance.now() - started) / 1000;
    const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
    console.log(`100,000 files taken in: ${seconds.toFixed(1)} s, heap +${heapMb.toFixed(0)} MB`);

    const runIds = new Set(batches.map((batch) => batch.runId));
    expect(runIds.size).toBe(1);
    expect(batches.filter((batch) => batch.progress.done)).toHaveLength(1);
    const items: IntakeItemView[] = batches.flatMap((batch) => batch.items);
    expect(items).toHaveLength(FILES);
    const last = batches.at(-1)?.progress;
    expect(last?.done).toBe(true);
    expect((last?.photos ?? 0) + (last?.skipped ?? 0) + (last?.errors ?? 0)).toBe(FILES);
    expect(
      items.filter((item) => item.status !== 'photo' && englishFor(item.reason) === ''),
    ).toEqual([]);
    // The same bytes are one photo across the whole drop, not once per chunk.
    const uploadable = items.filter(
      (item) => item.status === 'photo' && item.duplicateOf?.kind !== 'in-this-batch',
    );
    expect(uploadable).toHaveLength(DISTINCT);

    let added = 0;
    for (const intakeIds of chunksOf(
      uploadable.map((item) => item.intakeId),
      5,
    )) {
      const queued = await dispatch(
        'queue:add-photos',
        { intakeIds, projectId: 'p1', description: '', internal: false },
        trusted,
      );
      if (!queued.ok) throw new Error(queued.message);
      added += z.object({ added: z.number() }).parse(queued.value).added;
    }
    expect(added).toBe(DISTINCT);
    const report = await dispatch('queue:export-report', { format: 'json' }, trusted);
    if (!report.ok) throw new Error(report.message);
    // Every file of the drop: 20 queued, the other 99,980 skipped as the same photo.
    const { content } = z.object({ content: z.string() }).parse(report.value);
    expect(JSON.parse(content)).toHaveLength(FILES);
    expect(seconds).toBeLessThan(240);
    expect(heapMb).toBeLessThan(600);
  }, 300_000);
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppCore } from '../../../main/core/app-core';
import { commandLineFrontEnd } from '../../../main/core/front-end';
import { Redactor, silentLogger } from '../../../main/logging/logger';
import { reportRows, toCsv } from '../../../main/queue/queue-report';
import { QueueStore } from '../../../main/queue/queue-store';
import { InMemorySecretStore } from '../../../main/secrets/in-memory-secret-store';
import { systemClock } from '../../../shared/domain/clock';
import type { IpcHandlers } from '../../../shared/ipc/dispatcher';
import type { QueueChangeView } from '../../../shared/ipc/views';
import { fillQueue } from '../../support/queue-fill';

const COUNT = 20_000;

// Pause, resume and retry all on 20 000 queued items run in chunks through the real core: every
// item ends in the right state, and the window hears of each changed item.

describe('bulk queue commands on 20,000 items', () => {
  let dataDir: string;
  let core: AppCore;
  let handlers: IpcHandlers;
  let ids: number[];
  const changes: QueueChangeView[] = [];

  const readAll = () => {
    const store = new QueueStore(join(dataDir, 'queue.db'), systemClock);
    try {
      return store.all();
    } finally {
      store.close();
    }
  };
  /** The ids the window was told about since `from`, once the runner has flushed them all. */
  const toldAbout = async (from: number) => {
    await core.stopQueue();
    return changes.slice(from).flatMap((change) => change.items.map((item) => item.id));
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'bulk-commands-'));
    ids = fillQueue(dataDir, COUNT);
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
    core.onEvent((event, payload) => {
      if (event === 'queue:changed') changes.push(payload as QueueChangeView);
    });
    handlers = core.handlersFor(commandLineFrontEnd);
  }, 120_000);

  afterAll(async () => {
    await core?.shutdown();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('pauses and resumes every item, telling the window of each once', async () => {
    let from = changes.length;
    expect(await handlers['queue:pause']({})).toEqual({ changed: COUNT });
    expect(readAll().every((item) => item.paused)).toBe(true);
    const paused = await toldAbout(from);
    expect(paused).toHaveLength(COUNT);
    expect(new Set(paused)).toEqual(new Set(ids));
    expect(changes.at(-1)).toMatchObject({ pausedAll: true });

    from = changes.length;
    expect(await handlers['queue:resume']({})).toEqual({ changed: COUNT });
    expect(readAll().some((item) => item.paused)).toBe(false);
    expect((await toldAbout(from)).length).toBe(COUNT);
    expect(changes.at(-1)).toMatchObject({ pausedAll: false });
  }, 120_000);

  it('retries every item that needs attention, each by its own rule', async () => {
    const db = new Database(join(dataDir, 'queue.db'));
    db.prepare(
      `UPDATE items SET state = 'needs-attention', reason = 'x', attempts = 3,
         photo_id = CASE id % 3 WHEN 0 THEN NULL ELSE 'ph-' || id END,
         processing_status = CASE id % 3 WHEN 1 THEN 'processing_error' WHEN 2 THEN 'pending' END`,
    ).run();
    db.close();
    expect(await handlers['queue:retry']({})).toEqual({ changed: COUNT });
    for (const item of readAll()) {
      expect(item).toMatchObject({ reason: null, attempts: 0 });
      if (item.id % 3 === 0) expect(item).toMatchObject({ state: 'queued', photo_id: null });
      if (item.id % 3 === 1)
        expect(item).toMatchObject({
          state: 'queued',
          photo_id: null,
          processing_status: null,
          failed_photo_ids: [`ph-${item.id}`],
        });
      if (item.id % 3 === 2)
        expect(item).toMatchObject({ state: 'created', photo_id: `ph-${item.id}` });
    }
  }, 120_000);

  it('cancels one item and exports a report with a row for every item', async () => {
    expect(await handlers['queue:cancel']({ itemId: ids[0]! })).toEqual({ cancelled: true });
    const expected = reportRows(readAll());
    expect(expected).toHaveLength(COUNT);
    expect(expected[0]).toMatchObject({ outcome: 'cancelled' });
    const csv = await handlers['queue:export-report']({ format: 'csv' });
    expect(csv.content).toBe(toCsv(expected));
    const json = await handlers['queue:export-report']({ format: 'json' });
    expect(json.content).toBe(`${JSON.stringify(expected, null, 2)}\n`);
  }, 120_000);
});

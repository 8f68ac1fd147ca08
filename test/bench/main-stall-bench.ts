import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'libsql';
import { AppCore } from '../../main/core/app-core';
import { commandLineFrontEnd } from '../../main/core/front-end';
import { Redactor, silentLogger } from '../../main/logging/logger';
import { InMemorySecretStore } from '../../main/secrets/in-memory-secret-store';
import { longestStallDuring } from '../support/event-loop-stalls';
import { fillQueue } from '../support/queue-fill';

/** The longest stall of each handler run on a queue of `count` items, in ms. */
export type HandlerStalls = { readonly handler: string; readonly stallMs: number }[];

/**
 * Runs pause all, resume all, retry all, cancel and report export through the real core's
 * handlers on a queue of `count` items (no service configured, so nothing is sent meanwhile),
 * with a listener that serializes every event as the bridge to the window does, and records the
 * longest event-loop stall of each.
 */
export async function mainProcessStalls(count: number): Promise<HandlerStalls> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-main-stall-'));
  const ids = fillQueue(dataDir, count);
  const core = await AppCore.start({
    dataDir,
    secrets: new InMemorySecretStore(),
    redactor: new Redactor(),
    logger: silentLogger,
    customScheme: undefined,
    browser: { open: () => Promise.resolve() },
    chooser: { choose: () => Promise.resolve([]) },
    locksDir: join(dataDir, 'locks'),
  });
  // A settled core, as minutes after launch: its media threads loaded (in the bench through
  // tsx's loader, which kept both cores busy for seconds and was measured as the first handler's).
  await core.mediaThreadsLoaded();
  let lastEventAt = performance.now();
  const stopListening = core.onEvent((event, payload) => {
    lastEventAt = performance.now();
    JSON.stringify({ event, payload });
  });
  // Each handler is measured on a quiet core: the chunks of the last change all sent, so that a
  // stall is not blamed on the handler that happens to run next.
  const quiet = async () => {
    while (performance.now() - lastEventAt < 500)
      await new Promise((resolve) => setTimeout(resolve, 100));
  };
  const handlers = core.handlersFor(commandLineFrontEnd);
  const stalls: { handler: string; stallMs: number }[] = [];
  const measure = async (handler: string, action: () => Promise<unknown>) => {
    await quiet();
    stalls.push({ handler, stallMs: await longestStallDuring(action) });
  };
  try {
    await measure('pause all', () => handlers['queue:pause']({}));
    await measure('resume all', () => handlers['queue:resume']({}));
    // Every item needs attention, as after a long outage, so that "retry all" has 20 000 to do.
    const db = new Database(join(dataDir, 'queue.db'));
    db.prepare(
      "UPDATE items SET state = 'needs-attention', reason = 'The service was unreachable'",
    ).run();
    db.close();
    await measure('retry all', () => handlers['queue:retry']({}));
    await measure('cancel', () => handlers['queue:cancel']({ itemId: ids[ids.length - 1]! }));
    await measure('report export (csv)', () => handlers['queue:export-report']({ format: 'csv' }));
    await measure('report export (json)', () =>
      handlers['queue:export-report']({ format: 'json' }),
    );
  } finally {
    stopListening();
    await core.shutdown();
    await rm(dataDir, { recursive: true, force: true });
  }
  return stalls;
}

import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import Database from 'libsql';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { migrateQueue } from '../../../main/queue/queue-migrations';
import { QUEUE_MIGRATIONS } from '../../../main/queue/queue-store';
import { needs } from '../../support/platform-needs';
import { ROOT, runCli } from '../../support/upload-harness';

const needsProc = needs('proc');

// Issue 24 review: the app and the command line may open the same `queue.db` at the same moment,
// each a new version meeting an older queue. Both must migrate it once between them: before each
// step took the write lock first and read the version under it, both read the old version and
// the second's `ALTER TABLE … ADD COLUMN photo_url` failed on the column the first had just added.
// And a queue a newer version made is refused by the command line in English.

/** The step that adds `photo_url` (issue 24 §1): the queue a release before it left. */
const PHOTO_URL_STEP = QUEUE_MIGRATIONS.findIndex(
  (step) => typeof step === 'string' && step.includes('photo_url'),
);

/** A queue as the release before `photo_url` left it, with one photo. */
async function olderQueue(): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'queue-race-'));
  const db = new Database(join(dataDir, 'queue.db'));
  db.pragma('journal_mode = WAL');
  migrateQueue(db, QUEUE_MIGRATIONS.slice(0, PHOTO_URL_STEP));
  db.exec(
    "INSERT INTO items (kind, state, reason, project_id, path, size, format, md5, captured_at, created_at, updated_at) VALUES ('photo', 'cancelled', 'Cancelled by the user', 'p1', '/photos/a.jpg', 1, 'jpeg', 'a', 0, 0, 0)",
  );
  db.close();
  return dataDir;
}

type Opener = {
  readonly child: ChildProcess;
  readonly lines: string[];
  readonly done: Promise<number | null>;
};

/** A new process that opens the queue at `file` (see test/support/open-queue-child.ts). */
function opener(file: string): Opener {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'test/support/open-queue-child.ts'), file],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines: string[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => lines.push(line));
  const done = new Promise<number | null>((resolve) => child.once('close', resolve));
  return { child, lines, done };
}

/**
 * Whether the process is waiting for the database's write lock: SQLite's busy handler sleeps
 * between tries, so its main thread is in a sleep (Linux tells which kernel call it waits in).
 */
function waitingForLock(opening: Opener): boolean {
  if (!opening.lines.includes('opening') || opening.child.pid === undefined) return false;
  try {
    return /nanosleep/.test(readFileSync(`/proc/${opening.child.pid}/wchan`, 'utf8'));
  } catch {
    return false;
  }
}

describe.skipIf(needsProc.skip)(
  needsProc.title('two new processes opening an older queue at once'),
  () => {
    it('migrate it once between them, and both open it', async () => {
      const dataDir = await olderQueue();
      const file = join(dataDir, 'queue.db');
      // Hold the write lock until both have read the old version and wait to write: the moment
      // where, before, both went on to make the same step.
      const holder = new Database(file);
      holder.exec('BEGIN IMMEDIATE');
      const openers = [opener(file), opener(file)];
      try {
        // Two node processes may take long to start on a loaded machine: a state, waited for.
        await expect.poll(() => openers.every(waitingForLock), { timeout: 120_000 }).toBe(true);
      } finally {
        holder.exec('ROLLBACK');
        holder.close();
      }
      const codes = await Promise.all(openers.map((opening) => opening.done));
      expect(openers.map((opening) => opening.lines)).toEqual([
        ['opening', 'opened'],
        ['opening', 'opened'],
      ]);
      expect(codes).toEqual([0, 0]);

      const db = new Database(file);
      const version = z
        .array(z.object({ version: z.number() }))
        .parse(db.prepare('SELECT version FROM schema_version').all());
      const columns = z
        .array(z.object({ name: z.string() }))
        .parse(db.prepare('PRAGMA table_info(items)').all())
        .filter((column) => column.name === 'photo_url');
      const reason = z
        .object({ reason: z.string() })
        .parse(db.prepare('SELECT reason FROM items').get());
      db.close();
      expect(version).toEqual([{ version: QUEUE_MIGRATIONS.length }]);
      expect(columns).toHaveLength(1);
      // The reasons were made words once: the sentence, not words of words.
      expect(JSON.parse(reason.reason)).toEqual({ key: 'reason.queue.cancelledByUser' });
    }, 180_000);
  },
);

describe('a queue a newer version made', () => {
  it('is refused by the command line, in English, and left as it is', async () => {
    const dataDir = await olderQueue();
    const db = new Database(join(dataDir, 'queue.db'));
    db.prepare('UPDATE schema_version SET version = ?').run(QUEUE_MIGRATIONS.length + 3);
    db.close();
    const run = await runCli(['queue', '--json', '--data-dir', dataDir]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(
      'The queue in the data folder was made by a newer version of Photo Uploader, which this version cannot read. Update Photo Uploader to open it; nothing in the queue was changed.',
    );
    const after = new Database(join(dataDir, 'queue.db'));
    expect(after.prepare('SELECT version FROM schema_version').all()).toEqual([
      { version: QUEUE_MIGRATIONS.length + 3 },
    ]);
    after.close();
  });
});

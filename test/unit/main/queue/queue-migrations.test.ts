import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startupFailure } from '../../../../main/desktop/startup-words';
import { migrateQueue, type QueueMigration } from '../../../../main/queue/queue-migrations';
import { QUEUE_MIGRATIONS, QueueStore, QueueTooNewError } from '../../../../main/queue/queue-store';
import { createTranslator } from '../../../../shared/i18n/translator';
import { TestClock } from '../../../fakes/test-clock';

// How `queue.db` is opened: a queue a newer version made is refused, unchanged, with words for
// the window and English for the command line; each migration step holds the write lock from its
// start, so two processes opening the same file at once never make a step twice (the race of two
// real processes is test/integration/queue/queue-db-race.test.ts).

async function queueFile(): Promise<string> {
  return join(await mkdtemp(join(tmpdir(), 'queue-migrations-')), 'queue.db');
}

const versions = z.array(z.object({ version: z.number() }));

/** The rows of `schema_version` in `file`. */
function versionRows(file: string): number[] {
  const db = new Database(file);
  try {
    return versions
      .parse(db.prepare('SELECT version FROM schema_version').all())
      .map((row) => row.version);
  } finally {
    db.close();
  }
}

/**
 * What the queue at `file` holds, as SQLite reads it (its main file and its journal together):
 * every table's and index's definition, the version, and every row of every table.
 */
function contents(file: string): unknown {
  const db = new Database(file);
  try {
    const tables = z
      .array(z.object({ type: z.string(), name: z.string(), sql: z.string().nullable() }))
      .parse(db.prepare('SELECT type, name, sql FROM sqlite_master ORDER BY name').all());
    return tables.map((table) => ({
      ...table,
      rows:
        table.type === 'table'
          ? db.prepare(`SELECT * FROM "${table.name.replaceAll('"', '""')}"`).all()
          : undefined,
    }));
  } finally {
    db.close();
  }
}

describe('opening the queue database', () => {
  it('refuses a queue a newer version made, and changes nothing in it', async () => {
    const file = await queueFile();
    new QueueStore(file, new TestClock()).close();
    const newer = QUEUE_MIGRATIONS.length + 1;
    const db = new Database(file);
    db.prepare('UPDATE schema_version SET version = ?').run(newer);
    db.close();
    const before = contents(file);

    let refusal: unknown;
    try {
      new QueueStore(file, new TestClock()).close();
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(QueueTooNewError);
    const error = refusal as QueueTooNewError;
    // The command line prints the message: English, with the versions for the log.
    expect(error.message).toBe(
      `The queue in the data folder was made by a newer version of Photo Uploader, which this version cannot read. Update Photo Uploader to open it; nothing in the queue was changed. (queue schema ${newer}; this version reads up to ${QUEUE_MIGRATIONS.length})`,
    );
    // The window says it in its own language.
    const german = startupFailure(error, createTranslator('de').t);
    expect(german.detail).toMatch(
      /^Die Warteschlange im Datenordner wurde von einer neueren Version von Photo Uploader angelegt/,
    );
    expect(startupFailure(error, createTranslator('es').t).detail).toMatch(
      /^La cola de subida de la carpeta de datos la creó una versión más reciente/,
    );
    expect(versionRows(file)).toEqual([newer]);
    expect(contents(file)).toEqual(before);
  });

  it('makes one version row for a new file, however often it is opened', async () => {
    const file = await queueFile();
    for (let time = 0; time < 3; time += 1) new QueueStore(file, new TestClock()).close();
    expect(versionRows(file)).toEqual([QUEUE_MIGRATIONS.length]);
  });

  it('holds the write lock from the start of each step, so no other process writes meanwhile', async () => {
    const file = await queueFile();
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    const other = new Database(file);
    // Another process does not wait: it is told at once whether the file is free to write.
    other.pragma('busy_timeout = 0');
    const otherCanWrite = (): boolean => {
      try {
        other.exec('BEGIN IMMEDIATE');
        other.exec('ROLLBACK');
        return true;
      } catch {
        return false;
      }
    };
    const seen: boolean[] = [];
    // A step that looks before it writes anything: the lock must already be its own.
    const looking: QueueMigration = () => void seen.push(otherCanWrite());
    migrateQueue(db, [looking, 'CREATE TABLE t (x INTEGER)', looking]);
    expect(seen).toEqual([false, false]);
    expect(otherCanWrite()).toBe(true);
    other.close();
    db.close();
  });
});

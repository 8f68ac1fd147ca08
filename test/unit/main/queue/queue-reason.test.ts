import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import Database from 'libsql';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { writtenCatalogs } from '../../../../shared/i18n/catalogs';
import { createTranslator, type Words } from '../../../../shared/i18n/translator';
import { englishFor, words, wordsSchema } from '../../../../shared/i18n/words';
import {
  legacyReason,
  reasonFromEnglish,
  reasonsAsWordsMigration,
  reasonText,
  storedReason,
  UNKNOWN_REASON,
} from '../../../../main/queue/queue-reason';
import { migrateQueue } from '../../../../main/queue/queue-migrations';
import { QUEUE_MIGRATIONS, QueueStore } from '../../../../main/queue/queue-store';
import { TestClock } from '../../../fakes/test-clock';

// Issue 24 §2: the queue keeps reasons as words, so a reason written yesterday reads in today's
// language. A queue written before keeps English sentences: the migration turns the ones this
// code wrote into words and keeps anything else as it is; the database is a file, so whatever
// is in it reads back as words, never as an error.

/** The migrations before the one that makes reasons words: the queue as the last release left it. */
const before = QUEUE_MIGRATIONS.slice(0, QUEUE_MIGRATIONS.indexOf(reasonsAsWordsMigration));

/** A queue of the last release with one needs-attention photo per reason in `reasons`. */
async function oldQueue(reasons: readonly string[]): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), 'queue-reason-')), 'queue.db');
  const old = new Database(file);
  // Made by the same migrator, stopped where the last release stopped.
  migrateQueue(old, before);
  const insert = old.prepare(
    "INSERT INTO items (kind, state, reason, project_id, path, size, format, md5, captured_at, created_at, updated_at) VALUES ('photo', 'needs-attention', ?, 'p1', ?, 1, 'jpeg', ?, 0, 0, 0)",
  );
  reasons.forEach((reason, index) => insert.run(reason, `/photos/${index}.jpg`, `md5-${index}`));
  old.close();
  return file;
}

/** `text` parsed as JSON, or undefined when it is not JSON. */
function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const reasonKeys = Object.keys(writtenCatalogs().en).filter((key) => key.startsWith('reason.'));

describe('the queue reasons of an older queue', () => {
  it('become words when they are sentences this code wrote, and are kept as they are otherwise', async () => {
    const file = await oldQueue([
      'Cancelled by the user',
      "The file's content changed after it was added to the queue. It was not uploaded; check it, then add it again",
      'Already on the service as photo ph-42: not uploaded again.',
      'The Photo Service refused it (422): uri must be https; size too large',
      'The Photo Service does not know this project or photo (it may have been deleted or the id is wrong)',
      'The TIFF photo could not be converted to JPEG for its upload: bad data',
      "The certificate of https://photos.example:8443 is not trusted (certificate has expired): pass --ca-file with your company's CA (the caFile setting in the app), or add it to the system store.",
      'conflict: the description was changed on the Photo Service since you opened it',
      'Something an older version said',
    ]);
    const store = new QueueStore(file, new TestClock());
    expect(store.all().map((item) => item.reason)).toEqual([
      words('reason.queue.cancelledByUser'),
      words('reason.queue.changedSinceQueued'),
      words('reason.queue.alreadyOnService', { photoId: 'ph-42' }),
      words('reason.service.refusedWithDetails', {
        status: 422,
        details: 'uri must be https; size too large',
      }),
      words('reason.service.notFound'),
      words('reason.staging.conversionFailedBecause', { format: 'TIFF', detail: 'bad data' }),
      words('reason.network.certificateUntrusted', {
        origin: 'https://photos.example:8443',
        problem: 'expired',
      }),
      words('reason.queue.descriptionConflict'),
      words('reason.legacy', { text: 'Something an older version said' }),
    ]);
    store.close();
  });

  it('are stored as words by the migration, which changes nothing when it runs again', async () => {
    const file = await oldQueue([
      'Cancelled by the user',
      'Odd',
      'Already on the service as photo ph-42: not uploaded again.',
    ]);
    new QueueStore(file, new TestClock()).close();
    const raw = new Database(file);
    const column = () =>
      z
        .array(z.object({ reason: z.string() }))
        .parse(raw.prepare('SELECT reason FROM items ORDER BY id').all())
        .map((row) => row.reason);
    const migrated = column();
    expect(migrated.map((text) => JSON.parse(text) as unknown)).toEqual([
      { key: 'reason.queue.cancelledByUser' },
      { key: 'reason.legacy', values: { text: 'Odd' } },
      { key: 'reason.queue.alreadyOnService', values: { photoId: 'ph-42' } },
    ]);
    // Run once more on the words it wrote (as a second process that read the old version would):
    // the column is the same to the byte.
    reasonsAsWordsMigration(raw);
    expect(column()).toEqual(migrated);
    raw.close();
  });

  it('read words this version cannot read as an unknown reason (never raw JSON, never an error)', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'queue-reason-')), 'queue.db');
    const store = new QueueStore(file, new TestClock());
    const [a, b, c] = store.addPhotos(
      ['a', 'b', 'c'].map((md5) => ({
        path: `/photos/${md5}.jpg`,
        size: 1,
        format: 'jpeg' as const,
        md5,
        capturedAt: 0,
        coordinates: null,
        projectId: 'p1',
        description: '',
        internal: false,
      })),
    ).added;
    store.close();
    // Written behind the store's back: a cut-off JSON, a key no catalog has, a value too long.
    const raw = new Database(file);
    const write = raw.prepare(
      "UPDATE items SET state = 'needs-attention', reason = ? WHERE id = ?",
    );
    write.run('{"key":"reason.queue.cancelledBy', a);
    write.run(JSON.stringify({ key: 'reason.queue.fromTheFuture' }), b);
    write.run(JSON.stringify({ key: 'reason.legacy', values: { text: 'x'.repeat(200_000) } }), c);
    raw.close();
    const reopened = new QueueStore(file, new TestClock());
    const reasons = reopened.all().map((item) => item.reason);
    expect(reasons).toEqual([UNKNOWN_REASON, UNKNOWN_REASON, UNKNOWN_REASON]);
    expect(englishFor(UNKNOWN_REASON)).toBe(
      'This reason was recorded by another version of Photo Uploader and cannot be shown in this one.',
    );
    expect(createTranslator('es').t(UNKNOWN_REASON.key)).toBe(
      'Este motivo lo registró otra versión de Photo Uploader y no se puede mostrar en esta.',
    );
    reopened.close();
  });
});

describe('a stored reason', () => {
  it('reads back as valid words of the catalogs, whatever text the column holds', () => {
    const stored = fc.oneof(
      fc.string(),
      fc.json(),
      fc
        .record({
          key: fc.oneof(fc.constantFrom(...reasonKeys), fc.string()),
          values: fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.double())),
        })
        .map((value) => JSON.stringify(value)),
    );
    fc.assert(
      fc.property(stored, (text) => {
        const reason = storedReason(text);
        expect(wordsSchema.safeParse(reason).success).toBe(true);
        // JSON the catalogs cannot word is never shown as it is: it reads as an unknown reason.
        if (text.trimStart().startsWith('{') && !wordsSchema.safeParse(safeJson(text)).success)
          expect(reason).toEqual(UNKNOWN_REASON);
        // Read, kept and read again, it is the same words: a reason once words stays them.
        expect(storedReason(reasonText(reason))).toEqual(reason);
      }),
      { numRuns: 500 },
    );
  });

  it('of an older queue is words the store keeps, however long the sentence', () => {
    // Sentences with a value in them, as an older version wrote them, the value any length.
    const sentence = fc.tuple(
      fc.constantFrom(
        (value: string) => value,
        (value: string) => `The Photo Service refused it (422): ${value}`,
        (value: string) => `Already on the service as photo ${value}: not uploaded again.`,
        (value: string) => `The photo store refused the upload (${value})`,
      ),
      // Short, and longer than a kept value may be.
      fc.oneof(fc.string({ maxLength: 40 }), fc.string({ minLength: 1990, maxLength: 2600 })),
    );
    fc.assert(
      fc.property(sentence, ([write, value]) => {
        const reason = storedReason(write(value));
        expect(wordsSchema.safeParse(reason).success).toBe(true);
        expect(storedReason(reasonText(reason))).toEqual(reason);
        expect(storedReason(reasonText(legacyReason(value)))).toEqual(legacyReason(value));
      }),
      { numRuns: 200 },
    );
  });

  it('is the words that were written, through the store', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'queue-reason-')), 'queue.db');
    const store = new QueueStore(file, new TestClock());
    const [id] = store.addPhotos([
      {
        path: '/photos/a.jpg',
        size: 1,
        format: 'jpeg',
        md5: 'a',
        capturedAt: 0,
        coordinates: null,
        projectId: 'p1',
        description: '',
        internal: false,
      },
    ]).added;
    fc.assert(
      fc.property(
        fc.string({ maxLength: 200 }),
        fc.integer({ min: 100, max: 599 }),
        (text, status) => {
          for (const reason of [
            words('reason.queue.alreadyOnService', { photoId: text }),
            words('reason.service.refusedWithDetails', { status, details: text }),
            legacyReason(text),
          ] satisfies Words[])
            expect(store.update(id!, { state: 'needs-attention', reason }).reason).toEqual(reason);
        },
      ),
      { numRuns: 50 },
    );
    store.close();
  });

  it('of this code, said in English, is the same words again', () => {
    const plain = reasonKeys.filter((key) => !/\{/.test(writtenCatalogs().en[key] ?? '{'));
    for (const key of plain) {
      const said = words(key as Parameters<typeof words>[0]);
      expect(reasonFromEnglish(englishFor(said)), key).toEqual(said);
    }
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (photoId) => {
        const said = words('reason.queue.alreadyOnService', { photoId });
        expect(reasonFromEnglish(englishFor(said))).toEqual(said);
      }),
    );
  });
});

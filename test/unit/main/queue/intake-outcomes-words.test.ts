import fc from 'fast-check';
import Database from 'libsql';
import { describe, expect, it } from 'vitest';
import {
  INTAKE_OUTCOMES_MIGRATION,
  INTAKE_OUTCOMES_ON_SERVICE_MIGRATION,
  listIntakeOutcomes,
  recordIntakeOutcomes,
} from '../../../../main/queue/intake-outcomes-table';
import { storedReason, UNKNOWN_REASON } from '../../../../main/queue/queue-reason';
import { createTranslator } from '../../../../shared/i18n/translator';
import { englishFor, words } from '../../../../shared/i18n/words';

function outcomesDb(): Database.Database {
  const db = new Database(':memory:');
  db.exec(INTAKE_OUTCOMES_MIGRATION);
  db.exec(INTAKE_OUTCOMES_ON_SERVICE_MIGRATION);
  return db;
}

describe('the intake outcomes of the queue database (issue 24 §2)', () => {
  it('keeps reasons as words, so a reason recorded yesterday reads in today’s language', () => {
    const db = outcomesDb();
    const reason = words('reason.intake.tooLarge', { size: 600, limit: 500 });
    recordIntakeOutcomes(db, 'p1', [{ path: '/drop/scan.tif', outcome: 'skipped', reason }], 1);
    const [row] = listIntakeOutcomes(db);
    expect(row?.words).toEqual(reason);
    // The report's column stays English, as the command line.
    expect(row?.reason).toBe('The file is 600 MB, more than the 500 MB allowed for one photo');
    const stored = db.prepare('SELECT reason FROM intake_outcomes').get() as { reason: string };
    expect(JSON.parse(stored.reason)).toEqual(reason);
    expect(createTranslator('de').t(row!.words.key, row!.words.values)).toBe(
      'Die Datei ist 600 MB groß, mehr als die 500 MB, die für ein Foto erlaubt sind',
    );
  });

  it('reads a row as a queue item’s reason is read: old English as words or as it was, unknown JSON as unknown', () => {
    const db = outcomesDb();
    const insert = db.prepare(
      "INSERT INTO intake_outcomes (project_id, path, outcome, reason, created_at) VALUES ('p', ?, 'skipped', ?, 1)",
    );
    insert.run('/a.txt', 'Skipped: not a photo (text/plain)');
    insert.run('/b.txt', 'Skipped: the file is empty (0 bytes)');
    insert.run('/c.txt', JSON.stringify({ key: 'no.such.key' }));
    insert.run('/d.txt', '{"key": "reason.intake.empty", "values": {"x": {}}}');
    const rows = listIntakeOutcomes(db);
    expect(rows.map((row) => row.words)).toEqual([
      { key: 'reason.legacy', values: { text: 'Skipped: not a photo (text/plain)' } },
      // A sentence an older version wrote is its message again, read in today's language.
      { key: 'reason.intake.empty' },
      UNKNOWN_REASON,
      UNKNOWN_REASON,
    ]);
    // The report's column is the English of its words (the sentence it was, when unknown).
    expect(rows.slice(0, 2).map((row) => row.reason)).toEqual([
      'Skipped: not a photo (text/plain)',
      'The file is empty (0 bytes)',
    ]);
  });

  it('reads every row through the queue’s reader of stored reasons', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (text) => {
        const db = outcomesDb();
        db.prepare(
          "INSERT INTO intake_outcomes (project_id, path, outcome, reason, created_at) VALUES ('p', '/a', 'skipped', ?, 1)",
        ).run(text);
        const [row] = listIntakeOutcomes(db);
        expect(row?.words).toEqual(storedReason(text));
        expect(row?.reason).toBe(englishFor(storedReason(text)));
        db.close();
      }),
      { numRuns: 100 },
    );
  });
});

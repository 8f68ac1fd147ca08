import Database from 'libsql';
import { describe, expect, it } from 'vitest';
import {
  INTAKE_OUTCOMES_MIGRATION,
  INTAKE_OUTCOMES_ON_SERVICE_MIGRATION,
  listIntakeOutcomes,
  recordIntakeOutcomes,
} from '../../../../main/queue/intake-outcomes-table';
import { createTranslator } from '../../../../shared/i18n/translator';
import { words } from '../../../../shared/i18n/words';

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

  it('reads a row written in English before as that English, and refuses words no catalog has', () => {
    const db = outcomesDb();
    const insert = db.prepare(
      "INSERT INTO intake_outcomes (project_id, path, outcome, reason, created_at) VALUES ('p', ?, 'skipped', ?, 1)",
    );
    insert.run('/a.txt', 'Skipped: not a photo (text/plain)');
    insert.run('/b.txt', JSON.stringify({ key: 'no.such.key' }));
    insert.run('/c.txt', '{"key": "reason.intake.empty", "values": {"x": {}}}');
    const rows = listIntakeOutcomes(db);
    expect(rows.map((row) => row.words)).toEqual([
      { key: 'reason.legacy', values: { text: 'Skipped: not a photo (text/plain)' } },
      { key: 'reason.legacy', values: { text: '{"key":"no.such.key"}' } },
      {
        key: 'reason.legacy',
        values: { text: '{"key": "reason.intake.empty", "values": {"x": {}}}' },
      },
    ]);
    expect(rows[0]?.reason).toBe('Skipped: not a photo (text/plain)');
  });
});

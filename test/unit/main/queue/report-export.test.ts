import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ReportRow, toCsv } from '../../../../main/queue/queue-report';
import { csvInTurns, jsonInTurns } from '../../../../main/queue/report-export';

const row = fc.record({
  file: fc.string(),
  project: fc.string(),
  outcome: fc.string(),
  photo_id: fc.string(),
  reason: fc.string(),
  reason_code: fc.string(),
  failed_photo_ids: fc.string(),
  after_upload: fc.string(),
});

describe('the report written in turns', () => {
  it('is the same text as written in one go, for any rows and any count', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(row, { maxLength: 30 }),
        fc.integer({ min: 0, max: 1200 }),
        async (some, extra) => {
          const rows: ReportRow[] = [
            ...some,
            ...Array.from({ length: extra }, (_, index) => ({
              ...some[0],
              file: `f${index}`,
              project: 'p',
              outcome: 'waiting',
              photo_id: '',
              reason: 'a "quoted",\nline',
              reason_code: 'reason.legacy',
              failed_photo_ids: '',
              after_upload: '',
            })),
          ];
          expect(await csvInTurns(rows)).toBe(toCsv(rows));
          expect(await jsonInTurns(rows)).toBe(`${JSON.stringify(rows, null, 2)}\n`);
        },
      ),
      { numRuns: 25 },
    );
  });
});

import { mkdtemp } from 'node:fs/promises';
import { wordsSchema } from '../../../../shared/i18n/words';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineRig, writeJpeg } from '../../../fakes/engine-rig';
import {
  type AnswerMode,
  NORMAL,
  OddPhotoService,
  PROCESSING_STATUSES,
} from '../../../fakes/odd-photo-service';
import { TestClock } from '../../../fakes/test-clock';

/** Any answer the service facts describe, and the failures around them. */
const answerMode: fc.Arbitrary<AnswerMode> = fc.record({
  outcome: fc.constantFrom(
    'ok',
    'ok',
    'ok',
    'empty',
    'not-json',
    'server-error',
    'rate-limited',
    'lost',
  ),
  okStatus: fc.constantFrom(200, 201),
  storedDespiteError: fc.boolean(),
  shape: fc.constantFrom('bare', 'wrapped', 'id-only'),
  numericIds: fc.boolean(),
  coordinates: fc.constantFrom('object', 'array', 'null', 'missing'),
  description: fc.constantFrom('string', 'object', 'null', 'missing'),
  status: fc.constantFrom('true', 'missing', 'unrecognised', ...PROCESSING_STATUSES),
  hash: fc.constantFrom('true', 'null', 'missing'),
  unreadableItem: fc.boolean(),
});

describe('UploadEngine property: whatever the service answers', () => {
  const clock = new TestClock();
  let service: OddPhotoService;
  let files: { path: string; md5: string }[];

  beforeAll(async () => {
    service = await OddPhotoService.start(clock);
    const dir = await mkdtemp(join(tmpdir(), 'engine-property-'));
    files = await Promise.all([1, 2, 3, 4].map((seed) => writeJpeg(dir, seed)));
  });
  afterAll(() => service.close());

  it('never crashes, never creates a photo twice, and ends every item done or with a reason', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(answerMode, { maxLength: 30 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 3 }),
        async (answers, count, concurrency) => {
          service.reset();
          // Each request takes the next generated answer; then the service behaves.
          const queue = [...answers];
          service.plan = () => queue.shift() ?? NORMAL;
          const rig = await engineRig(service, clock, { concurrency });
          try {
            const ids = rig.queue(files.slice(0, count));
            const stop = AbortSignal.timeout(15_000);
            await rig.engine.runUntilIdle(stop);
            expect(stop.aborted, 'the engine settled by itself').toBe(false);
            for (const file of files.slice(0, count))
              expect(service.storedWith(file.md5), 'photos stored per item').toBeLessThanOrEqual(1);
            for (const id of ids) {
              const item = rig.store.get(id)!;
              expect(['done', 'needs-attention']).toContain(item.state);
              if (item.state === 'needs-attention')
                expect(wordsSchema.safeParse(item.reason).success).toBe(true);
              if (item.state === 'done') expect(item.uri).toBeNull();
            }
            expect(rig.logs.filter((record) => record.level === 'error')).toEqual([]);
          } finally {
            await rig.close();
          }
        },
      ),
      { numRuns: 100 },
    );
  }, 60_000);
});

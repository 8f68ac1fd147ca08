import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  appendResults,
  EMPTY_SUMMARY,
  type IntakeSummary,
  removeResults,
  summarize,
} from '../../../renderer/features/intake/intake-summary';
import { subfoldersOf } from '../../../renderer/features/intake/subfolder-choices';
import type { IntakeItemView } from '../../../shared/ipc/views';
import { intakeItemView } from '../../fakes/intake-item-view';

/** One result: a photo (assumed zone or not, placed or not, in a subfolder or not, a repeat or not) or a skipped file. */
const result = (intakeId: number) =>
  fc
    .record({
      skipped: fc.boolean(),
      assumed: fc.boolean(),
      placed: fc.boolean(),
      subfolder: fc.option(fc.constantFrom('North', 'South', 'Roof', 'north'), { nil: undefined }),
      repeat: fc.constantFrom(undefined, 'in-this-batch', 'already-uploaded'),
    })
    .map(({ skipped, assumed, placed, subfolder, repeat }): IntakeItemView => {
      if (skipped)
        return {
          intakeId,
          status: 'skipped',
          path: `/drop/${intakeId}.txt`,
          root: '/drop',
          folders: [],
          reason: { key: 'reason.intake.notAPhotoUnknown' },
        };
      const base = intakeItemView(intakeId);
      return intakeItemView(intakeId, {
        folders: subfolder === undefined ? [] : [subfolder, 'day 1'],
        capture: assumed ? { ...base.capture, rule: 'assumed', zone: 'Europe/Rome' } : base.capture,
        coordinates: placed ? { lat: 45.4, lon: 9.2 } : null,
        duplicateOf:
          repeat === 'in-this-batch'
            ? { kind: 'in-this-batch', path: '/drop/first.jpg' }
            : repeat === 'already-uploaded'
              ? { kind: 'already-uploaded', photoId: 'p-1' }
              : undefined,
      });
    });

/** 0–300 results with ids 1…n, cut into arrival batches of random sizes. */
const arrivals = fc
  .integer({ min: 0, max: 300 })
  .chain((count) =>
    fc.tuple(
      fc.tuple(...Array.from({ length: count }, (_, index) => result(index + 1))),
      fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 50 }),
    ),
  )
  .map(([items, sizes]) => {
    const batches: IntakeItemView[][] = [];
    let at = 0;
    for (let index = 0; at < items.length; index += 1) {
      const size = sizes[index % sizes.length]!;
      batches.push(items.slice(at, at + size));
      at += size;
    }
    return { items, batches };
  });

/** What the review derived from every result on each render before the summary existed. */
function derivedFromScratch(items: readonly IntakeItemView[]) {
  const uploadable = items.filter(
    (item) => item.status === 'photo' && item.duplicateOf?.kind !== 'in-this-batch',
  );
  return {
    items,
    ids: items.map((item) => item.intakeId),
    uploadable,
    assumedCount: items.filter((item) => item.status === 'photo' && item.capture.rule === 'assumed')
      .length,
    subfolders: subfoldersOf(uploadable),
    anyPosition: uploadable.some((item) => item.status === 'photo' && item.coordinates !== null),
  };
}

const comparable = ({ subfolderSet, ...rest }: IntakeSummary) => ({
  ...rest,
  subfolderSet: [...subfolderSet],
});

describe('the intake summary kept as results arrive', () => {
  it('equals what a pass over every result gives, however the results are batched', () => {
    fc.assert(
      fc.property(arrivals, ({ items, batches }) => {
        const summary = batches.reduce(appendResults, EMPTY_SUMMARY);
        const expected = derivedFromScratch(items);
        expect(comparable(summary)).toEqual({
          ...expected,
          subfolderSet: expected.subfolders,
        });
      }),
      { numRuns: 200 },
    );
  });

  it('after removing results, equals the summary of what is left', () => {
    fc.assert(
      fc.property(arrivals, fc.array(fc.integer({ min: 1, max: 300 })), ({ items }, removed) => {
        const gone = new Set(removed);
        const summary = removeResults(summarize(items), gone);
        const left = items.filter((item) => !gone.has(item.intakeId));
        const expected = derivedFromScratch(left);
        expect(comparable(summary)).toEqual({ ...expected, subfolderSet: expected.subfolders });
      }),
      { numRuns: 100 },
    );
  });

  it('keeps the same arrays when a batch adds nothing they hold', () => {
    const first = summarize([intakeItemView(1, { folders: ['North'] })]);
    const next = appendResults(first, [
      {
        intakeId: 2,
        status: 'skipped',
        path: '/drop/2.txt',
        root: '/drop',
        folders: [],
        reason: { key: 'reason.intake.notAPhotoUnknown' },
      },
    ]);
    // The subfolder list and the uploadable photos are unchanged: components given them do not re-render.
    expect(next.subfolders).toBe(first.subfolders);
    expect(next.uploadable).toBe(first.uploadable);
    expect(next.ids).toEqual([1, 2]);
    expect(appendResults(next, [])).toBe(next);
  });
});

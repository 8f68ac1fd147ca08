import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  hasEveryTag,
  tagsOf,
  uploadedBy,
  uploaderKey,
  uploaderName,
  uploadersOf,
} from '../../../../shared/domain/photo-match';
import { keptPhotos } from '../../../../main/core/list-handlers';
import type { PhotoListingView } from '../../../../shared/ipc/views';

// Issue 26 §1: existing photos filtered by tag and by who uploaded them. The v2 list endpoint
// filters only by capture time, so the matching is ours: one rule for the window and the command
// line.

const ANA = { id: 'u-1', name: 'Ana Pérez' };
const BEN = { id: 'u-2', name: 'Ben Ode' };

function listed(id: string, change: Partial<PhotoListingView> = {}): PhotoListingView {
  return {
    id,
    capturedAt: 1_700_000_000,
    hash: null,
    description: '',
    tags: [],
    uploader: null,
    processingStatus: 'processed',
    ...change,
  };
}

describe('matching tags', () => {
  it('compares tags as they are kept: trimmed, spaces collapsed, any case', () => {
    expect(hasEveryTag(['Level 2', 'Rebar'], ['  level   2 '])).toBe(true);
    expect(hasEveryTag(['Level 2', 'Rebar'], ['REBAR', 'level 2'])).toBe(true);
    expect(hasEveryTag(['Level 2'], ['Level 3'])).toBe(false);
    expect(hasEveryTag([], ['Level 2'])).toBe(false);
    expect(hasEveryTag([], [])).toBe(true);
  });

  it('finds a photo by each tag it carries, spelt in lower case and padded', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 1, maxLength: 12 }), { maxLength: 6 }),
        (tags) => {
          for (const tag of tags.filter((entry) => entry.trim() !== '')) {
            expect(hasEveryTag(tags, [` ${tag.toLocaleLowerCase('en')} `])).toBe(true);
            expect(hasEveryTag(tags, [tag, ...tags])).toBe(true);
          }
        },
      ),
    );
  });

  it('offers each tag once, in its first spelling, sorted', () => {
    expect(
      tagsOf([{ tags: ['rebar', 'Level 2'] }, { tags: ['Rebar ', 'east  wing'] }, { tags: [] }]),
    ).toEqual(['east wing', 'Level 2', 'rebar']);
  });
});

describe('matching who uploaded a photo', () => {
  it('takes the id exactly, or the name in any case', () => {
    expect(uploadedBy(ANA, 'u-1')).toBe(true);
    expect(uploadedBy(ANA, 'U-1')).toBe(false);
    expect(uploadedBy(ANA, ' ana pérez ')).toBe(true);
    expect(uploadedBy(ANA, 'Ben Ode')).toBe(false);
    expect(uploadedBy({ id: null, name: 'Ben Ode' }, 'ben ode')).toBe(true);
  });

  it('matches nobody when the service does not say who uploaded the photo', () => {
    fc.assert(
      fc.property(fc.string(), (who) => {
        expect(uploadedBy(null, who)).toBe(false);
      }),
    );
  });

  it('lists the uploaders once each and counts the photos that do not say', () => {
    const { uploaders, unstated } = uploadersOf([
      { uploader: BEN },
      { uploader: null },
      { uploader: ANA },
      { uploader: { ...BEN } },
      { uploader: null },
    ]);
    expect(uploaders.map(uploaderName)).toEqual(['Ana Pérez', 'Ben Ode']);
    expect(unstated).toBe(2);
    // A name without an id, and an id without a name, are told apart from each other.
    expect(uploaderKey({ id: null, name: 'x' })).not.toBe(uploaderKey({ id: 'x', name: null }));
    expect(uploaderName({ id: 'u-9', name: null })).toBe('u-9');
  });
});

describe('the core’s photo list filters', () => {
  const photos = [
    listed('a', { tags: ['Level 2'], uploader: ANA }),
    listed('b', { tags: ['level 2', 'Rebar'], uploader: BEN }),
    listed('c', { tags: ['Rebar'], uploader: null }),
    listed('d', { tags: ['Level 2'], uploader: null, capturedAt: 1_600_000_000 }),
  ];
  const ids = (kept: { photos: readonly PhotoListingView[] }) => kept.photos.map((p) => p.id);

  it('keeps every photo without a filter, and says how many do not name their uploader', () => {
    expect(keptPhotos(photos, { tags: [] })).toEqual({ photos, uploaderUnstated: 2 });
  });

  it('keeps the photos carrying every tag, then those the uploader uploaded', () => {
    expect(ids(keptPhotos(photos, { tags: ['LEVEL 2'] }))).toEqual(['a', 'b', 'd']);
    expect(ids(keptPhotos(photos, { tags: ['level 2', 'rebar'] }))).toEqual(['b']);
    const byBen = keptPhotos(photos, { tags: ['level 2'], uploadedBy: 'ben ode' });
    expect(ids(byBen)).toEqual(['b']);
    // d carries the tag but does not say who uploaded it: left out, and counted.
    expect(byBen.uploaderUnstated).toBe(1);
  });

  it('leaves out the photos taken before `since`, which a service may send anyway', () => {
    const kept = keptPhotos(photos, { since: 1_650_000_000, tags: ['level 2'], uploadedBy: 'u-1' });
    expect(ids(kept)).toEqual(['a']);
    expect(kept.uploaderUnstated).toBe(0);
  });
});

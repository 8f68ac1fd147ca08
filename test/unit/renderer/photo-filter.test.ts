import { describe, expect, it } from 'vitest';
import type { PhotoView } from '../../../shared/ipc/views';
import {
  captureDay,
  descriptionText,
  filterPhotos,
  NO_FILTER,
  UPLOADER_UNSTATED,
} from '../../../renderer/features/photos/photo-filter';
import { uploaderKey } from '../../../shared/domain/photo-match';

function photo(id: string, change: Partial<PhotoView> = {}): PhotoView {
  return {
    id,
    projectId: 'p',
    capturedAt: null,
    coordinates: null,
    description: '',
    internal: false,
    processingStatus: 'processed',
    hasThumbnail: false,
    tags: [],
    uploader: null,
    zone: undefined,
    ...change,
  };
}

// 2008-10-22 22:30 UTC: still the 22nd in New York, already the 23rd in Tokyo.
const LATE = Date.UTC(2008, 9, 22, 22, 30) / 1000;

describe('a description as plain text', () => {
  it('drops the markup, decodes entities and keeps words of separate blocks apart', () => {
    expect(
      descriptionText(
        '<p>Footings <strong>poured</strong></p><ul><li><p>north&nbsp;wall</p></li><li>R&amp;D &lt;3 &#233;&#x e9;</li></ul>',
      ),
    ).toBe('Footings poured north wall R&D <3 é&#x e9;');
    expect(descriptionText('<p>a</p><p>b<br>c</p>')).toBe('a b c');
  });
});

describe('the capture day', () => {
  it('is the day on the photo’s own clock', () => {
    expect(captureDay({ capturedAt: LATE, zone: 'America/New_York' })).toBe('2008-10-22');
    expect(captureDay({ capturedAt: LATE, zone: 'Asia/Tokyo' })).toBe('2008-10-23');
    expect(captureDay({ capturedAt: null, zone: 'Asia/Tokyo' })).toBeUndefined();
  });
});

describe('filtering the existing photos', () => {
  const photos = [
    photo('ny', {
      capturedAt: LATE,
      zone: 'America/New_York',
      description: '<p>North <b>WALL</b></p>',
    }),
    photo('tokyo', { capturedAt: LATE, zone: 'Asia/Tokyo', description: '<p>South wall</p>' }),
    photo('undated', { description: '<p>north wall</p>' }),
  ];
  const ids = (kept: readonly PhotoView[]) => kept.map((entry) => entry.id);

  it('keeps every photo without a filter', () => {
    expect(filterPhotos(photos, NO_FILTER)).toBe(photos);
  });

  it('keeps the days between the bounds, inclusive, and drops undated photos', () => {
    expect(ids(filterPhotos(photos, { ...NO_FILTER, from: '2008-10-23' }))).toEqual(['tokyo']);
    expect(ids(filterPhotos(photos, { ...NO_FILTER, to: '2008-10-22' }))).toEqual(['ny']);
    expect(
      ids(filterPhotos(photos, { ...NO_FILTER, from: '2008-10-22', to: '2008-10-23' })),
    ).toEqual(['ny', 'tokyo']);
    // Bounds the wrong way round mean the same days.
    expect(
      ids(filterPhotos(photos, { ...NO_FILTER, from: '2008-10-23', to: '2008-10-22' })),
    ).toEqual(['ny', 'tokyo']);
  });

  it('matches the description’s words in any case, not its markup', () => {
    expect(ids(filterPhotos(photos, { ...NO_FILTER, text: '  north wall ' }))).toEqual([
      'ny',
      'undated',
    ]);
    expect(ids(filterPhotos(photos, { ...NO_FILTER, text: 'b>' }))).toEqual([]);
    expect(
      ids(
        filterPhotos(photos, { ...NO_FILTER, from: '2008-10-22', to: '2008-10-22', text: 'wall' }),
      ),
    ).toEqual(['ny']);
  });
});

describe('filtering the existing photos by tag and by who uploaded them', () => {
  const ana = { id: 'u-1', name: 'Ana' };
  const photos = [
    photo('a', { tags: ['Level 2'], uploader: ana }),
    photo('b', { tags: ['rebar'], uploader: { id: 'u-2', name: 'Ben' } }),
    photo('c', { tags: ['level 2', 'Rebar'], uploader: null }),
  ];
  const ids = (kept: readonly PhotoView[]) => kept.map((entry) => entry.id);

  it('keeps the photos carrying the tag, in any case', () => {
    expect(ids(filterPhotos(photos, { ...NO_FILTER, tag: 'LEVEL 2' }))).toEqual(['a', 'c']);
  });

  it('keeps one uploader’s photos, or those whose service does not say', () => {
    expect(ids(filterPhotos(photos, { ...NO_FILTER, uploader: uploaderKey(ana) }))).toEqual(['a']);
    expect(ids(filterPhotos(photos, { ...NO_FILTER, uploader: UPLOADER_UNSTATED }))).toEqual(['c']);
    expect(
      ids(filterPhotos(photos, { ...NO_FILTER, tag: 'rebar', uploader: UPLOADER_UNSTATED })),
    ).toEqual(['c']);
  });
});

import { describe, expect, it } from 'vitest';
import { bulkDescription } from '../../../renderer/features/photos/bulk-description';
import {
  clickPhoto,
  NO_SELECTION,
  selectAll,
} from '../../../renderer/features/photos/photo-selection';

const order = ['a', 'b', 'c', 'd', 'e'];
const ids = (selection: { selected: ReadonlySet<string> }) => [...selection.selected].sort();

describe('selecting photos in Existing photos', () => {
  it('toggles one photo per click', () => {
    const one = clickPhoto(NO_SELECTION, order, 'b', false);
    expect(ids(one)).toEqual(['b']);
    expect(ids(clickPhoto(one, order, 'b', false))).toEqual([]);
  });

  it('selects the range from the last click with Shift, in either direction', () => {
    const anchored = clickPhoto(NO_SELECTION, order, 'b', false);
    expect(ids(clickPhoto(anchored, order, 'd', true))).toEqual(['b', 'c', 'd']);
    const back = clickPhoto(clickPhoto(NO_SELECTION, order, 'd', false), order, 'a', true);
    expect(ids(back)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('toggles with Shift when there is no anchor yet', () => {
    expect(ids(clickPhoto(NO_SELECTION, order, 'c', true))).toEqual(['c']);
  });

  it('selects every photo shown', () => {
    expect(ids(selectAll(order))).toEqual(order);
  });
});

describe('one description for many photos', () => {
  it('replaces, or appends after what each photo had', () => {
    expect(bulkDescription('<p>Old</p>', '<p>New</p>', 'set')).toBe('<p>New</p>');
    expect(bulkDescription('<p>Old</p>', '<p>New</p>', 'append')).toBe('<p>Old</p><p>New</p>');
    expect(bulkDescription('', '<p>New</p>', 'append')).toBe('<p>New</p>');
    expect(bulkDescription('<p>Old</p>', '', 'append')).toBe('<p>Old</p>');
  });
});

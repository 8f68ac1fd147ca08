import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  afterUploadFlag,
  isSameOrInside,
  keptFolders,
  numberedName,
  parseAfterUploadFlag,
  serviceHolds,
} from '../../../../shared/domain/after-upload';

const part = fc.stringMatching(/^[A-Za-z0-9 _-]{1,12}$/);

describe('after upload: the plain decisions', () => {
  it('reads --after-upload leave, trash and move:DIR, and nothing else', () => {
    expect(parseAfterUploadFlag('leave')).toEqual({ kind: 'leave' });
    expect(parseAfterUploadFlag('trash')).toEqual({ kind: 'trash' });
    expect(parseAfterUploadFlag('move:/done/photos')).toEqual({
      kind: 'move',
      folder: '/done/photos',
    });
    for (const wrong of ['', 'move:', 'delete', 'Trash', 'move', 'rm:/x'])
      expect(parseAfterUploadFlag(wrong)).toBeUndefined();
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constant('leave'),
          fc.constant('trash'),
          part.map((p) => `move:/${p}`),
        ),
        (flag) => {
          expect(afterUploadFlag(parseAfterUploadFlag(flag)!)).toBe(flag);
        },
      ),
    );
  });

  it('runs only once the service holds the photo: done with a photo id, a photo', () => {
    const photo = { kind: 'photo' as const, photo_id: 'ph-1', found_on_service: false };
    expect(serviceHolds({ ...photo, state: 'done' })).toBe(true);
    expect(serviceHolds({ ...photo, state: 'done', found_on_service: true })).toBe(true);
    for (const state of ['queued', 'staged', 'creating', 'created', 'needs-attention', 'cancelled'])
      expect(serviceHolds({ ...photo, state })).toBe(false);
    expect(serviceHolds({ ...photo, state: 'done', photo_id: null })).toBe(false);
    expect(serviceHolds({ ...photo, kind: 'description', state: 'done' })).toBe(false);
  });

  it('numbers a taken name before its extension, never twice the same', () => {
    expect(numberedName('IMG_1.jpg', 1)).toBe('IMG_1.jpg');
    expect(numberedName('IMG_1.jpg', 2)).toBe('IMG_1 (2).jpg');
    expect(numberedName('IMG_1.tar.jpg', 3)).toBe('IMG_1.tar (3).jpg');
    expect(numberedName('README', 2)).toBe('README (2)');
    expect(numberedName('.hidden', 2)).toBe('.hidden (2)');
    fc.assert(
      fc.property(part, fc.constantFrom('', '.jpg', '.HEIC'), (stem, ext) => {
        const names = new Set([1, 2, 3, 10, 11].map((n) => numberedName(`${stem}${ext}`, n)));
        expect(names.size).toBe(5);
        for (const name of names) expect(name.endsWith(ext)).toBe(true);
      }),
    );
  });

  it('keeps the folders between the dropped folder and the file, and only those', () => {
    expect(keptFolders('/card', '/card/Level 2/East/IMG_1.jpg')).toEqual(['Level 2', 'East']);
    expect(keptFolders('/card', '/card/IMG_1.jpg')).toEqual([]);
    // A dropped file is its own root; a file elsewhere keeps nothing.
    expect(keptFolders('/card/IMG_1.jpg', '/card/IMG_1.jpg')).toEqual([]);
    expect(keptFolders('/cards', '/card/A/IMG_1.jpg')).toEqual([]);
    expect(keptFolders('C:\\card', 'C:\\card\\A\\IMG_1.jpg')).toEqual(['A']);
    fc.assert(
      fc.property(
        fc.array(part, { maxLength: 3 }),
        fc.array(part, { maxLength: 4 }),
        part,
        (root, between, file) => {
          const rootPath = `/${root.join('/')}`;
          const path = `${rootPath}/${[...between, `${file}.jpg`].join('/')}`;
          expect(keptFolders(rootPath, path)).toEqual(between);
        },
      ),
    );
  });

  it('refuses a move folder that is the dropped folder or inside it, not beside or above it', () => {
    expect(isSameOrInside('/card', '/card')).toBe(true);
    expect(isSameOrInside('/card/done', '/card')).toBe(true);
    expect(isSameOrInside('/card-done', '/card')).toBe(false);
    expect(isSameOrInside('/', '/card')).toBe(false);
    expect(isSameOrInside('/done', '/card')).toBe(false);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Preset, WithManaged } from '../../../shared/domain/presets';
import {
  batchAfterUpload,
  batchDescriptionInput,
  ownPresets,
  presetFromFields,
  saveRefusal,
  withSavedPreset,
  withoutPreset,
} from '../../../renderer/features/presets/preset-draft';

const office: WithManaged<Preset> = { name: 'Site walk', internal: true, managed: true };
const mine: WithManaged<Preset> = { name: 'Mine', tags: ['a'], managed: false };

describe('the presets the window saves', () => {
  it('are only the user’s own, without their marks', () => {
    expect(ownPresets([office, mine])).toEqual([{ name: 'Mine', tags: ['a'] }]);
  });

  it('keep only what the batch chose', () => {
    expect(
      presetFromFields(' New ', {
        projectId: undefined,
        tags: [],
        description: ' ',
        internal: false,
        afterUpload: { kind: 'leave' },
      }),
    ).toEqual({ name: 'New', internal: false });
    expect(
      presetFromFields('New', {
        projectId: 'p',
        tags: ['t'],
        description: '<p>x</p>',
        internal: true,
        afterUpload: { kind: 'move', folder: '/srv/sorted' },
      }),
    ).toEqual({
      name: 'New',
      projectId: 'p',
      tags: ['t'],
      descriptionTemplate: '<p>x</p>',
      internal: true,
      afterUpload: { kind: 'move', folder: '/srv/sorted' },
    });
  });

  it('keep the batch’s own after-upload choice, else its preset’s, else leave', () => {
    const trash = { kind: 'trash' } as const;
    const move = { kind: 'move', folder: '/srv/a' } as const;
    const leave = { kind: 'leave' } as const;
    expect(batchAfterUpload(trash, { name: 'P', afterUpload: move })).toEqual(trash);
    expect(batchAfterUpload(leave, { name: 'P', afterUpload: move })).toEqual(move);
    expect(batchAfterUpload(leave, { name: 'P' })).toEqual(leave);
    expect(batchAfterUpload(leave, undefined)).toEqual(leave);
  });

  it('refuse an empty name and one the organisation holds, in any case', () => {
    expect(saveRefusal('  ', [office])).toBe('empty');
    expect(saveRefusal('SITE walk ', [office, mine])).toBe('office');
    expect(saveRefusal('mine', [office, mine])).toBeUndefined();
  });

  it('replace the user’s own of the same name in its place, else add it last', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 8 }), {
          selector: (name) => name.toLowerCase(),
        }),
        fc.string({ minLength: 1, maxLength: 8 }),
        (names, name) => {
          const list = names.map((entry) => ({ name: entry, managed: false }));
          const saved = withSavedPreset(list, { name, internal: true });
          const key = name.toLowerCase();
          const existed = names.some((entry) => entry.toLowerCase() === key);
          const named = saved.filter((entry) => entry.name.toLowerCase() === key);
          expect(named).toEqual([{ name, internal: true }]);
          expect(saved.length).toBe(names.length + (existed ? 0 : 1));
          expect(withoutPreset(list, name).some((e) => e.name.toLowerCase() === key)).toBe(false);
        },
      ),
    );
  });

  it('send a description with tokens as the template, any other as the description', () => {
    const preset: Preset = { name: 'P', descriptionTemplate: '<p>{folder}</p>' };
    expect(batchDescriptionInput(undefined, 'x')).toEqual({ description: 'x' });
    expect(batchDescriptionInput(undefined, '<p>{date} {nope}</p>')).toEqual({
      description: '',
      descriptionTemplate: '<p>{date} {nope}</p>',
    });
    expect(batchDescriptionInput(undefined, '<p>{{literal}}</p>')).toEqual({
      description: '<p>{{literal}}</p>',
    });
    expect(batchDescriptionInput(preset, '<p>{folder}</p>')).toEqual({
      preset: 'P',
      description: '',
      descriptionTemplate: '<p>{folder}</p>',
    });
    expect(batchDescriptionInput(preset, '<p>mine</p>')).toEqual({
      preset: 'P',
      description: '<p>mine</p>',
    });
    // Cleared by the user: the preset's template does not come back.
    expect(batchDescriptionInput(preset, '')).toEqual({
      preset: 'P',
      description: '',
      descriptionTemplate: '',
    });
  });
});

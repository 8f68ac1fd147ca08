import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  entryNamed,
  mergedEntries,
  presetSchema,
  presetsSchema,
  savedTemplatesSchema,
  withPreset,
} from '../../../../shared/domain/presets';

describe('saved templates and presets: the schema', () => {
  it('trims names and refuses an empty one or one over 80 characters', () => {
    expect(savedTemplatesSchema.parse([{ name: '  Site visit ', template: '{folder}' }])).toEqual([
      { name: 'Site visit', template: '{folder}' },
    ]);
    expect(savedTemplatesSchema.safeParse([{ name: '   ', template: '' }]).success).toBe(false);
    expect(savedTemplatesSchema.safeParse([{ name: 'x'.repeat(81), template: '' }]).success).toBe(
      false,
    );
  });

  it('refuses a template with an unknown token, naming it', () => {
    const parsed = savedTemplatesSchema.safeParse([{ name: 'a', template: '<p>{floor}</p>' }]);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toContain('{floor}');
    const preset = presetSchema.safeParse({ name: 'p', descriptionTemplate: '{Folder}' });
    expect(preset.error?.issues[0]?.message).toContain('{Folder}');
  });

  it('refuses a name used twice, ignoring case, naming it', () => {
    const parsed = presetsSchema.safeParse([{ name: 'Level 3' }, { name: 'level 3' }]);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toContain('level 3');
  });

  it('keeps at most 100 entries', () => {
    const many = Array.from({ length: 101 }, (_, index) => ({ name: `p${index}` }));
    expect(presetsSchema.safeParse(many).success).toBe(false);
    expect(presetsSchema.safeParse(many.slice(0, 100)).success).toBe(true);
  });

  it('takes every field of a preset, and refuses a field it does not know', () => {
    const preset = {
      name: 'Walk',
      projectId: 'p-1',
      tags: ['walk'],
      descriptionTemplate: '<p>{folder} {date}</p>',
      internal: true,
      afterUpload: { kind: 'move', folder: '/srv/done' },
    };
    expect(presetSchema.parse(preset)).toEqual(preset);
    expect(presetSchema.safeParse({ name: 'x', project: 'p-1' }).success).toBe(false);
    expect(
      presetSchema.safeParse({ name: 'x', afterUpload: { kind: 'move', folder: 'relative' } })
        .success,
    ).toBe(false);
  });
});

describe('the office’s entries and the user’s own', () => {
  it('offers the office’s first, and the office’s wins on a name clash (ignoring case)', () => {
    const merged = mergedEntries(
      [{ name: 'Walk', template: 'office' }],
      [
        { name: 'WALK', template: 'mine' },
        { name: 'Mine', template: 'own' },
      ],
    );
    expect(merged).toEqual([
      { name: 'Walk', template: 'office', managed: true },
      { name: 'Mine', template: 'own', managed: false },
    ]);
  });

  it('keeps every name once, whatever the two lists hold', () => {
    const names = fc.array(fc.constantFrom('a', 'A', 'b', 'B ', 'c', 'd'), { maxLength: 6 });
    fc.assert(
      fc.property(names, names, (office, own) => {
        const unique = (list: string[]) =>
          list.filter(
            (name, index) =>
              list.findIndex(
                (other) => other.trim().toLowerCase() === name.trim().toLowerCase(),
              ) === index,
          );
        const merged = mergedEntries(
          unique(office).map((name) => ({ name })),
          unique(own).map((name) => ({ name })),
        );
        const keys = merged.map((entry) => entry.name.trim().toLowerCase());
        expect(new Set(keys).size).toBe(keys.length);
        // Every office entry is there, marked managed.
        for (const name of unique(office))
          expect(entryNamed(merged, name)).toMatchObject({ name, managed: true });
      }),
    );
  });
});

describe('a preset applied to a batch', () => {
  const preset = {
    name: 'Walk',
    projectId: 'p-preset',
    tags: ['walk'],
    descriptionTemplate: '{folder}',
    internal: true,
    afterUpload: { kind: 'trash' as const },
  };

  it('fills in every field the batch leaves out', () => {
    expect(withPreset({ description: '' }, preset)).toEqual({
      projectId: 'p-preset',
      tags: ['walk'],
      descriptionTemplate: '{folder}',
      internal: true,
      afterUpload: { kind: 'trash' },
    });
  });

  it('gives the defaults of no preset without one', () => {
    expect(withPreset({}, undefined)).toEqual({
      projectId: undefined,
      tags: [],
      descriptionTemplate: undefined,
      internal: false,
      afterUpload: undefined,
    });
  });

  it('lets a description of the batch’s own stand instead of the preset’s template', () => {
    expect(withPreset({ description: '<p>Mine</p>' }, preset).descriptionTemplate).toBeUndefined();
    expect(withPreset({ description: '  ' }, preset).descriptionTemplate).toBe('{folder}');
  });

  it('lets whatever the batch states win, field by field', () => {
    const stated = fc.record(
      {
        projectId: fc.constantFrom('p-1', 'p-2'),
        tags: fc.array(fc.constantFrom('x', 'y'), { maxLength: 2 }),
        descriptionTemplate: fc.constantFrom('{file}', '{date}'),
        internal: fc.boolean(),
        afterUpload: fc.constantFrom({ kind: 'leave' as const }, { kind: 'trash' as const }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(stated, (batch) => {
        const chosen = withPreset(batch, preset);
        expect(chosen.projectId).toBe(batch.projectId ?? preset.projectId);
        expect(chosen.tags).toEqual(batch.tags ?? preset.tags);
        expect(chosen.descriptionTemplate).toBe(
          batch.descriptionTemplate ?? preset.descriptionTemplate,
        );
        expect(chosen.internal).toBe(batch.internal ?? preset.internal);
        expect(chosen.afterUpload).toEqual(batch.afterUpload ?? preset.afterUpload);
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import {
  type SubfolderChoice,
  subfolderProjectsInput,
  subfoldersOf,
  suggestion,
  undecided,
} from '../../../renderer/features/intake/subfolder-choices';
import type { IntakeItemView, ProjectView } from '../../../shared/ipc/views';

const project = (id: string, name: string): ProjectView => ({
  id,
  name,
  address: '',
  photoCount: undefined,
});

describe('a project per subfolder in the window', () => {
  it('lists the subfolders holding photos, once each, in the order met', () => {
    const item = (status: 'photo' | 'skipped', folders: string[]) =>
      ({ status, folders }) as unknown as IntakeItemView;
    expect(
      subfoldersOf([
        item('photo', ['B', 'x']),
        item('photo', []),
        item('skipped', ['C']),
        item('photo', ['A']),
        item('photo', ['B']),
      ]),
    ).toEqual(['B', 'A']);
  });

  it('suggests the project named like the folder in any case, else the first found, else none', () => {
    const found = [project('1', 'Harbor View Tower East'), project('2', 'Harbor View Tower')];
    expect(suggestion('harbor view tower', found)).toEqual({
      kind: 'suggested',
      project: found[1],
    });
    expect(suggestion('Harbor', found)).toEqual({ kind: 'suggested', project: found[0] });
    expect(suggestion('Pier', [])).toMatchObject({ kind: 'none' });
  });

  it('sends only confirmed or left-out folders, and names the others as undecided', () => {
    const choices = new Map<string, SubfolderChoice>([
      ['A', { kind: 'chosen', project: project('1', 'A') }],
      ['B', { kind: 'suggested', project: project('2', 'B') }],
      ['C', { kind: 'left-out' }],
    ]);
    const subfolders = ['A', 'B', 'C', 'D'];
    expect(subfolderProjectsInput(subfolders, choices)).toEqual([
      { subfolder: 'A', projectId: '1' },
      { subfolder: 'C', skipReason: { key: 'reason.intake.folderLeftOut' } },
    ]);
    expect(undecided(subfolders, choices)).toEqual(['B', 'D']);
  });
});

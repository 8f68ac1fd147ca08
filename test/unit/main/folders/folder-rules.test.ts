import { subfolderProjectsByName } from '../../../../main/folders/batch-folders';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  foldersBetween,
  projectForFolderName,
  subfolderOf,
} from '../../../../main/folders/folder-rules';
import { normalizeTags } from '../../../../shared/domain/tags';
import { englishFor, words } from '../../../../shared/i18n/words';

describe('folder rules', () => {
  const root = join('/photos', 'drop');

  it('names the folders between the dropped folder and the file', () => {
    expect(foldersBetween(root, join(root, 'Harbor View', 'Level 2', 'a.jpg'))).toEqual([
      'Harbor View',
      'Level 2',
    ]);
    expect(foldersBetween(root, join(root, 'a.jpg'))).toEqual([]);
    expect(foldersBetween(root, join('/photos', 'other', 'a.jpg'))).toEqual([]);
    expect(subfolderOf(root, join(root, 'Harbor View', 'Level 2', 'a.jpg'))).toBe('Harbor View');
    expect(subfolderOf(root, join(root, 'a.jpg'))).toBeUndefined();
  });

  it('finds the folders again for any nesting (property)', () => {
    const name = fc
      .stringMatching(/^[A-Za-z0-9 _-]{1,12}$/)
      .filter((n) => n.trim() === n && n !== '');
    fc.assert(
      fc.property(fc.array(name, { maxLength: 5 }), (folders) => {
        expect(foldersBetween(root, join(root, ...folders, 'x.jpg'))).toEqual(folders);
      }),
    );
  });

  it('picks the project named like the folder, ignoring case and spaces, never a guess', () => {
    const projects = [
      { id: '1', name: 'Harbor View Tower' },
      { id: '2', name: 'Elm Street School' },
      { id: '3', name: null },
      { id: '4', name: 'Depot' },
      { id: '5', name: 'DEPOT' },
    ];
    expect(projectForFolderName('harbor  view tower ', projects)).toEqual({
      kind: 'match',
      projectId: '1',
      projectName: 'Harbor View Tower',
    });
    expect(projectForFolderName('Harbor View', projects)).toEqual({
      kind: 'skip',
      reason: words('reason.intake.noProjectNamed', { folder: 'Harbor View' }),
    });
    const depot = projectForFolderName('depot', projects);
    expect(depot.kind).toBe('skip');
    expect(depot.kind === 'skip' && englishFor(depot.reason)).toContain(
      '2 projects are named "depot"',
    );
  });
});

describe('an archived project named like a folder (issue 22)', () => {
  const projects = [
    { id: 'd1', name: 'Eastbay Depot (closed)', archived: true },
    { id: 'h1', name: 'Harbor View Tower', archived: false },
    { id: 'y-old', name: 'Yard', archived: true },
    { id: 'y-new', name: 'Yard', archived: false },
  ];

  it('is never matched silently: the folder is skipped, saying why and how to confirm', () => {
    const archived = projectForFolderName('Eastbay Depot (closed)', projects);
    expect(archived.kind).toBe('skip');
    expect(archived.kind === 'skip' && englishFor(archived.reason)).toBe(
      'The project named "Eastbay Depot (closed)" is archived: its photos are not uploaded unless you confirm it (--include-archived).',
    );
    expect(subfolderProjectsByName(['Eastbay Depot (closed)'], projects)).toEqual([
      {
        subfolder: 'Eastbay Depot (closed)',
        skipReason: words('reason.intake.projectArchived', { folder: 'Eastbay Depot (closed)' }),
      },
    ]);
  });

  it('is matched once the user confirmed archived projects', () => {
    expect(
      projectForFolderName('eastbay depot (closed)', projects, { includeArchived: true }),
    ).toEqual({ kind: 'match', projectId: 'd1', projectName: 'Eastbay Depot (closed)' });
    expect(
      subfolderProjectsByName(['Eastbay Depot (closed)'], projects, { includeArchived: true }),
    ).toEqual([{ subfolder: 'Eastbay Depot (closed)', projectId: 'd1' }]);
  });

  it('leaves the live project of the same name as the only match, confirmed or not', () => {
    expect(projectForFolderName('Yard', projects)).toMatchObject({ projectId: 'y-new' });
    expect(projectForFolderName('Yard', projects, { includeArchived: true })).toMatchObject({
      kind: 'match',
      projectId: 'y-new',
    });
  });
});

describe('tags', () => {
  it('are trimmed, deduplicated ignoring case, in order, and bounded', () => {
    expect(normalizeTags(['  rebar ', 'Level 2'], ['REBAR', '', 'level   2', 'north'])).toEqual([
      'rebar',
      'Level 2',
      'north',
    ]);
    expect(normalizeTags([`${'x'.repeat(150)}`])[0]).toHaveLength(100);
    expect(normalizeTags(Array.from({ length: 80 }, (_, index) => `t${index}`))).toHaveLength(50);
  });
});

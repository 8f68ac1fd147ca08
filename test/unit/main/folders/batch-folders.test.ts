import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  droppedRootOf,
  projectForPhoto,
  subfolderProjectsByName,
  tagsForPhoto,
} from '../../../../main/folders/batch-folders';
import { englishFor, words } from '../../../../shared/i18n/words';

const root = join('/drop', 'Site');

describe('batch folder rules', () => {
  it('finds the deepest dropped path holding a file, or the file itself', () => {
    const roots = [root, join(root, 'A'), join('/other', 'x.jpg')];
    expect(droppedRootOf(roots, join(root, 'A', 'B', 'x.jpg'))).toBe(join(root, 'A'));
    expect(droppedRootOf(roots, join(root, 'C', 'y.jpg'))).toBe(root);
    expect(droppedRootOf(roots, join('/other', 'x.jpg'))).toBe(join('/other', 'x.jpg'));
    expect(droppedRootOf([join('/drop', 'Si')], join(root, 'z.jpg'))).toBe(join(root, 'z.jpg'));
  });

  it('tags a photo with the batch, its folders when chosen, then its own, normalized', () => {
    const file = join(root, 'Roof', 'North', 'x.jpg');
    const choices = { batchTags: ['Check', ' roof '], tagsFromFolders: true };
    expect(tagsForPhoto(root, file, choices, ['Crack'])).toEqual([
      'Check',
      'roof',
      'North',
      'Crack',
    ]);
    expect(tagsForPhoto(root, file, { ...choices, tagsFromFolders: false })).toEqual([
      'Check',
      'roof',
    ]);
  });

  it('sends a photo to its subfolder project, the batch project, or skips it with a reason', () => {
    const subfolderProjects = [
      { subfolder: 'A', projectId: 'p-a' },
      { subfolder: 'B', skipReason: words('reason.intake.folderLeftOut') },
    ];
    const choices = { projectId: undefined, subfolderProjects };
    expect(projectForPhoto(root, join(root, 'A', 'x', 'y.jpg'), choices)).toEqual({
      kind: 'project',
      projectId: 'p-a',
    });
    expect(projectForPhoto(root, join(root, 'B', 'y.jpg'), choices)).toEqual({
      kind: 'skip',
      reason: words('reason.intake.folderLeftOut'),
    });
    expect(projectForPhoto(root, join(root, 'C', 'y.jpg'), choices)).toMatchObject({
      kind: 'skip',
      reason: words('reason.intake.noProjectForFolder', { folder: 'C' }),
    });
    expect(projectForPhoto(root, join(root, 'y.jpg'), choices)).toMatchObject({ kind: 'skip' });
    expect(projectForPhoto(root, join(root, 'y.jpg'), { ...choices, projectId: 'p' })).toEqual({
      kind: 'project',
      projectId: 'p',
    });
    expect(
      projectForPhoto(root, join(root, 'A', 'y.jpg'), {
        projectId: 'p',
        subfolderProjects: undefined,
      }),
    ).toEqual({ kind: 'project', projectId: 'p' });
  });

  it('matches subfolders to projects by name, ignoring case, once each', () => {
    const projects = [
      { id: '1', name: 'Harbour View' },
      { id: '2', name: 'Mill' },
      { id: '3', name: 'mill' },
    ];
    const found = subfolderProjectsByName(
      ['harbour view', 'Mill', 'Pier', 'harbour view'],
      projects,
    );
    expect(
      found.map((entry) =>
        'skipReason' in entry ? { ...entry, skipReason: englishFor(entry.skipReason) } : entry,
      ),
    ).toEqual([
      { subfolder: 'harbour view', projectId: '1' },
      { subfolder: 'Mill', skipReason: '2 projects are named "Mill"; choose one for this folder.' },
      { subfolder: 'Pier', skipReason: 'No project is named "Pier".' },
    ]);
  });
});

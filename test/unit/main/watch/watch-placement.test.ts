import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { watchRuleSchema } from '../../../../shared/domain/watch-rule';
import { placeWatchedFile } from '../../../../main/watch/watch-placement';
import { words } from '../../../../shared/i18n/words';

const root = join('/', 'photos', 'inbox');
const projects = [
  { id: 'p1', name: 'Harbor View Tower' },
  { id: 'p2', name: 'Depot' },
  { id: 'p3', name: 'depot ' },
];

describe('placeWatchedFile: where a watched photo goes', () => {
  it('sends every photo to a fixed project, with the rule tags and, when asked, its folders', () => {
    const rule = watchRuleSchema.parse({
      path: root,
      project: { kind: 'fixed', projectId: 'p9' },
      tags: ['Site', 'site '],
      tagsFromFolders: true,
    });
    expect(placeWatchedFile(rule, join(root, 'North', 'Level 2', 'a.jpg'), [])).toEqual({
      kind: 'queue',
      projectId: 'p9',
      tags: ['Site', 'North', 'Level 2'],
    });
  });

  it('picks the project named like the subfolder, and skips with the reason otherwise', () => {
    const rule = watchRuleSchema.parse({ path: root, project: { kind: 'per-subfolder' } });
    expect(placeWatchedFile(rule, join(root, 'harbor view tower', 'x', 'a.jpg'), projects)).toEqual(
      { kind: 'queue', projectId: 'p1', tags: [] },
    );
    const none = placeWatchedFile(rule, join(root, 'Elsewhere', 'a.jpg'), projects);
    expect(none).toEqual({
      kind: 'skip',
      reason: words('reason.intake.noProjectNamed', { folder: 'Elsewhere' }),
    });
    const two = placeWatchedFile(rule, join(root, 'Depot', 'a.jpg'), projects);
    expect(two.kind).toBe('skip');
    const loose = placeWatchedFile(rule, join(root, 'a.jpg'), projects);
    expect(loose).toMatchObject({ kind: 'skip' });
  });
});

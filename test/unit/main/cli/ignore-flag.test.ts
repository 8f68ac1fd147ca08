import { describe, expect, it } from 'vitest';
import { ignoreFlagProblem } from '../../../../main/cli/ignore-flag';
import { watchRulesFromFlags } from '../../../../main/cli/watch-command';

describe('--ignore', () => {
  it('is for upload, inspect and watch, each pattern accepted', () => {
    for (const command of ['upload', 'inspect', 'watch'])
      expect(ignoreFlagProblem(command, ['**/thumbs/**', '*_small.jpg'])).toBeUndefined();
    expect(ignoreFlagProblem('sync', ['*.tmp'])).toBe('--ignore is for upload, inspect and watch');
    expect(ignoreFlagProblem('sync', [])).toBeUndefined();
  });

  it('names a bad pattern and what is wrong with it', () => {
    expect(ignoreFlagProblem('upload', ['*.jpg', 'thumbs\\small'])).toBe(
      '--ignore: The ignore pattern “thumbs\\small” is not valid: use / between folders, not \\',
    );
  });

  it('goes into each watched folder’s rule', () => {
    const { rules } = watchRulesFromFlags(
      {
        folders: ['/tmp/inbox'],
        projectId: 'p1',
        projectPerSubfolder: false,
        settleSeconds: undefined,
        tags: [],
        tagsFromFolders: false,
        description: undefined,
        internal: false,
        zone: undefined,
        ignore: ['**/thumbs/**'],
      },
      { stdout: process.stdout, stderr: process.stderr },
    );
    expect(rules[0]?.ignore).toEqual(['**/thumbs/**']);
  });
});

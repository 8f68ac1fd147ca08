import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../../main/cli/cli-context';
import { type WatchCommandOptions, watchRulesFromFlags } from '../../../../main/cli/watch-command';

const flags = (settleSeconds: string | undefined): WatchCommandOptions => ({
  folders: ['/tmp/inbox'],
  projectId: 'p1',
  projectPerSubfolder: false,
  settleSeconds,
  tags: [],
  tagsFromFolders: false,
  description: undefined,
  internal: false,
  zone: undefined,
});

/** The command's output; these flags carry no description, so nothing is written. */
const out = { stdout: process.stdout, stderr: process.stderr };

describe('watch --settle-seconds', () => {
  it('leaves the settle time to the saved setting when the flag is not given', () => {
    expect(watchRulesFromFlags(flags(undefined), out).settleSeconds).toBeUndefined();
  });

  it('takes the setting’s range, 1 to 600 seconds', () => {
    expect(watchRulesFromFlags(flags('1'), out).settleSeconds).toBe(1);
    expect(watchRulesFromFlags(flags('2.5'), out).settleSeconds).toBe(2.5);
    expect(watchRulesFromFlags(flags('600'), out).settleSeconds).toBe(600);
    for (const bad of ['0.5', '0', '601', '3600', 'soon', ''])
      expect(() => watchRulesFromFlags(flags(bad), out), bad).toThrow(UsageError);
    expect(() => watchRulesFromFlags(flags('0.1'), out)).toThrow('from 1 to 600');
  });
});

describe('watch --description-template', () => {
  const withTemplate = (
    descriptionTemplate: string,
    description?: string,
  ): WatchCommandOptions => ({ ...flags(undefined), descriptionTemplate, description });

  it('keeps the template in each folder’s rule', () => {
    const { rules } = watchRulesFromFlags(withTemplate('<p>{folder} {date}</p>'), out);
    expect(rules.map((rule) => rule.descriptionTemplate)).toEqual(['<p>{folder} {date}</p>']);
  });

  it('refuses an unknown token by name, and --description with it', () => {
    expect(() => watchRulesFromFlags(withTemplate('{folder} {fodler}'), out)).toThrow(
      new UsageError(
        '--description-template: The description template uses {fodler}, which is not a token. The tokens are: {folder} {path} {file} {date} {time} {camera} {project} {tags}.',
      ),
    );
    expect(() => watchRulesFromFlags(withTemplate('{folder}', 'Slab'), out)).toThrow('not both');
  });
});

describe('watch --preset', () => {
  const preset = { name: 'Site walk', tags: ['walk'], internal: true };

  it('names the preset in each folder’s rule, with the project given (the preset’s in cli.ts)', () => {
    const { rules } = watchRulesFromFlags({ ...flags(undefined), preset }, out);
    expect(rules).toEqual([expect.objectContaining({ preset: 'Site walk', tags: [] })]);
    expect(rules[0]?.project).toEqual({ kind: 'fixed', projectId: 'p1' });
  });

  it('needs a project when the preset names none', () => {
    expect(() =>
      watchRulesFromFlags({ ...flags(undefined), projectId: undefined, preset }, out),
    ).toThrow('the preset "Site walk" names no project');
  });
});

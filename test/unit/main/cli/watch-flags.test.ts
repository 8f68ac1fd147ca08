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

describe('watch --settle-seconds', () => {
  it('leaves the settle time to the saved setting when the flag is not given', () => {
    expect(watchRulesFromFlags(flags(undefined)).settleSeconds).toBeUndefined();
  });

  it('takes the setting’s range, 1 to 600 seconds', () => {
    expect(watchRulesFromFlags(flags('1')).settleSeconds).toBe(1);
    expect(watchRulesFromFlags(flags('2.5')).settleSeconds).toBe(2.5);
    expect(watchRulesFromFlags(flags('600')).settleSeconds).toBe(600);
    for (const bad of ['0.5', '0', '601', '3600', 'soon', ''])
      expect(() => watchRulesFromFlags(flags(bad)), bad).toThrow(UsageError);
    expect(() => watchRulesFromFlags(flags('0.1'))).toThrow('from 1 to 600');
  });
});

import { describe, expect, it } from 'vitest';
import { ipcCalls } from '../../../../shared/ipc/contract';
import { settingsView } from '../../../../main/core/settings-view';
import { InMemorySecretStore } from '../../../../main/secrets/in-memory-secret-store';
import { POLICY_SETTINGS, USER_ONLY_SETTINGS } from '../../../../main/settings/policy-settings';
import { READ_WHEN_USED } from '../../../../main/settings/read-when-used';

// Issue 25 §4: start at login, each user's own, on by default once a folder is watched.

const redirect = { kind: 'loopback' as const, note: undefined };
const rule = {
  path: '/photos/inbox',
  project: { kind: 'fixed' as const, projectId: 'p1' },
  description: '',
  tags: [],
  tagsFromFolders: false,
  internal: false,
};

describe('start at login as the settings screen sees it', () => {
  it('follows the watched folders while unset, then the user’s choice', async () => {
    const view = (saved: Parameters<typeof settingsView>[0]) =>
      settingsView(saved, new InMemorySecretStore(), redirect).then((v) => v.startAtLogin);
    expect(await view({})).toBe(false);
    expect(await view({ watchFolders: [rule] })).toBe(true);
    expect(await view({ watchFolders: [rule], startAtLogin: false })).toBe(false);
    expect(await view({ startAtLogin: true })).toBe(true);
  });

  it('is set from the window, by each user (never by policy), with no reconfigure', () => {
    expect(ipcCalls['settings:set'].safeParse({ startAtLogin: true }).success).toBe(true);
    expect(ipcCalls['settings:set'].safeParse({ startAtLogin: 'yes' }).success).toBe(false);
    expect(USER_ONLY_SETTINGS).toContain('startAtLogin');
    expect(Object.keys(POLICY_SETTINGS)).not.toContain('startAtLogin');
    expect(READ_WHEN_USED).toContain('startAtLogin');
  });
});

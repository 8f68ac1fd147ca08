import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UPDATE_CHANNELS, UPDATE_MODES } from '../../../../../shared/domain/update-settings';
import {
  type InstallKind,
  installKind,
  updatePlan,
} from '../../../../../main/desktop/updates/update-plan';

const installKinds: readonly InstallKind[] = [
  'appimage',
  'system-package',
  'windows-installer',
  'windows-portable',
  'mac-app',
  'unpacked',
];
const settings = fc.record(
  {
    updates: fc.constantFrom(...UPDATE_MODES),
    updateChannel: fc.constantFrom(...UPDATE_CHANNELS),
    updateUrl: fc.constantFrom('https://updates.example.com/photo-uploader/'),
  },
  { requiredKeys: [] },
);
const run = fc.record({
  packaged: fc.boolean(),
  install: fc.constantFrom(...installKinds),
});

describe('how this copy was installed (installKind)', () => {
  const none = { appImage: undefined, portableDir: undefined, packageType: undefined };
  it('tells an AppImage by APPIMAGE, a deb or rpm by resources/package-type, else unpacked', () => {
    const linux = { ...none, platform: 'linux' as const, hasFeedFile: true };
    expect(installKind({ ...linux, appImage: '/home/a/Photo.AppImage' })).toBe('appimage');
    expect(installKind({ ...linux, packageType: 'deb\n' })).toBe('system-package');
    expect(installKind({ ...linux, packageType: 'rpm' })).toBe('system-package');
    expect(installKind(linux)).toBe('unpacked');
  });

  it('tells a Windows install by its feed file, a portable copy by PORTABLE_EXECUTABLE_DIR', () => {
    const windows = { ...none, platform: 'win32' as const };
    expect(installKind({ ...windows, hasFeedFile: true })).toBe('windows-installer');
    expect(installKind({ ...windows, hasFeedFile: true, portableDir: 'D:\\Apps' })).toBe(
      'windows-portable',
    );
    expect(installKind({ ...windows, hasFeedFile: false })).toBe('unpacked');
  });

  it('tells a macOS app by its feed file; any other system is unpacked', () => {
    expect(installKind({ ...none, platform: 'darwin', hasFeedFile: true })).toBe('mac-app');
    expect(installKind({ ...none, platform: 'darwin', hasFeedFile: false })).toBe('unpacked');
    expect(installKind({ ...none, platform: 'freebsd', hasFeedFile: true })).toBe('unpacked');
  });
});

describe('the update plan (updatePlan)', () => {
  it('checks the built-in feed, downloads in the background and installs on quit by default', () => {
    expect(updatePlan({}, { packaged: true, install: 'windows-installer' })).toEqual({
      kind: 'check',
      mode: 'auto',
      feed: { provider: 'built-in' },
      channel: 'latest',
      allowPrerelease: false,
      autoDownload: true,
      autoInstallOnAppQuit: true,
      installs: true,
    });
  });

  it('uses the organisation’s generic feed with its channel, and pre-releases on beta', () => {
    const plan = updatePlan(
      { updateUrl: 'https://updates.example.com/pu/', updateChannel: 'beta', updates: 'notify' },
      { packaged: true, install: 'appimage' },
    );
    expect(plan).toMatchObject({
      kind: 'check',
      feed: { provider: 'generic', url: 'https://updates.example.com/pu/', channel: 'beta' },
      allowPrerelease: true,
      autoDownload: false,
      installs: true,
    });
  });

  it('only tells of a new version for a deb or rpm: the package manager installs it', () => {
    expect(updatePlan({}, { packaged: true, install: 'system-package' })).toMatchObject({
      kind: 'check',
      autoDownload: false,
      autoInstallOnAppQuit: false,
      installs: false,
    });
  });

  it('never looks when off, in a development run, or in a portable or unpacked copy', () => {
    fc.assert(
      fc.property(settings, run, (saved, where) => {
        const plan = updatePlan(saved, where);
        const expected =
          saved.updates === 'off'
            ? 'off'
            : !where.packaged
              ? 'development'
              : where.install === 'windows-portable'
                ? 'portable'
                : where.install === 'unpacked'
                  ? 'unpacked'
                  : undefined;
        if (expected === undefined) expect(plan.kind).toBe('check');
        else expect(plan).toEqual({ kind: 'none', reason: expected });
      }),
    );
  });

  it('downloads by itself only in auto, installs only what it downloaded, follows beta only on beta', () => {
    fc.assert(
      fc.property(settings, run, (saved, where) => {
        const plan = updatePlan(saved, where);
        if (plan.kind !== 'check') return;
        expect(plan.autoDownload).toBe(plan.mode === 'auto' && plan.installs);
        expect(plan.autoInstallOnAppQuit).toBe(plan.installs);
        expect(plan.allowPrerelease).toBe(saved.updateChannel === 'beta');
        expect(plan.feed.provider).toBe(saved.updateUrl === undefined ? 'built-in' : 'generic');
      }),
    );
  });
});

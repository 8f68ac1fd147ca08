import { englishFor } from '../../../../shared/i18n/words';
import { describe, expect, it } from 'vitest';
import {
  type Install,
  redirectDecision,
  shouldRegisterScheme,
} from '../../../../main/desktop/redirect-choice';

const platforms: NodeJS.Platform[] = ['linux', 'darwin', 'win32'];

describe('the sign-in redirect of an install', () => {
  // Every platform × packaged × AppImage × what registration answered.
  const cases = platforms.flatMap((platform) =>
    [true, false].flatMap((packaged) =>
      (platform === 'linux' ? [true, false] : [false]).flatMap((appImage) =>
        [true, false, undefined].map((registered) => ({
          install: { platform, packaged, appImage } satisfies Install,
          registered,
        })),
      ),
    ),
  );

  it.each(cases)('$install with registration $registered', ({ install, registered }) => {
    const decision = redirectDecision(install, registered);
    const mayRegister = shouldRegisterScheme(install);
    // The scheme is used only where it may be registered and the system said yes.
    expect(decision.kind === 'custom-scheme').toBe(mayRegister && registered === true);
    if (decision.kind === 'loopback') expect(englishFor(decision.reason)).toMatch(/127\.0\.0\.1/);
  });

  it('never registers for an AppImage, nor for a development run on Linux or macOS', () => {
    expect(shouldRegisterScheme({ platform: 'linux', packaged: true, appImage: true })).toBe(false);
    expect(shouldRegisterScheme({ platform: 'linux', packaged: false, appImage: false })).toBe(
      false,
    );
    expect(shouldRegisterScheme({ platform: 'darwin', packaged: false, appImage: false })).toBe(
      false,
    );
    // Windows registers a development run too (the command carries the app's path).
    expect(shouldRegisterScheme({ platform: 'win32', packaged: false, appImage: false })).toBe(
      true,
    );
    expect(shouldRegisterScheme({ platform: 'linux', packaged: true, appImage: false })).toBe(true);
    expect(
      redirectDecision({ platform: 'linux', packaged: true, appImage: true }, true),
    ).toMatchObject({ kind: 'loopback', reason: { key: 'reason.redirect.appImage' } });
  });
});

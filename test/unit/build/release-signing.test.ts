import { describe, expect, it } from 'vitest';
import {
  githubEnvLines,
  signingPlan,
  SIGNING_SECRETS,
  warningCommands,
} from '../../../build/release-signing';
import { releaseTagProblem } from '../../../build/release-version';

// The release workflow's decisions: which secrets sign what on each runner, what the run says
// when they are missing, and which tags it releases.

/** Every secret set (as a repository with all of them would give them). */
const ALL = Object.fromEntries(SIGNING_SECRETS.map((name) => [name, `value of ${name}`]));
/** No secret set: Actions gives a missing secret as an empty string. */
const NONE = Object.fromEntries(SIGNING_SECRETS.map((name) => [name, '']));

describe('macOS signing', () => {
  it('signs and notarizes with every secret', () => {
    const plan = signingPlan('macOS', ALL);
    expect(plan.env).toEqual({
      CSC_LINK: 'value of CSC_LINK',
      CSC_KEY_PASSWORD: 'value of CSC_KEY_PASSWORD',
      APPLE_ID: 'value of APPLE_ID',
      APPLE_APP_SPECIFIC_PASSWORD: 'value of APPLE_APP_SPECIFIC_PASSWORD',
      APPLE_TEAM_ID: 'value of APPLE_TEAM_ID',
    });
    expect(plan.warnings).toEqual([]);
    expect(plan.summary).toBe('macOS: signed and notarized.');
  });

  it('builds unsigned with none, turns identity discovery off and says so', () => {
    for (const env of [NONE, {}]) {
      const plan = signingPlan('macOS', env);
      expect(plan.env).toEqual({ CSC_IDENTITY_AUTO_DISCOVERY: 'false' });
      expect(plan.warnings).toHaveLength(1);
      expect(plan.warnings[0]).toMatch(/NOT signed or notarized: CSC_LINK is not set/);
      expect(plan.summary).toMatch(/unsigned/);
    }
  });

  it('never passes the Apple secrets without a certificate (an unsigned app cannot be notarized)', () => {
    const plan = signingPlan('macOS', { ...ALL, CSC_LINK: '' });
    expect(Object.keys(plan.env)).toEqual(['CSC_IDENTITY_AUTO_DISCOVERY']);
  });

  it('signs without notarizing when an Apple secret is missing, and names it', () => {
    const plan = signingPlan('macOS', { ...ALL, APPLE_TEAM_ID: ' ' });
    expect(plan.env).toEqual({
      CSC_LINK: 'value of CSC_LINK',
      CSC_KEY_PASSWORD: 'value of CSC_KEY_PASSWORD',
    });
    expect(plan.warnings).toEqual([
      'macOS packages are signed but NOT notarized: APPLE_TEAM_ID not set. Gatekeeper will warn before opening them.',
    ]);
  });
});

describe('Windows signing', () => {
  it('signs with the Windows certificate only, never the macOS one', () => {
    const plan = signingPlan('Windows', ALL);
    expect(plan.env).toEqual({
      WIN_CSC_LINK: 'value of WIN_CSC_LINK',
      WIN_CSC_KEY_PASSWORD: 'value of WIN_CSC_KEY_PASSWORD',
    });
    expect(plan.warnings).toEqual([]);
  });

  it('builds unsigned without WIN_CSC_LINK, even when the macOS certificate is set, and says so', () => {
    const plan = signingPlan('Windows', { ...ALL, WIN_CSC_LINK: '' });
    expect(plan.env).toEqual({ CSC_IDENTITY_AUTO_DISCOVERY: 'false' });
    expect(plan.warnings[0]).toMatch(/Windows installer is NOT signed/);
  });
});

describe('Linux', () => {
  it('passes no secret and warns about nothing', () => {
    const plan = signingPlan('Linux', ALL);
    expect(plan.env).toEqual({});
    expect(plan.warnings).toEqual([]);
    expect(plan.summary).toMatch(/^Linux: AppImage and deb/);
  });
});

describe('what the step writes', () => {
  it('writes each variable with a delimiter its value does not hold', () => {
    const delimiters = ['X', 'EOF_1', 'EOF_2'];
    const lines = githubEnvLines({ A: 'one\nX\ntwo', B: 'b' }, () => delimiters.shift() ?? 'Z');
    expect(lines).toBe('A<<EOF_1\none\nX\ntwo\nEOF_1\nB<<EOF_2\nb\nEOF_2\n');
  });

  it('says each warning as one workflow command', () => {
    expect(warningCommands(['a\nb', 'c'])).toBe(
      '::warning title=Release signing::a b\n::warning title=Release signing::c\n',
    );
  });
});

describe('the release tag', () => {
  it('must be v and the version in package.json', () => {
    expect(releaseTagProblem('v1.2.3', '1.2.3')).toBeUndefined();
    expect(releaseTagProblem('v1.3.0-beta.1', '1.3.0-beta.1')).toBeUndefined();
    expect(releaseTagProblem('v1.2.4', '1.2.3')).toMatch(/does not match package.json's version/);
    expect(releaseTagProblem('release-1', '1.2.3')).toMatch(/not a version tag/);
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SIGNING_SECRETS } from '../../../build/release-signing';

/** The repository. */
const ROOT = join(import.meta.dirname, '../../..');

// The GitHub Actions workflows cannot run here; what they promise is read from them: CI runs the
// real-Electron test on Linux, macOS and Windows, and a tag publishes the installers with
// electron-builder to the feed electron-builder.yml names. (Their schema is checked with
// @action-validator/cli, outside the project: README "Releases and updates".)

const step = z.looseObject({
  name: z.string().optional(),
  uses: z.string().optional(),
  run: z.string().optional(),
  if: z.string().optional(),
  with: z.record(z.string(), z.unknown()).optional(),
  env: z.record(z.string(), z.string()).optional(),
});
const job = z.looseObject({
  'runs-on': z.string(),
  strategy: z
    .looseObject({
      matrix: z.looseObject({ include: z.array(z.record(z.string(), z.string())) }),
    })
    .optional(),
  needs: z.union([z.string(), z.array(z.string())]).optional(),
  steps: z.array(step),
});
const workflow = z.looseObject({
  on: z.record(z.string(), z.unknown()),
  permissions: z.record(z.string(), z.string()).optional(),
  jobs: z.record(z.string(), job),
});

type Job = z.infer<typeof job>;

function readWorkflow(name: string) {
  return workflow.parse(load(readFileSync(join(ROOT, '.github/workflows', name), 'utf8')));
}

/** The runners a job runs on (its matrix's `os` values where `runs-on` names the matrix). */
function runners(entry: Job): string[] {
  if (entry['runs-on'] !== '${{ matrix.os }}') return [entry['runs-on']];
  return (entry.strategy?.matrix.include ?? []).map((row) => row.os ?? '');
}

/** Every command a job runs, one string. */
function commands(entry: Job): string {
  return entry.steps.map((each) => each.run ?? '').join('\n');
}

const ci = readWorkflow('ci.yml');
const release = readWorkflow('release.yml');

describe('CI', () => {
  it('runs on push and on pull requests', () => {
    expect(Object.keys(ci.on).sort()).toEqual(['pull_request', 'push']);
  });

  it('runs the real-Electron test on ubuntu-, macos- and windows- runners, after installing Electron', () => {
    const covered = new Set<string>();
    for (const entry of Object.values(ci.jobs)) {
      const run = commands(entry);
      if (!run.includes('test/e2e/electron-app.test.ts')) continue;
      expect(run).toContain('npx install-electron --no');
      for (const runner of runners(entry)) covered.add(runner.replace(/-.*$/, '-'));
    }
    expect([...covered].sort()).toEqual(['macos-', 'ubuntu-', 'windows-']);
  });

  it("runs the README's test command on Linux, and the Electron test there under xvfb-run", () => {
    const linux = Object.values(ci.jobs).find((entry) => entry['runs-on'] === 'ubuntu-latest');
    if (linux === undefined) throw new Error('no Linux job');
    const lines = linux.steps.map((each) => each.run?.trim());
    expect(lines).toContain('npm ci');
    expect(lines).toContain('npm test');
    expect(lines).toContain('xvfb-run -a npm test -- test/e2e/electron-app.test.ts');
  });

  it('typechecks and runs the tests that are not Linux-only on macOS and Windows', () => {
    for (const entry of Object.values(ci.jobs).filter(
      (each) => each['runs-on'] !== 'ubuntu-latest',
    )) {
      const lines = entry.steps.map((each) => each.run?.trim());
      expect(lines).toEqual(
        expect.arrayContaining(['npm ci', 'npm run typecheck', 'npx vitest run']),
      );
    }
  });

  it('caches npm on Node 20 and uploads test-results/ and the logs when a job fails', () => {
    for (const entry of Object.values(ci.jobs)) {
      const setup = entry.steps.find((each) => each.uses?.startsWith('actions/setup-node@'));
      expect(setup?.with).toMatchObject({ 'node-version': 20, cache: 'npm' });
      const upload = entry.steps.find((each) => each.uses?.startsWith('actions/upload-artifact@'));
      expect(upload?.if).toBe('failure()');
      expect(String(upload?.with?.path)).toContain('test-results/');
    }
  });
});

describe('the release', () => {
  it('runs on a version tag, allowed to write releases', () => {
    expect(release.on).toEqual({ push: { tags: ['v*'] } });
    expect(release.permissions).toEqual({ contents: 'write' });
  });

  it('publishes with electron-builder --publish always on ubuntu-, macos- and windows- runners', () => {
    const build = release.jobs.build;
    if (build === undefined) throw new Error('no build job');
    expect(commands(build)).toMatch(
      /npx electron-builder \$\{\{ matrix\.targets \}\} --publish always/,
    );
    const rows = build.strategy?.matrix.include ?? [];
    const byRunner = rows.map((row) => [row.os?.replace(/-.*$/, '-'), row.targets]);
    expect(byRunner).toEqual([
      ['ubuntu-', '--linux AppImage deb --x64'],
      ['windows-', '--win nsis --x64'],
      ['macos-', '--mac dmg zip --arm64'],
      ['macos-', '--mac dmg zip --x64'],
    ]);
    const publish = build.steps.find((each) => each.run?.includes('electron-builder'));
    expect(publish?.env).toEqual({ GH_TOKEN: '${{ secrets.GITHUB_TOKEN }}' });
  });

  it('builds the app first, then decides the signing from every secret', () => {
    const build = release.jobs.build;
    if (build === undefined) throw new Error('no build job');
    const runs = build.steps.map((each) => each.run?.trim() ?? '');
    const order = ['npm run build', 'npx tsx build/release-signing.ts'].map((line) =>
      runs.indexOf(line),
    );
    expect(order[0]).toBeGreaterThan(-1);
    expect(order[1]).toBeGreaterThan(order[0] ?? 0);
    const signing = build.steps.find((each) => each.run === 'npx tsx build/release-signing.ts');
    expect(Object.keys(signing?.env ?? {}).sort()).toEqual([...SIGNING_SECRETS].sort());
    for (const name of SIGNING_SECRETS)
      expect(signing?.env?.[name]).toBe(`\${{ secrets.${name} }}`);
  });

  it('runs only scripts that exist, and publishes the draft after the macOS feed is merged', () => {
    for (const entry of Object.values(release.jobs))
      for (const script of commands(entry).matchAll(/npx tsx (build\/[\w-]+\.ts)/g))
        expect(existsSync(join(ROOT, script[1] ?? ''))).toBe(true);
    expect(release.jobs.build?.needs).toBe('draft');
    expect(release.jobs['mac-feed']?.needs).toBe('build');
    expect(release.jobs.publish?.needs).toBe('mac-feed');
  });
});

describe('electron-builder.yml', () => {
  it("has the update feed: this repository's GitHub releases", () => {
    const config = z
      .looseObject({ publish: z.looseObject({ provider: z.string() }) })
      .parse(load(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')));
    expect(config.publish.provider).toBe('github');
  });
});

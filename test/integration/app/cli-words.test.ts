import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from '../../support/platform-needs';
import { type SignedInCli, startSignedInCli } from '../../support/signed-in-cli';
import { type CliRun, makePhotos, runCli, runLogin, startCli } from '../../support/upload-harness';

const needsKeychain = needs('gnome-keyring');

// Issue 22 §4 and §6, the command line's words: one line per event, in sentences, on stderr;
// no JSON log lines and no SDK warning; counts of what this command did; paused said with how
// to resume; a closed pipe ends quietly; SIGTERM ends `sync` with 143.

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Hours that are closed now: one hour at 03:00 three days from today (this computer's zone). */
function closedHours(): string {
  return `${DAYS[(new Date().getDay() + 3) % 7]} 03:00-04:00`;
}

/** Polls `check` until it holds (or fails after `ms`). */
async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Lines of a run's stderr that are JSON log records or the AWS SDK's Node version warning. */
function noise(run: CliRun): string[] {
  return run.stderr
    .split('\n')
    .filter(
      (line) => /^\s*\{/.test(line) || /NodeVersionSupportWarning|upgrade to node/i.test(line),
    );
}

/** `sync` waiting outside its upload hours, stopped by `signal`: its exit. */
async function syncStoppedBy(cli: SignedInCli, signal: NodeJS.Signals): Promise<CliRun> {
  const sync = startCli(['sync', '--data-dir', cli.dataDir], cli.env);
  let stderr = '';
  sync.child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await until(() => stderr.includes('Waiting for upload hours'), 60_000, 'sync to wait');
  sync.child.kill(signal);
  return sync.done;
}

describe.skipIf(needsKeychain.skip)(
  needsKeychain.title('the command line says what happened, once, in sentences'),
  () => {
    let cli: SignedInCli;
    let project: string;

    beforeAll(async () => {
      cli = await startSignedInCli('cli-words');
      project = cli.service.info.projects[0]!.id;
    }, 120_000);
    afterAll(() => cli?.close());

    it('counts what this upload did, in words, with no log lines or SDK warning on stderr', async () => {
      const photos = join(cli.folder, 'one');
      await makePhotos(photos, 1);
      const first = await runCli(
        ['upload', photos, '--project', project, '--data-dir', cli.dataDir],
        cli.env,
      );
      expect(first.code, first.stderr).toBe(0);
      expect(noise(first)).toEqual([]);
      expect(first.stdout).toContain('Queued 1 photo; 1 sent.');
      expect(first.stdout + first.stderr).not.toMatch(/\b1 photos\b/);

      // A second upload counts its own photos, not the queue's history (1 done before it).
      const more = join(cli.folder, 'two');
      await makePhotos(more, 2, 100);
      const second = await runCli(
        ['upload', more, '--project', project, '--data-dir', cli.dataDir],
        cli.env,
      );
      expect(second.code, second.stderr).toBe(0);
      expect(second.stdout).toContain('Queued 2 photos; 2 sent.');
      expect(second.stdout).not.toMatch(/3 done/);
      expect(noise(second)).toEqual([]);

      // Every other command too: a command that only reads the queue has no SDK warning either.
      const queue = await runCli(['queue', '--data-dir', cli.dataDir], cli.env);
      expect(queue.code, queue.stderr).toBe(0);
      expect(noise(queue)).toEqual([]);
    }, 120_000);

    it('says when everything is paused and how to resume', async () => {
      const paused = await runCli(['pause', '--data-dir', cli.dataDir], cli.env);
      expect(paused.code, paused.stderr).toBe(0);
      const photos = join(cli.folder, 'paused');
      await makePhotos(photos, 2, 200);
      const upload = await runCli(
        ['upload', photos, '--project', project, '--data-dir', cli.dataDir],
        cli.env,
      );
      expect(upload.code).toBe(1);
      expect(upload.stdout).toContain('Queued 2 photos; 0 sent, 2 paused.');
      expect(upload.stderr).toContain(
        'Everything is paused: run `npm run cli -- resume` to go on.',
      );
      const sync = await runCli(['sync', '--data-dir', cli.dataDir], cli.env);
      expect(sync.code).toBe(1);
      expect(sync.stderr).toContain('Everything is paused: run `npm run cli -- resume` to go on.');
      expect(noise(sync)).toEqual([]);

      const resumed = await runCli(['resume', '--data-dir', cli.dataDir], cli.env);
      expect(resumed.code, resumed.stderr).toBe(0);
      const after = await runCli(['sync', '--data-dir', cli.dataDir], cli.env);
      expect(after.code, after.stderr).toBe(0);
      expect(after.stdout).toContain('Sent 2 photos.');
    }, 120_000);

    it('ends sync with 143 on SIGTERM and 130 on SIGINT', async () => {
      const photos = join(cli.folder, 'hours');
      await makePhotos(photos, 1, 300);
      const queued = await runCli(
        [
          'upload',
          photos,
          '--project',
          project,
          '--queue-only',
          '--hours',
          closedHours(),
          '--data-dir',
          cli.dataDir,
        ],
        cli.env,
      );
      expect(queued.code, queued.stderr).toBe(0);

      const terminated = await syncStoppedBy(cli, 'SIGTERM');
      expect(terminated.signal).toBeNull();
      expect(terminated.code, terminated.stderr).toBe(143);
      const interrupted = await syncStoppedBy(cli, 'SIGINT');
      expect(interrupted.code, interrupted.stderr).toBe(130);

      const open = await runCli(['sync', '--hours', 'any', '--data-dir', cli.dataDir], cli.env);
      expect(open.code, open.stderr).toBe(0);
    }, 180_000);

    it('login --no-browser says what to do with the address', async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'cli-words-login-'));
      const login = await runLogin(cli.service.info, dataDir);
      expect(login.code, login.stderr).toBe(0);
      expect(noise(login)).toEqual([]);
      expect(login.stderr).toContain('Open this address in a browser to sign in:');
    }, 60_000);
  },
);

describe.skipIf(needsKeychain.skip)(needsKeychain.title('the command line counts in words'), () => {
  it('says "1 photo" in the totals of inspect', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'cli-words-one-'));
    await makePhotos(folder, 1);
    const run = await runCli(['inspect', folder]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('1 photo, 0 skipped, 0 errors');
    expect(run.stdout + run.stderr).not.toMatch(/\b1 (photos|errors)\b/);
  });
});

describe.skipIf(needsKeychain.skip)(
  needsKeychain.title('the command line and a closed pipe'),
  () => {
    it('ends quietly with 0 when the reader of its output goes away (`… | head`)', async () => {
      const folder = await mkdtemp(join(tmpdir(), 'cli-words-pipe-'));
      // More output than a pipe holds, so the command still writes after the reader left.
      await Promise.all(
        Array.from({ length: 1500 }, (_, index) =>
          writeFile(join(folder, `not-a-photo-with-a-long-name-${index}.txt`), 'text'),
        ),
      );
      let lines = 0;
      const run = startCli(['inspect', folder], {}, () => {
        lines += 1;
        if (lines === 1) run.child.stdout?.destroy();
      });
      const ended = await run.done;
      expect(ended.stderr).not.toMatch(/EPIPE|Error|\n\s+at /);
      expect(ended.code).toBe(0);
    }, 60_000);
  },
);

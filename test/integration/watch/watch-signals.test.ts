import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../../build/bundle-app';
import { type SignedInCli, startSignedInCli } from '../../support/signed-in-cli';
import { needs } from '../../support/platform-needs';

// Issue 25 §4: a signal sent to `npm run cli -- watch`, or to the package's `photo-uploader` bin,
// reaches the watcher, which ends cleanly (the session stopped, the steps in flight journaled,
// exit 0). The command line runs in the process the signal is sent to (build/photo-uploader.mjs
// loads it through tsx's API in process), and the `cli` script `exec`s it, so the shell npm starts
// (dash does not exec a lone command) no longer stands between npm's forwarded signal and it.

const children: ChildProcess[] = [];

/** A started `watch`: the promise of its stderr line saying it watches, and of its end. */
function startWatch(command: string, args: readonly string[], env: NodeJS.ProcessEnv) {
  const child = spawn(command, [...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  let watching: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (watching = resolve));
  createInterface({ input: child.stderr }).on('line', (line) => {
    stderr += `${line}\n`;
    if (line.startsWith('Watching ')) watching();
  });
  const ended = new Promise<{ code: number | null; signal: string | null; stderr: string }>(
    (resolve) => child.on('close', (code, signal) => resolve({ code, signal, stderr })),
  );
  // A watch that ends before it watches fails the test at once, with what it said.
  const watchingOrEnded = Promise.race([
    started,
    ended.then((end) => {
      throw new Error(`watch ended before watching: ${JSON.stringify(end)}`);
    }),
  ]);
  return { child, watching: watchingOrEnded, ended };
}

const needsKeychainAndSignals = needs('gnome-keyring', 'signals');

describe.skipIf(needsKeychainAndSignals.skip)(
  needsKeychainAndSignals.title('a signal sent to the command line reaches the watcher'),
  () => {
    let cli: SignedInCli;
    let watched: string;
    let projectId: string;
    const watchArgs = () => [
      'watch',
      watched,
      '--project',
      projectId,
      '--settle-seconds',
      '1',
      '--data-dir',
      cli.dataDir,
    ];

    beforeAll(async () => {
      cli = await startSignedInCli('watch-signals-data');
      watched = join(cli.folder, 'inbox');
      await mkdir(watched);
      projectId = cli.service.info.projects[0]!.id;
    }, 120_000);
    afterAll(async () => {
      for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
      await cli?.close();
    });

    for (const signal of ['SIGTERM', 'SIGINT'] as const)
      it(`npm run cli -- watch: ${signal} to the npm process ends the watch cleanly`, async () => {
        const watch = startWatch('npm', ['run', '--silent', 'cli', '--', ...watchArgs()], cli.env);
        await watch.watching;
        watch.child.kill(signal);
        const end = await watch.ended;
        expect(end.code, end.stderr).toBe(0);
        expect(end.stderr).toContain('watch: stopped; the steps in flight were journaled.');
      }, 120_000);

    it('the photo-uploader bin: SIGTERM to its process ends the watch cleanly', async () => {
      const watch = startWatch(
        process.execPath,
        [join(ROOT, 'build/photo-uploader.mjs'), ...watchArgs()],
        cli.env,
      );
      await watch.watching;
      watch.child.kill('SIGTERM');
      const end = await watch.ended;
      expect(end.code, end.stderr).toBe(0);
      expect(end.stderr).toContain('watch: stopped; the steps in flight were journaled.');
    }, 120_000);
  },
);

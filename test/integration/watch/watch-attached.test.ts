import { copyFile, mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireKeychain } from '../../support/keychain';
import { admin, startTestService, type TestService } from '../../support/photo-service-harness';
import { needs } from '../../support/platform-needs';
import {
  cliLogin,
  configureUploads,
  makePhotos,
  type CliRun,
  startCli,
} from '../../support/upload-harness';

const needsKeychain = needs('gnome-keyring');

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it holds (or fails after `ms`). */
async function until(check: () => boolean | Promise<boolean>, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(100);
  }
}

/** `done`, or a failure after `ms` (a command that never ends fails the test, never hangs it). */
function within(done: Promise<CliRun>, ms: number, what: string): Promise<CliRun> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    done,
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not end within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** A running `watch` command, its stdout lines and its stderr so far. */
function startWatch(args: readonly string[], env: NodeJS.ProcessEnv) {
  const lines: string[] = [];
  const run = startCli(['watch', ...args], env, (line) => lines.push(line));
  let stderr = '';
  run.child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return { ...run, lines, stderr: () => stderr };
}

describe.skipIf(needsKeychain.skip)(
  needsKeychain.title('watch attached to the process that owns the data folder'),
  () => {
    let service: TestService;
    const started: ReturnType<typeof startWatch>[] = [];

    beforeAll(async () => {
      await requireKeychain();
      service = await startTestService({
        autoApprove: true,
        withS3: true,
        allowPrivateFetch: true,
        rateWindowMs: 1000,
      });
    }, 60_000);
    afterAll(async () => {
      for (const run of started) if (run.child.exitCode === null) run.child.kill('SIGKILL');
      await service?.close();
    });

    it('queues its photos in the owner, prints one line per photo, and exits 0 on SIGINT while the owner goes on', async () => {
      const projectId = service.info.projects[0]!.id;
      const dataDir = await mkdtemp(join(tmpdir(), 'watch-attached-data-'));
      await cliLogin(service.info, dataDir);
      const env = configureUploads(service.info, dataDir);
      const root = await mkdtemp(join(tmpdir(), 'watch-attached-'));
      const ownerInbox = join(root, 'owner-inbox');
      const attachedInbox = join(root, 'attached-inbox');
      await mkdir(ownerInbox);
      await mkdir(attachedInbox);
      const source = join(root, 'source');
      await makePhotos(source, 3);

      // The owner: a second process (another `watch`) that holds the data folder.
      const owner = startWatch(
        [ownerInbox, '--project', projectId, '--settle-seconds', '1', '--data-dir', dataDir],
        env,
      );
      started.push(owner);
      await until(() => owner.stderr().includes('Watching'), 60_000, 'the owner to start');

      const attached = startWatch(
        [
          attachedInbox,
          '--project',
          projectId,
          '--settle-seconds',
          '1',
          '--verbose',
          '--data-dir',
          dataDir,
        ],
        env,
      );
      started.push(attached);
      await until(() => attached.stderr().includes('Watching'), 60_000, 'the attached watch');
      expect(attached.stderr()).toContain('Attached to the Photo Uploader process');

      // The watching runs in the owner, one watcher per folder: a second watch of the same folder
      // is refused there (it used to run a watcher and a ledger of its own in its own process).
      const duplicate = startWatch(
        [attachedInbox, '--project', projectId, '--settle-seconds', '1', '--data-dir', dataDir],
        env,
      );
      started.push(duplicate);
      const refused = await within(duplicate.done, 30_000, 'the duplicate watch');
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain('is already watched by the Photo Uploader process');

      await copyFile(join(source, 'IMG_0000.jpg'), join(attachedInbox, 'a.jpg'));
      await copyFile(join(source, 'IMG_0001.jpg'), join(attachedInbox, 'b.jpg'));
      await until(
        () => attached.lines.filter((line) => line.startsWith('Queued ')).length >= 2,
        60_000,
        'two Queued lines',
      );
      await until(
        async () =>
          (await admin.state(service.info)).photos.filter((photo) => photo.project_id === projectId)
            .length >= 2,
        60_000,
        'the photos on the service',
      );

      attached.child.kill('SIGINT');
      const ended = await within(attached.done, 30_000, 'the attached watch');
      expect(ended.code, ended.stderr).toBe(0);
      expect(ended.stderr).toContain('stopped');
      expect(attached.lines.filter((line) => line.startsWith('Queued '))).toHaveLength(2);

      // The owner goes on watching its own folder after the attached command left.
      expect(owner.child.exitCode).toBeNull();
      await copyFile(join(source, 'IMG_0002.jpg'), join(ownerInbox, 'c.jpg'));
      await until(() => owner.lines.some((line) => line.includes('c.jpg')), 60_000, 'c.jpg queued');

      // A watch killed outright: its connection closing ends its session in the owner, so the
      // folder can be watched again at once.
      const killed = startWatch(
        [attachedInbox, '--project', projectId, '--settle-seconds', '1', '--data-dir', dataDir],
        env,
      );
      started.push(killed);
      await until(() => killed.stderr().includes('Watching'), 60_000, 'the watch to be killed');
      killed.child.kill('SIGKILL');
      await within(killed.done, 30_000, 'the killed watch');

      // An owner that stops ends the watch attached to it, which says so and fails (never hangs).
      const second = startWatch(
        [attachedInbox, '--project', projectId, '--settle-seconds', '1', '--data-dir', dataDir],
        env,
      );
      started.push(second);
      await until(() => second.stderr().includes('Watching'), 60_000, 'the second attached watch');
      owner.child.kill('SIGTERM');
      const ownerEnded = await within(owner.done, 30_000, 'the owner');
      expect(ownerEnded.code, ownerEnded.stderr).toBe(0);
      const left = await within(second.done, 30_000, 'the watch whose owner stopped');
      expect(left.code, left.stderr).toBe(1);
      expect(left.stderr).toContain('owns the data folder stopped, so this watch stopped too');
      // The two photos it saw again were already queued: no second line for them.
      expect(second.lines.filter((line) => line.startsWith('Queued '))).toEqual([]);
    }, 240_000);
  },
);

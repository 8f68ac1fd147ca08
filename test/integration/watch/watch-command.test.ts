import { createHash } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, type TestService } from '../../support/photo-service-harness';
import { needs } from '../../support/platform-needs';
import { type SignedInCli, startSignedInCli } from '../../support/signed-in-cli';
import { makePhotos, runCli, startCli } from '../../support/upload-harness';

const needsKeychain = needs('gnome-keyring');

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it holds (or fails after `ms`). */
async function until(check: () => boolean | Promise<boolean>, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(100);
  }
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
  needsKeychain.title('watch: folders watched on the command line'),
  () => {
    let service: TestService;
    let dataDir: string;
    let env: NodeJS.ProcessEnv;
    let watched: string;
    let source: string;
    let projectId: string;
    let watch: ReturnType<typeof startWatch>;
    let cli: SignedInCli;

    const photosOnService = async () =>
      (await admin.state(service.info)).photos.filter((photo) => photo.project_id === projectId);

    beforeAll(async () => {
      cli = await startSignedInCli('watch-data', { service: { rateWindowMs: 1000 } });
      ({ service, dataDir, env } = cli);
      const root = cli.folder;
      watched = join(root, 'inbox');
      source = join(root, 'source');
      await mkdir(watched);
      await makePhotos(source, 202);
      projectId = service.info.projects[0]!.id;
      watch = startWatch(
        [watched, '--project', projectId, '--settle-seconds', '1', '--data-dir', dataDir],
        env,
      );
      await until(() => watch.stderr().includes('Watching'), 60_000, 'the watch to start');
    }, 120_000);
    afterAll(async () => {
      if (watch.child.exitCode === null) watch.child.kill('SIGKILL');
      await cli?.close();
    });

    it('takes a JPEG written in chunks only once it is complete; the service gets the whole file', async () => {
      const whole = await readFile(join(source, 'IMG_0000.jpg'));
      const target = join(watched, 'slow.jpg');
      const file = await open(target, 'w');
      const chunk = Math.ceil(whole.length / 4);
      for (let at = 0; at < whole.length; at += chunk) {
        await file.write(whole.subarray(at, at + chunk));
        await file.sync();
        // Longer than the settle time: size and time hold still, yet the end marker is missing.
        if (at + chunk < whole.length) await pause(1800);
        // Neither queued nor even looked at by the intake (which would say "skipped") while partial.
        if (at + chunk < whole.length) {
          expect(watch.lines.filter((line) => line.includes('slow.jpg'))).toEqual([]);
          expect(watch.stderr()).not.toContain('slow.jpg');
        }
      }
      await file.close();
      await until(
        () => watch.lines.some((line) => line.includes('slow.jpg')),
        60_000,
        'slow.jpg queued',
      );
      await until(
        async () =>
          (await photosOnService()).some((photo) => photo.processing_status === 'processed'),
        60_000,
        'the photo processed',
      );
      const photos = await photosOnService();
      expect(photos).toHaveLength(1);
      expect(photos[0]!.hash).toBe(md5(whole));
      expect(watch.stderr()).not.toContain('slow.jpg');
      expect(watch.lines.filter((line) => line.includes('slow.jpg'))).toHaveLength(1);
    }, 180_000);

    it('queues 200 files written at once exactly once', async () => {
      await Promise.all(
        Array.from({ length: 200 }, (_, index) => {
          const name = `IMG_${String(index + 1).padStart(4, '0')}.jpg`;
          return copyFile(join(source, name), join(watched, name));
        }),
      );
      await until(
        async () =>
          (await photosOnService()).filter((p) => p.processing_status === 'processed').length >=
          201,
        120_000,
        '201 photos processed',
      );
      await pause(3000);
      const photos = await photosOnService();
      expect(photos).toHaveLength(201);
      expect(new Set(photos.map((photo) => photo.hash)).size).toBe(201);
      expect(watch.lines.filter((line) => line.startsWith('Queued '))).toHaveLength(201);
    }, 180_000);

    it('exits 0 on SIGINT after journaling, and after a restart queues nothing again', async () => {
      await writeFile(join(watched, 'notes.txt'), 'not a photo');
      watch.child.kill('SIGINT');
      const ended = await watch.done;
      expect(ended.code, ended.stderr).toBe(0);
      expect(ended.stderr).toContain('journaled');
      const before = (await photosOnService()).length;
      watch = startWatch(
        [watched, '--project', projectId, '--settle-seconds', '1', '--data-dir', dataDir],
        env,
      );
      await until(() => watch.stderr().includes('Watching'), 60_000, 'the second watch to start');
      // Every file was seen again by the fresh watcher and settled several times over meanwhile.
      await pause(5000);
      expect(watch.lines.filter((line) => line.startsWith('Queued '))).toEqual([]);
      const queue = await runCli(['queue', '--json', '--data-dir', dataDir]);
      expect((JSON.parse(queue.stdout) as { items: unknown[] }).items).toHaveLength(201);
      expect((await photosOnService()).length).toBe(before);
    }, 180_000);

    it('watches a folder again after it was removed and created again, and says so', async () => {
      await rm(watched, { recursive: true });
      await until(
        () => watch.stderr().includes('is missing'),
        60_000,
        'the folder reported missing',
      );
      await mkdir(watched);
      await until(() => watch.stderr().split('Watching').length > 2, 60_000, 'watching again');
      await copyFile(join(source, 'IMG_0201.jpg'), join(watched, 'back.jpg'));
      await until(
        () => watch.lines.some((line) => line.includes('back.jpg')),
        60_000,
        'back.jpg queued',
      );
      watch.child.kill('SIGTERM');
      expect((await watch.done).code).toBe(0);
    }, 180_000);

    it('sends each subfolder to the project named like it, with folder tags; skips the others with the reason', async () => {
      const target = service.info.projects[1]!;
      const inbox = await mkdtemp(join(tmpdir(), 'watch-per-subfolder-'));
      const per = startWatch(
        [
          inbox,
          '--project-per-subfolder',
          '--tags-from-folders',
          '--tag',
          'watched',
          '--settle-seconds',
          '1',
          '--data-dir',
          dataDir,
        ],
        env,
      );
      await until(() => per.stderr().includes('Watching'), 60_000, 'the watch to start');
      await mkdir(join(inbox, target.name.toUpperCase(), 'North'), { recursive: true });
      await mkdir(join(inbox, 'No Such Project'));
      const placed = join(inbox, target.name.toUpperCase(), 'North', 'placed.jpg');
      await copyFile(join(source, 'IMG_0150.jpg'), placed);
      await copyFile(join(source, 'IMG_0151.jpg'), join(inbox, 'No Such Project', 'lost.jpg'));
      await until(
        () => per.lines.some((line) => line.includes('placed.jpg')),
        60_000,
        'placed.jpg',
      );
      await until(() => per.stderr().includes('lost.jpg'), 60_000, 'lost.jpg skipped');
      expect(per.stderr()).toContain('No project is named "No Such Project".');
      expect(per.lines.find((line) => line.includes('placed.jpg'))).toContain(target.id);
      await until(
        async () =>
          (await admin.state(service.info)).photos.some((photo) => photo.project_id === target.id),
        60_000,
        'the photo on the service',
      );
      const stored = (await admin.state(service.info)).photos.filter(
        (photo) => photo.project_id === target.id,
      );
      expect(stored).toHaveLength(1);
      expect(stored[0]!.tags).toEqual(['watched', target.name.toUpperCase(), 'North']);
      per.child.kill('SIGTERM');
      expect((await per.done).code).toBe(0);
    }, 180_000);
  },
);

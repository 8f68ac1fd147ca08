import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, mkdir, open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, type TestService } from '../../support/photo-service-harness';
import { mp4Like, samsungTrailer } from '../../support/phone-photos';
import { needs } from '../../support/platform-needs';
import { type SignedInCli, startSignedInCli } from '../../support/signed-in-cli';
import { makePhotos, startCli } from '../../support/upload-harness';

const needsKeychainAndFifo = needs('gnome-keyring', 'fifo');

// Photos as phones write them, into a folder watched by the command line, against the local
// service and its S3 store.

const SAMPLES = join(import.meta.dirname, '../../fixtures/exif-samples/jpg');
const SETTLE_SECONDS = 1;
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

describe.skipIf(needsKeychainAndFifo.skip)(
  needsKeychainAndFifo.title('watch: photos as phones write them'),
  () => {
    let service: TestService;
    let cli: SignedInCli;
    let watched: string;
    let projectId: string;
    let watch: ReturnType<typeof startCli> & { lines: string[]; stderr: () => string };

    const photosOnService = async () =>
      (await admin.state(service.info)).photos.filter((photo) => photo.project_id === projectId);

    beforeAll(async () => {
      cli = await startSignedInCli('watch-phones', { service: { rateWindowMs: 1000 } });
      service = cli.service;
      watched = join(cli.folder, 'inbox');
      await mkdir(watched);
      projectId = service.info.projects[0]!.id;
      const lines: string[] = [];
      const run = startCli(
        [
          'watch',
          watched,
          '--project',
          projectId,
          '--settle-seconds',
          String(SETTLE_SECONDS),
          '--data-dir',
          cli.dataDir,
        ],
        cli.env,
        (line) => lines.push(line),
      );
      let stderr = '';
      run.child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      watch = { ...run, lines, stderr: () => stderr };
      await until(() => watch.stderr().includes('Watching'), 60_000, 'the watch to start');
    }, 120_000);
    afterAll(async () => {
      if (watch.child.exitCode === null) watch.child.kill('SIGKILL');
      await cli?.close();
    });

    /**
     * Writes `jpeg` then `tail` into the watched folder as a phone does, slowly: the JPEG in three
     * chunks with pauses longer than the settle time (it must not be taken while cut), then the
     * data after it in quick chunks (the settle time covers those).
     */
    async function writeLikeAPhone(name: string, jpeg: Buffer, tail: Buffer): Promise<Buffer> {
      const file = await open(join(watched, name), 'w');
      try {
        const third = Math.ceil(jpeg.length / 3);
        for (let at = 0; at < jpeg.length - 10; at += third) {
          await file.write(jpeg.subarray(at, Math.min(at + third, jpeg.length - 10)));
          await file.sync();
          // A writer that stalls longer than the settle time: size and time hold still.
          await pause(SETTLE_SECONDS * 1000 + 800);
          expect(watch.lines.filter((line) => line.includes(name))).toEqual([]);
        }
        await file.write(jpeg.subarray(jpeg.length - 10));
        const half = Math.ceil(tail.length / 2);
        await file.write(tail.subarray(0, half));
        await file.write(tail.subarray(half));
        await file.sync();
      } finally {
        await file.close();
      }
      return Buffer.concat([jpeg, tail]);
    }

    /** Waits for the photo of these bytes to be processed; it must be there exactly once. */
    async function uploadedOnceWhole(name: string, whole: Buffer): Promise<void> {
      await until(
        () => watch.lines.some((line) => line.includes(name)),
        30_000,
        `${name} queued (stderr: ${watch.stderr()})`,
      );
      await until(
        async () =>
          (await photosOnService()).some(
            (photo) => photo.hash === md5(whole) && photo.processing_status === 'processed',
          ),
        60_000,
        `${name} processed`,
      );
      // The service's MD5 is of the bytes it fetched from the S3 store: the whole file.
      const stored = (await photosOnService()).filter((photo) => photo.hash === md5(whole));
      expect(stored).toHaveLength(1);
      // And the S3 store holds exactly the file's bytes, video or trailer included.
      const held = await fetch(stored[0]!.uri);
      expect(Buffer.from(await held.arrayBuffer()).equals(whole)).toBe(true);
      expect(watch.lines.filter((line) => line.includes(name))).toHaveLength(1);
      expect(watch.stderr()).not.toContain(name);
    }

    it('uploads a motion photo (an MP4 after the JPEG) once and whole', async () => {
      const jpeg = await readFile(join(SAMPLES, 'Canon_40D.jpg'));
      const whole = await writeLikeAPhone('PXL_20240501_MP.jpg', jpeg, mp4Like());
      await uploadedOnceWhole('PXL_20240501_MP.jpg', whole);
    }, 120_000);

    it('uploads a Samsung photo with its SEFH…SEFT trailer once and whole', async () => {
      const jpeg = await readFile(join(SAMPLES, 'Nikon_D70.jpg'));
      const whole = await writeLikeAPhone('20240501_081500.jpg', jpeg, samsungTrailer());
      await uploadedOnceWhole('20240501_081500.jpg', whole);
    }, 120_000);

    it('skips a FIFO named pipe.jpg with the reason, and still takes the next photo', async () => {
      execFileSync('mkfifo', [join(watched, 'pipe.jpg')]);
      const [next] = await makePhotos(join(cli.folder, 'source'), 1, 900);
      await copyFile(next!.path, join(watched, 'next.jpg'));
      await until(
        () => watch.stderr().includes('pipe.jpg'),
        30_000,
        `pipe.jpg skipped (stderr: ${watch.stderr()})`,
      );
      expect(watch.stderr()).toContain(
        `skipped: ${join(watched, 'pipe.jpg')}: Not a regular file (a device, pipe or socket)`,
      );
      await uploadedOnceWhole('next.jpg', await readFile(next!.path));
      expect(watch.lines.filter((line) => line.includes('pipe.jpg'))).toEqual([]);
    }, 120_000);
  },
);

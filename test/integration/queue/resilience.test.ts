import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PhotoServiceOptions } from '../../../service/options';
import { requireKeychain } from '../../support/keychain';
import {
  admin,
  api,
  signIn,
  startTestService,
  type TestService,
} from '../../support/photo-service-harness';
import { needs } from '../../support/platform-needs';
import {
  cliLogin,
  configureUploads,
  makePhotos,
  runCli,
  startCli,
} from '../../support/upload-harness';

const needsKeychain = needs('gnome-keyring');

let service: TestService | undefined;
beforeAll(requireKeychain);
afterEach(async () => {
  await service?.close();
  service = undefined;
});

/** A signed-in data folder against a fresh service, with `count` photos queued for the first project. */
async function setUp(
  options: Partial<PhotoServiceOptions>,
  count: number,
  uploads: { writesPerSecond?: number; concurrency?: number; maxBackoffMs?: number } = {},
) {
  service = await startTestService({
    autoApprove: true,
    withS3: true,
    allowPrivateFetch: true,
    ...options,
  });
  const dataDir = await mkdtemp(join(tmpdir(), 'queue-'));
  await cliLogin(service.info, dataDir);
  const env = configureUploads(service.info, dataDir, uploads);
  const folder = await mkdtemp(join(tmpdir(), 'queue-photos-'));
  const photos = count > 0 ? await makePhotos(folder, count) : [];
  const project = service.info.projects[0]!.id;
  if (count > 0) {
    const queued = await runCli(
      ['upload', folder, '--project', project, '--queue-only', '--data-dir', dataDir],
      env,
    );
    expect(queued.code, queued.stderr).toBe(0);
  }
  return { s: service, dataDir, env, folder, photos, project };
}

type ReportRow = { file: string; outcome: string; photo_id: string; reason: string };
const reportOf = async (dataDir: string) =>
  JSON.parse(
    (await runCli(['report', '--format', 'json', '--data-dir', dataDir])).stdout,
  ) as ReportRow[];

describe.skipIf(needsKeychain.skip)(
  needsKeychain.title('Upload engine against a difficult service (real processes)'),
  () => {
    it('survives 5-second access tokens: no failed item, refreshes never overlap', async () => {
      const { s, dataDir, env } = await setUp(
        { accessTokenTtlSeconds: 5, rotation: 'immediate' },
        40,
        { writesPerSecond: 3 },
      );
      const started = Date.now();
      const result = await runCli(['sync', '--data-dir', dataDir], env);
      expect(result.code, result.stderr).toBe(0);
      expect(Date.now() - started).toBeGreaterThan(10_000);
      const tokenCalls = (await admin.state(s.info)).requests['POST /oauth/token'] ?? {};
      // The exchange plus several refreshes; a refresh racing another would have met invalid_grant (400).
      expect(tokenCalls['200']).toBeGreaterThanOrEqual(3);
      expect(tokenCalls['400']).toBeUndefined();
      expect((await reportOf(dataDir)).every((row) => row.outcome === 'uploaded')).toBe(true);
    }, 120_000);

    it('rides out storms of 503s and 429s (with and without Retry-After) and reports the 429s', async () => {
      // The client paces at 30 writes a second; the service allows 100 per 4 s (25 a second), with Retry-After.
      const { s, dataDir, env } = await setUp({ rateWindowMs: 4000, retryAfter: true }, 60, {
        writesPerSecond: 30,
        // Retry waits of at most 3 s (a setting) keep a storm of failures from stretching the test.
        maxBackoffMs: 3000,
      });
      await admin.post(s.info, '/faults', [
        {
          route: 'POST /v2/projects/:project_id/photos',
          action: 'status',
          status: 503,
          probability: 0.2,
        },
        {
          route: 'POST /v2/projects/:project_id/photos',
          action: 'status',
          status: 429,
          probability: 0.2,
        },
        { route: 'GET /v2/photos/:id', action: 'status', status: 503, probability: 0.2 },
      ]);
      const result = await runCli(['sync', '--data-dir', dataDir], env);
      expect(result.code, result.stderr).toBe(0);
      const rateLimited = Number(
        /Waited for: (\d+) rate-limit answers? \(429\)/.exec(result.stdout)?.[1],
      );
      const seen =
        (await admin.state(s.info)).requests['POST /v2/projects/:project_id/photos'] ?? {};
      expect(rateLimited).toBe(seen['429']);
      expect(rateLimited).toBeGreaterThan(0);
      expect(seen['503']).toBeGreaterThan(0);
      const photos = (await admin.state(s.info)).photos;
      expect(photos).toHaveLength(60);
      expect(new Set(photos.map((photo) => photo.hash)).size).toBe(60);
    }, 180_000);

    it('waits through an outage and finishes by itself when the service is back', async () => {
      const { s, dataDir, env } = await setUp({}, 40, { writesPerSecond: 5 });
      const { child, done } = startCli(['sync', '--data-dir', dataDir], env);
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      // States, not time: the outage starts once the batch is under way (at 5 writes a second it
      // cannot be over yet), and ends once the command has said it is offline.
      await expect
        .poll(async () => (await admin.state(s.info)).photos.length, { timeout: 60_000 })
        .toBeGreaterThan(0);
      await s.suspend();
      await expect.poll(() => stderr, { timeout: 60_000 }).toContain('Offline');
      await s.resume();
      const result = await done;
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toContain('Offline: uploads wait and resume by themselves');
      const photos = (await admin.state(s.info)).photos;
      expect(photos).toHaveLength(40);
      expect(new Set(photos.map((photo) => photo.hash)).size).toBe(40);
    }, 120_000);

    it('gives every bad input a clear reason and finishes the rest of the batch', async () => {
      const { s, dataDir, env, folder, project } = await setUp({}, 0);
      const good = await makePhotos(join(folder, 'good'), 3);
      const bad = join(folder, 'bad');
      await mkdir(bad);
      await writeFile(join(bad, 'empty.jpg'), '');
      await writeFile(join(bad, 'notes.jpg'), 'Not a photo at all\n');
      const corrupt = await makePhotos(join(folder, 'corrupt-source'), 1, 500);
      await writeFile(
        join(bad, 'corrupt.jpg'),
        (await readFile(corrupt[0]!.path)).subarray(0, 300),
      );
      const gone = await makePhotos(join(folder, 'gone'), 1, 600);
      const locked = await makePhotos(join(folder, 'locked'), 1, 700);
      const upload = await runCli(
        [
          'upload',
          join(folder, 'good'),
          bad,
          join(folder, 'gone'),
          join(folder, 'locked'),
          '--project',
          project,
          '--description',
          '<p onclick="x()">Check <a href="javascript:alert(1)">this</a><script>alert(2)</script><img src=x onerror=alert(3)></p>',
          '--queue-only',
          '--data-dir',
          dataDir,
        ],
        env,
      );
      expect(upload.code, upload.stderr).toBe(0);
      expect(upload.stderr).toMatch(/empty\.jpg: The file is empty/);
      expect(upload.stderr).toMatch(/notes\.jpg: Not a photo/);
      expect(upload.stderr).toMatch(/corrupt\.jpg: .*(truncated|EXIF)/);
      expect(upload.stderr).toContain('reduced to the HTML the Photo Service allows');
      // After queueing: one file deleted, one replaced by something that cannot be read as a file.
      await rm(gone[0]!.path);
      await rm(locked[0]!.path);
      await mkdir(locked[0]!.path);
      const unknownProject = await runCli(
        [
          'upload',
          join(folder, 'good'),
          '--project',
          'no-such-project',
          '--queue-only',
          '--data-dir',
          dataDir,
        ],
        env,
      );
      // An unknown project is refused once, before anything is queued (issue 22), not per photo.
      expect(unknownProject.code).toBe(1);
      expect(unknownProject.stderr).toContain('No project has the id "no-such-project"');
      const result = await runCli(['sync', '--data-dir', dataDir], env);
      expect(result.code).toBe(1);
      const report = await reportOf(dataDir);
      const row = (ending: string, project?: string) =>
        report.find(
          (entry) =>
            entry.file.endsWith(ending) &&
            (project === undefined ||
              (entry as unknown as { project: string }).project === project),
        );
      expect(row(gone[0]!.path)).toMatchObject({
        outcome: 'needs attention',
        reason: expect.stringContaining('moved or deleted') as unknown,
      });
      expect(row(locked[0]!.path)).toMatchObject({
        outcome: 'needs attention',
        reason: expect.stringContaining('folder, not a file') as unknown,
      });
      expect(row(good[0]!.path, 'no-such-project')).toBeUndefined();
      for (const photo of good)
        expect(row(photo.path, project)?.outcome, JSON.stringify(row(photo.path, project))).toBe(
          'uploaded',
        );
      const stored = (await admin.state(s.info)).photos;
      expect(stored).toHaveLength(3);
      for (const photo of stored) expect(photo.description).toBe('<p>Check <a>this</a></p>');
    }, 120_000);

    it('sends description edits queued while offline when the service returns, and holds a conflicting edit for the user', async () => {
      const { s, dataDir, env } = await setUp({}, 2);
      expect((await runCli(['sync', '--data-dir', dataDir], env)).code).toBe(0);
      const [first, second] = (await reportOf(dataDir)).map((row) => row.photo_id);
      await s.suspend();
      const offline = await runCli(
        [
          'describe',
          first!,
          '--description',
          '<p>Updated <em>offline</em></p>',
          '--base',
          '',
          '--queue-only',
          '--data-dir',
          dataDir,
        ],
        env,
      );
      expect(offline.code, offline.stderr).toBe(0);
      await s.resume();
      // Someone else changes the second photo after our user opened it (when it was empty).
      const other = (await signIn(s.info)).access_token;
      await api(s.info, other, 'POST', `/v2/photos/${second}/descriptions`, {
        description: 'Changed by a colleague',
      });
      expect(
        (
          await runCli(
            [
              'describe',
              second!,
              '--description',
              'Mine',
              '--base',
              '',
              '--queue-only',
              '--data-dir',
              dataDir,
            ],
            env,
          )
        ).code,
      ).toBe(0);
      const result = await runCli(['sync', '--data-dir', dataDir], env);
      expect(result.code).toBe(1);
      const byId = new Map(
        (await admin.state(s.info)).photos.map((photo) => [photo.id, photo.description]),
      );
      expect(byId.get(first!)).toBe('<p>Updated <em>offline</em></p>');
      expect(byId.get(second!)).toBe('Changed by a colleague');
      const queue = JSON.parse(
        (await runCli(['queue', '--json', '--data-dir', dataDir])).stdout,
      ) as {
        items: { kind: string; state: string; reason: string | null; photo_id: string }[];
      };
      expect(
        queue.items.find((item) => item.kind === 'description' && item.photo_id === second),
      ).toMatchObject({
        state: 'needs-attention',
        reason: expect.stringContaining('conflict') as unknown,
      });
    }, 120_000);
  },
);

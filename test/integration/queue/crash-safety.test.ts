import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, type TestService } from '../../support/photo-service-harness';
import { needs } from '../../support/platform-needs';
import { type SignedInCli, startSignedInCli } from '../../support/signed-in-cli';
import { type GeneratedPhoto, makePhotos, runCli, startCli } from '../../support/upload-harness';

const needsKeychain = needs('gnome-keyring');

const md5 = async (path: string) =>
  createHash('md5')
    .update(await readFile(path))
    .digest('hex');

describe.skipIf(needsKeychain.skip)(
  needsKeychain.title('Crash safety: sync killed with SIGKILL at random moments'),
  () => {
    let service: TestService;
    let dataDir: string;
    let env: NodeJS.ProcessEnv;
    let cli: SignedInCli;
    const batches: { description: string; photos: GeneratedPhoto[] }[] = [];

    beforeAll(async () => {
      // A one-second rate window keeps the test short; the client paces at 90 writes a second.
      cli = await startSignedInCli('crash', {
        service: { rateWindowMs: 1000 },
        uploads: { writesPerSecond: 90 },
      });
      ({ service, dataDir, env } = cli);
      const root = cli.folder;
      for (const [index, description] of [
        '<p>Level 1 slab</p>',
        '<p>Level 2 <b>rebar</b></p>',
        '<ul><li>Roof</li><li>Drains</li></ul>',
      ].entries()) {
        const photos = await makePhotos(join(root, `batch-${index}`), 100, index * 100);
        batches.push({ description, photos });
        const queued = await runCli(
          [
            'upload',
            join(root, `batch-${index}`),
            '--project',
            service.info.projects[0]!.id,
            '--description',
            description,
            '--queue-only',
            '--data-dir',
            dataDir,
          ],
          env,
        );
        expect(queued.code, queued.stderr).toBe(0);
      }
      // One create answer in ten is lost after the photo was stored.
      await admin.post(service.info, '/faults', {
        route: 'POST /v2/projects/:project_id/photos',
        action: 'drop-after-commit',
        probability: 0.1,
      });
    }, 180_000);
    afterAll(() => cli?.close());

    it('ends with each of the 300 photos on the service exactly once, with its description, capture time and position', async () => {
      const kills: number[] = [];
      let finished = false;
      for (let run = 0; run < 40 && !finished; run += 1) {
        const { child, done } = startCli(['sync', '--data-dir', dataDir], env);
        if (kills.length < 6) {
          const delay = 800 + Math.floor(Math.random() * 2500);
          const timer = setTimeout(() => {
            if (child.exitCode === null) {
              kills.push(delay);
              child.kill('SIGKILL');
            }
          }, delay);
          const result = await done;
          clearTimeout(timer);
          finished = result.code === 0;
        } else {
          const result = await done;
          expect(result.code, result.stderr).toBe(0);
          finished = true;
        }
      }
      expect(finished).toBe(true);
      expect(kills.length).toBeGreaterThanOrEqual(5);

      const state = await admin.state(service.info);
      expect(state.requests['POST /v2/projects/:project_id/photos']?.dropped ?? 0).toBeGreaterThan(
        0,
      );
      const onService = state.photos.filter(
        (photo) => photo.project_id === service.info.projects[0]!.id,
      );
      expect(onService).toHaveLength(300);
      const byHash = new Map(onService.map((photo) => [photo.hash, photo]));
      expect(byHash.size).toBe(300);
      for (const { description, photos } of batches) {
        for (const photo of photos) {
          const stored = byHash.get(await md5(photo.path));
          expect(stored, photo.path).toBeDefined();
          expect(stored!.processing_status).toBe('processed');
          expect(stored!.description).toBe(description);
          expect(stored!.captured_at).toBe(photo.capturedAt);
          if (photo.coordinates === null) expect(stored!.coordinates).toBeNull();
          else {
            expect(stored!.coordinates!.lat).toBeCloseTo(photo.coordinates.lat, 9);
            expect(stored!.coordinates!.lon).toBeCloseTo(photo.coordinates.lon, 9);
          }
        }
      }
      const report = JSON.parse(
        (await runCli(['report', '--format', 'json', '--data-dir', dataDir])).stdout,
      ) as { outcome: string }[];
      expect(report.filter((row) => row.outcome === 'uploaded')).toHaveLength(300);
    }, 600_000);
  },
);

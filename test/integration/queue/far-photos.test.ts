import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { plainJpeg, writeTags } from '../../support/exiftool';
import { requireKeychain } from '../../support/keychain';
import { admin, startTestService, type TestService } from '../../support/photo-service-harness';
import { needs } from '../../support/platform-needs';
import { cliLogin, configureUploads, runCli } from '../../support/upload-harness';

const needsKeychainAndExiftool = needs('gnome-keyring', 'exiftool');

// Is this photo from this project (issue 14 §2), on the command line against the local service:
// Harbor View Tower is seeded with coordinates and a geofence, Northgate Medical Center in
// Seattle with coordinates only, Eastbay Depot (closed, archived) close to Harbor View Tower.

const inspectLine = z.object({
  path: z.string(),
  status: z.string(),
  distance_m: z.number().nullable(),
  far: z.boolean().nullable(),
});

const reportSchema = z.array(
  z.object({ file: z.string(), outcome: z.string(), reason: z.string() }),
);

/** A JPEG with a GPS position written by ExifTool (none: no GPS at all). */
async function photoAt(
  file: string,
  seed: number,
  at: { lat: number; lon: number } | null,
): Promise<void> {
  await plainJpeg(file, seed);
  if (at === null) return;
  await writeTags(file, {
    GPSLatitude: String(Math.abs(at.lat)),
    GPSLatitudeRef: at.lat >= 0 ? 'N' : 'S',
    GPSLongitude: String(Math.abs(at.lon)),
    GPSLongitudeRef: at.lon >= 0 ? 'E' : 'W',
  });
}

describe.skipIf(needsKeychainAndExiftool.skip)(
  needsKeychainAndExiftool.title('photos far from their project, on the command line'),
  () => {
    let service: TestService;
    let dataDir: string;
    let folder: string;
    let harbor: string;
    let unplaced: string;

    beforeAll(async () => {
      await requireKeychain();
      service = await startTestService({
        autoApprove: true,
        withS3: true,
        allowPrivateFetch: true,
      });
      dataDir = await mkdtemp(join(tmpdir(), 'far-'));
      folder = await mkdtemp(join(tmpdir(), 'far-photos-'));
      await mkdir(folder, { recursive: true });
      // Inside the tower's geofence, about 445 m north of its coordinates (outside the fence),
      // at Northgate in Seattle, next to the archived depot, and without any position.
      await photoAt(join(folder, 'on-site.jpg'), 1, { lat: 37.7958, lon: -122.279 });
      await photoAt(join(folder, 'near.jpg'), 2, { lat: 37.7995, lon: -122.2786 });
      await photoAt(join(folder, 'seattle.jpg'), 3, { lat: 47.7066, lon: -122.3252 });
      await photoAt(join(folder, 'no-gps.jpg'), 4, null);
      await cliLogin(service.info, dataDir);
      harbor = service.info.projects.find((project) => project.name === 'Harbor View Tower')!.id;
      const added = await admin.post(service.info, '/projects', { name: 'Somewhere unmapped' });
      unplaced = ((await added.json()) as { id: string }).id;
    });
    afterAll(async () => {
      await service?.close();
      await rm(dataDir, { recursive: true, force: true });
      await rm(folder, { recursive: true, force: true });
    });

    async function inspectAgainst(project: string, ...more: string[]) {
      const run = await runCli([
        'inspect',
        folder,
        '--project',
        project,
        '--json',
        '--data-dir',
        dataDir,
        ...more,
      ]);
      expect(run.code, run.stderr).toBe(0);
      const lines = run.stdout
        .trim()
        .split('\n')
        .map((line) => inspectLine.parse(JSON.parse(line)));
      return new Map(lines.map((line) => [line.path.slice(folder.length + 1), line]));
    }

    it('inspect --project gives each photo its distance: 0 inside the geofence, null without a position', async () => {
      const byFile = await inspectAgainst(harbor);
      expect(byFile.get('on-site.jpg')).toMatchObject({ distance_m: 0, far: false });
      const near = byFile.get('near.jpg')!;
      expect(near.far).toBe(false);
      expect(near.distance_m).toBeGreaterThan(400);
      expect(near.distance_m).toBeLessThan(450);
      const seattle = byFile.get('seattle.jpg')!;
      expect(seattle.far).toBe(true);
      expect(seattle.distance_m! / 1000).toBeCloseTo(1102, -1);
      expect(byFile.get('no-gps.jpg')).toMatchObject({ distance_m: null, far: null });
    }, 60_000);

    it('--far-meters sets the threshold; a project without coordinates gives no distance', async () => {
      const strict = await inspectAgainst(harbor, '--far-meters', '300');
      expect(strict.get('near.jpg')?.far).toBe(true);
      expect(strict.get('on-site.jpg')?.far).toBe(false);
      const unknown = await inspectAgainst(unplaced);
      for (const line of unknown.values())
        expect(line).toMatchObject({ distance_m: null, far: null });
      const bad = await runCli([
        'inspect',
        folder,
        '--project',
        harbor,
        '--far-meters',
        'far',
        '--data-dir',
        dataDir,
      ]);
      expect(bad.code, bad.stderr).toBe(2);
      expect(bad.stderr).toContain('--far-meters must be a whole number');
    }, 60_000);

    it('upload warns of each far photo with the nearest project, and still queues it', async () => {
      const env = configureUploads(service.info, dataDir);
      const run = await runCli(
        ['upload', folder, '--project', harbor, '--queue-only', '--data-dir', dataDir],
        env,
      );
      expect(run.code, run.stderr).toBe(0);
      const warnings = run.stderr.split('\n').filter((line) => line.startsWith('far: '));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('seattle.jpg');
      expect(warnings[0]).toMatch(/Taken 1\d{3} km from Harbor View Tower\./);
      expect(warnings[0]).toContain('The nearest project is Northgate Medical Center, 0 m away.');
      expect(run.stdout).toContain('Queued 4 photos');
    }, 60_000);

    it('--skip-far leaves far photos out, each with its reason in the report', async () => {
      const fresh = await mkdtemp(join(tmpdir(), 'far-skip-'));
      try {
        await cliLogin(service.info, fresh);
        const env = configureUploads(service.info, fresh);
        const run = await runCli(
          [
            'upload',
            folder,
            '--project',
            harbor,
            '--skip-far',
            '--far-meters',
            '300',
            '--queue-only',
            '--data-dir',
            fresh,
          ],
          env,
        );
        expect(run.code, run.stderr).toBe(0);
        expect(run.stdout).toContain('Queued 2 photos');
        const skippedLines = run.stderr.split('\n').filter((line) => line.startsWith('skipped: '));
        expect(skippedLines).toHaveLength(2);

        const json = await runCli(['report', '--format', 'json', '--data-dir', fresh]);
        expect(json.code, json.stderr).toBe(0);
        const rows = reportSchema.parse(JSON.parse(json.stdout));
        const byFile = new Map(rows.map((row) => [row.file.slice(folder.length + 1), row]));
        expect([...byFile.keys()].sort()).toEqual([
          'near.jpg',
          'no-gps.jpg',
          'on-site.jpg',
          'seattle.jpg',
        ]);
        expect(byFile.get('seattle.jpg')).toMatchObject({ outcome: 'skipped' });
        expect(byFile.get('seattle.jpg')?.reason).toContain('Northgate Medical Center');
        // Harbor View Tower itself is the nearest project: no other one is suggested.
        expect(byFile.get('near.jpg')?.outcome).toBe('skipped');
        expect(byFile.get('near.jpg')?.reason).toMatch(/^Taken 4\d\d m from Harbor View Tower\.$/);
        expect(byFile.get('on-site.jpg')?.outcome).toBe('waiting');
        expect(byFile.get('no-gps.jpg')?.outcome).toBe('waiting');
      } finally {
        await rm(fresh, { recursive: true, force: true });
      }
    }, 90_000);
  },
);

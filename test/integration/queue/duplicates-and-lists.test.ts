import { copyFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireKeychain } from '../../support/keychain';
import { needs } from '../../support/platform-needs';
import { startTamperingProxy } from '../../support/tampering-proxy';
import { admin, startTestService, type TestService } from '../../support/photo-service-harness';
import {
  cliLogin,
  configureUploads,
  type GeneratedPhoto,
  makePhotos,
  ROOT,
  runCli,
} from '../../support/upload-harness';

const needsKeychain = needs('gnome-keyring');

// Issue 13 §5 and §6 on the command line against the local service and its S3 store: two data
// folders stand for two colleagues' computers uploading to the same service.

let service: TestService;
let project: string;
let folder: string;
let photos: GeneratedPhoto[];

/** A signed-in data folder set up for uploads: one colleague's computer. */
async function computer(): Promise<{ dataDir: string; env: NodeJS.ProcessEnv }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'dups-computer-'));
  await cliLogin(service.info, dataDir);
  return { dataDir, env: configureUploads(service.info, dataDir) };
}

const photosOf = async (projectId: string) =>
  (await admin.state(service.info)).photos.filter((photo) => photo.project_id === projectId);

type ReportRow = { file: string; outcome: string; photo_id: string; reason: string };

const HEIC = join(ROOT, 'test/fixtures/exif-samples/heic/IMG_5195.HEIC');

beforeAll(async () => {
  await requireKeychain();
  service = await startTestService({ autoApprove: true, withS3: true, allowPrivateFetch: true });
  project = service.info.projects[0]!.id;
  folder = await mkdtemp(join(tmpdir(), 'dups-photos-'));
  photos = await makePhotos(folder, 3);
}, 60_000);
afterAll(async () => {
  await service?.close();
});

describe.skipIf(needsKeychain.skip)(
  needsKeychain.title('Never twice in a project, whoever uploaded it (CLI, real service)'),
  () => {
    it('a second computer uploading the same folder creates nothing, says so per photo, and --allow-duplicates uploads them', async () => {
      const first = await computer();
      const second = await computer();
      // The second computer queues the folder before the first uploads it: its queue must find the
      // first computer's photos before creating its own.
      const queuedEarly = await runCli(
        ['upload', folder, '--project', project, '--queue-only', '--data-dir', second.dataDir],
        second.env,
      );
      expect(queuedEarly.code, queuedEarly.stderr).toBe(0);
      expect(queuedEarly.stdout).toContain('Queued 3 photos');

      const uploaded = await runCli(
        ['upload', folder, '--project', project, '--data-dir', first.dataDir],
        first.env,
      );
      expect(uploaded.code, uploaded.stderr).toBe(0);
      const onService = await photosOf(project);
      expect(onService).toHaveLength(3);

      const synced = await runCli(['sync', '--data-dir', second.dataDir], second.env);
      expect(synced.code, synced.stderr).toBe(0);
      expect(await photosOf(project)).toHaveLength(3);
      const report = JSON.parse(
        (await runCli(['report', '--format', 'json', '--data-dir', second.dataDir])).stdout,
      ) as ReportRow[];
      expect(report.map((row) => row.outcome)).toEqual(Array(3).fill('already on the service'));
      expect(report.map((row) => row.photo_id).sort()).toEqual(
        onService.map((photo) => photo.id).sort(),
      );

      const queue = JSON.parse(
        (await runCli(['queue', '--json', '--data-dir', second.dataDir])).stdout,
      ) as { items: { state: string; already_on_service: boolean }[] };
      expect(queue.items.map((entry) => [entry.state, entry.already_on_service])).toEqual(
        Array(3).fill(['done', true]),
      );

      // A third computer: the photos are flagged before they are queued, one line each.
      const third = await computer();
      const again = await runCli(
        ['upload', folder, '--project', project, '--data-dir', third.dataDir],
        third.env,
      );
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toContain('Queued 0 photos');
      for (const photo of photos) {
        const id = onService.find((stored) => stored.captured_at === photo.capturedAt)!.id;
        expect(again.stderr).toContain(
          `${photo.path}: already on the service as photo ${id}: skipped`,
        );
      }
      expect(await photosOf(project)).toHaveLength(3);

      const forced = await runCli(
        ['upload', folder, '--project', project, '--allow-duplicates', '--data-dir', third.dataDir],
        third.env,
      );
      expect(forced.code, forced.stderr).toBe(0);
      expect(forced.stderr).toContain('uploading again (--allow-duplicates)');
      expect(await photosOf(project)).toHaveLength(6);
    }, 180_000);

    it('a colleague uploading the same HEIC (sent as JPEG) from a second data folder creates nothing, and is told the photo id', async () => {
      // A project of its own, so the photo lists below see only their photos.
      const heicProject = service.info.projects[2]!.id;
      const heicFolder = await mkdtemp(join(tmpdir(), 'dups-heic-'));
      await copyFile(HEIC, join(heicFolder, 'IMG_5195.HEIC'));
      const first = await computer();
      const colleague = await computer();
      const uploaded = await runCli(
        ['upload', heicFolder, '--project', heicProject, '--data-dir', first.dataDir],
        first.env,
      );
      expect(uploaded.code, uploaded.stderr).toBe(0);
      const [stored, ...more] = await photosOf(heicProject);
      expect(more).toEqual([]);
      // The service hashed the JPEG it fetched, not the HEIC the colleague has.
      expect(stored?.media_type).toBe('image/jpeg');

      const again = await runCli(
        ['upload', heicFolder, '--project', heicProject, '--data-dir', colleague.dataDir],
        colleague.env,
      );
      expect(again.code, again.stderr).toBe(0);
      expect((await photosOf(heicProject)).map((photo) => photo.id)).toEqual([stored!.id]);
      const report = JSON.parse(
        (await runCli(['report', '--format', 'json', '--data-dir', colleague.dataDir])).stdout,
      ) as ReportRow[];
      expect(report.map((row) => [row.outcome, row.photo_id])).toEqual([
        ['already on the service', stored!.id],
      ]);
    }, 120_000);

    it('flags a photo this computer uploaded to another project, and uploads it to this one', async () => {
      const mine = await computer();
      const other = service.info.projects[1]!.id;
      const folderB = await mkdtemp(join(tmpdir(), 'dups-other-'));
      const [photo] = await makePhotos(folderB, 1, 500);
      const first = await runCli(
        ['upload', folderB, '--project', other, '--data-dir', mine.dataDir],
        mine.env,
      );
      expect(first.code, first.stderr).toBe(0);
      const there = (await photosOf(other)).find((p) => p.captured_at === photo!.capturedAt)!;
      const second = await runCli(
        ['upload', folderB, '--project', project, '--data-dir', mine.dataDir],
        mine.env,
      );
      expect(second.code, second.stderr).toBe(0);
      expect(second.stderr).toContain(
        `already on the service as photo ${there.id} in project ${other}: uploading to this project too`,
      );
      expect((await photosOf(project)).some((p) => p.captured_at === photo!.capturedAt)).toBe(true);
    }, 120_000);
  },
);

describe.skipIf(needsKeychain.skip)(
  needsKeychain.title('Project and photo lists on the command line (real service)'),
  () => {
    it('lists projects with address and coordinates, marks archived ones and escapes control characters', async () => {
      const { dataDir } = await computer();
      const added = await admin.post(service.info, '/projects', {
        name: 'Old \u001b[31mdepot',
        archived: true,
      });
      expect(added.status).toBe(201);
      const json = await runCli(['projects', '--json', '--data-dir', dataDir]);
      expect(json.code, json.stderr).toBe(0);
      const listed = json.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(listed).toHaveLength(service.info.projects.length + 1);
      expect(listed.find((entry) => entry.id === project)).toMatchObject({
        id: project,
        name: 'Harbor View Tower',
        address: '1200 Harbor Blvd, Oakland, CA, 94607, US',
        coordinates: { lat: 37.7955, lon: -122.2786 },
        archived: false,
      });
      // The seeded Eastbay Depot (closed) is archived too.
      expect(listed.filter((entry) => entry.archived === true).map((entry) => entry.name)).toEqual(
        expect.arrayContaining(['Old \u001b[31mdepot', 'Eastbay Depot (closed)']),
      );

      const text = await runCli(['projects', '--data-dir', dataDir]);
      expect(text.code, text.stderr).toBe(0);
      expect(text.stdout).not.toContain('\u001b');
      expect(text.stdout).toContain('Old \\x1b[31mdepot [archived]');
      expect(text.stdout).toMatch(
        /Harbor View Tower {2}\| {2}1200 Harbor Blvd, Oakland.* {2}\| {2}37\.7955, -122\.2786/,
      );

      const searched = await runCli(['projects', '--search', 'Maple', '--data-dir', dataDir]);
      expect(searched.stdout).toContain('Maple Street School Renovation');
      expect(searched.stdout).not.toContain('Harbor View Tower');
      expect(searched.stdout).toContain('1 project.');
    }, 60_000);

    it("lists a project's photos (since a date) and edits several photos' descriptions at once", async () => {
      const { dataDir, env } = await computer();
      const onService = await photosOf(project);
      expect(onService.length).toBeGreaterThanOrEqual(3);
      const json = await runCli(['photos', '--project', project, '--json', '--data-dir', dataDir]);
      expect(json.code, json.stderr).toBe(0);
      const listed = json.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(listed.map((photo) => photo.id).sort()).toEqual(onService.map((p) => p.id).sort());
      const one = onService[0]!;
      expect(listed.find((photo) => photo.id === one.id)).toEqual({
        id: one.id,
        captured_at: one.captured_at,
        hash: one.hash,
        description: one.description,
        tags: [],
        uploaded_by: { id: expect.any(String) as unknown, name: 'Demo User' },
        processing_status: 'processed',
      });
      // Tags and uploader are matched by the core over every page (the service cannot filter
      // by them): any case of the uploader's name; a tag none carries lists nothing.
      const mine = await runCli([
        'photos',
        '--project',
        project,
        '--uploaded-by',
        'demo user',
        '--data-dir',
        dataDir,
      ]);
      expect(mine.code, mine.stderr).toBe(0);
      expect(mine.stdout).toContain(`${onService.length} photos.`);
      expect(mine.stdout).toContain('uploaded by Demo User');
      const none = await runCli([
        'photos',
        '--project',
        project,
        '--tag',
        'Level 9',
        '--uploaded-by',
        'Somebody Else',
        '--data-dir',
        dataDir,
      ]);
      expect(none.code, none.stderr).toBe(0);
      expect(none.stdout).toBe('0 photos.\n');

      // 08:00, 08:01 and 08:02 UTC were uploaded (twice), and 16:20 (the other-project photo):
      // since 08:01 leaves out only 08:00.
      const since = await runCli([
        'photos',
        '--project',
        project,
        '--since',
        '2024-05-01T08:01:00Z',
        '--data-dir',
        dataDir,
      ]);
      expect(since.code, since.stderr).toBe(0);
      const times = [...since.stdout.matchAll(/2024-05-01T(\d\d:\d\d):00Z/g)].map((m) => m[1]);
      expect(new Set(times)).toEqual(new Set(['08:01', '08:02', '16:20']));
      expect(since.stdout).toMatch(/[0-9a-f]{32} {2}\| {2}processed/);
      const bad = await runCli([
        'photos',
        '--project',
        project,
        '--since',
        'yesterday',
        '--data-dir',
        dataDir,
      ]);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('--since must be an ISO date');

      const [a, b] = onService;
      const described = await runCli(
        ['describe', a!.id, b!.id, '--description', '<p>Both walls</p>', '--data-dir', dataDir],
        env,
      );
      expect(described.code, described.stderr).toBe(0);
      const after = await photosOf(project);
      for (const id of [a!.id, b!.id])
        expect(after.find((photo) => photo.id === id)?.description).toBe('<p>Both walls</p>');
    }, 90_000);
  },
);

describe.skipIf(needsKeychain.skip)(
  needsKeychain.title(
    'Project list paging when the service sends an unreadable project (real service)',
  ),
  () => {
    it('goes on past a full page that had one unreadable project: every later page is listed', async () => {
      const unreadable = await admin.post(service.info, '/projects', { name: 'AAA unreadable' });
      expect(unreadable.status).toBe(201);
      const { id: unreadableId } = (await unreadable.json()) as { id: string };
      // Enough projects for three pages of 100; the last one sorts onto the last page.
      for (let index = 0; index < 200; index += 1)
        expect(
          (
            await admin.post(service.info, '/projects', {
              name: `Filler ${String(index).padStart(3, '0')}`,
            })
          ).status,
        ).toBe(201);
      expect((await admin.post(service.info, '/projects', { name: 'Zz last site' })).status).toBe(
        201,
      );
      const total = (await admin.state(service.info)).projects.length;
      expect(total).toBeGreaterThan(200);

      // The first page (sorted by name) carries the project with an empty id: it cannot be read.
      const proxy = await startTamperingProxy(service.info.base_url, { [unreadableId]: '' });
      try {
        const dataDir = await mkdtemp(join(tmpdir(), 'dups-paging-'));
        await cliLogin({ ...service.info, base_url: proxy.origin }, dataDir);
        const run = await runCli(['projects', '--json', '--data-dir', dataDir]);
        expect(run.code, run.stderr).toBe(0);
        const names = run.stdout
          .trim()
          .split('\n')
          .map((line) => (JSON.parse(line) as { name: string }).name);
        expect(names).toHaveLength(total - 1);
        expect(names).not.toContain('AAA unreadable');
        expect(names).toContain('Filler 199');
        expect(names.at(-1)).toBe('Zz last site');
      } finally {
        await proxy.close();
      }
    }, 120_000);
  },
);

import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requireKeychain } from '../../support/keychain';
import {
  admin,
  type AdminState,
  s3ClientFor,
  startTestService,
  type TestService,
} from '../../support/photo-service-harness';
import { needs } from '../../support/platform-needs';
import {
  cliLogin,
  configureUploads,
  type GeneratedPhoto,
  makePhotos,
  runCli,
} from '../../support/upload-harness';

const needsKeychain = needs('gnome-keyring');

// `upload --dry-run` (issue 26 §2) through the real command line against the local service:
// every file is named with what would be sent (project, captured_at and its rule, description)
// or why not (far with --skip-far, already on the service, a subfolder without a project,
// not a photo), and afterwards the queue is empty, the photo host holds nothing new and the
// service has no new photo and took no write.

const record = z.discriminatedUnion('action', [
  z
    .object({
      path: z.string(),
      action: z.literal('send'),
      project_id: z.string(),
      project_name: z.string().nullable(),
      captured_at: z.number(),
      captured_at_rule: z.string(),
      zone: z.string(),
      captured_at_source: z.string(),
      coordinates: z.object({ lat: z.number(), lon: z.number() }).nullable(),
      description: z.string(),
      tags: z.array(z.string()),
      internal: z.boolean(),
      queued_item_id: z.number().nullable(),
    })
    .strict(),
  z
    .object({
      path: z.string(),
      action: z.enum(['skip', 'unreadable', 'on-service']),
      project_id: z.string().nullable(),
      project_name: z.string().nullable(),
      reason: z.string(),
      reason_code: z.string(),
      photo_id: z.string().nullable(),
    })
    .strict(),
]);

const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

/** The service's writes so far (route → count): a dry run must add none. */
const writes = (state: AdminState) =>
  Object.entries(state.requests).filter(([route]) => /^(POST|PUT|PATCH|DELETE) /.test(route));

describe.skipIf(needsKeychain.skip)(needsKeychain.title('upload --dry-run'), () => {
  let service: TestService;
  let dataDir: string;
  let root: string;
  let env: NodeJS.ProcessEnv;
  let harbor: string;
  let northgate: string;
  let atHarbor: GeneratedPhoto[];
  let atNorthgate: GeneratedPhoto[];
  let nowhere: GeneratedPhoto[];
  let broken: string;

  const objectCount = async () =>
    (
      await s3ClientFor(service.info).send(
        new ListObjectsV2Command({ Bucket: service.info.s3!.bucket }),
      )
    ).KeyCount ?? 0;

  const dryRun = (...more: string[]) =>
    runCli(
      [
        'upload',
        root,
        '--project-per-subfolder',
        '--skip-far',
        '--description',
        '<p>North wall</p>',
        '--tag',
        'Inspection',
        '--dry-run',
        '--data-dir',
        dataDir,
        ...more,
      ],
      env,
    );

  beforeAll(async () => {
    await requireKeychain();
    service = await startTestService({ autoApprove: true, withS3: true, allowPrivateFetch: true });
    dataDir = await mkdtemp(join(tmpdir(), 'dry-run-data-'));
    root = await mkdtemp(join(tmpdir(), 'dry-run-drop-'));
    const named = (name: string) => service.info.projects.find((project) => project.name === name)!;
    harbor = named('Harbor View Tower').id;
    northgate = named('Northgate Medical Center').id;
    // IMG_0600 has a position near Montreal: far from Harbor View Tower (San Francisco).
    atHarbor = await makePhotos(join(root, 'Harbor View Tower'), 3, 600);
    atNorthgate = await makePhotos(join(root, 'Northgate Medical Center'), 1, 610);
    nowhere = await makePhotos(join(root, 'Nowhere Street'), 1, 620);
    broken = join(root, 'Harbor View Tower', 'broken.jpg');
    await writeFile(broken, 'not a photo at all');
    await cliLogin(service.info, dataDir);
    env = configureUploads(service.info, dataDir);
    // One photo is already on the service (uploaded from another data folder).
    const other = await mkdtemp(join(tmpdir(), 'dry-run-other-'));
    await cliLogin(service.info, other);
    const sent = await runCli(
      ['upload', atHarbor[1]!.path, '--project', harbor, '--data-dir', other],
      configureUploads(service.info, other),
    );
    expect(sent.code, sent.stderr).toBe(0);
    await rm(other, { recursive: true, force: true });
  }, 120_000);

  afterAll(async () => {
    await service?.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(root, { recursive: true, force: true });
  });

  it('names each file with what would be sent or why not, and queues, stages and creates nothing', async () => {
    const before = await admin.state(service.info);
    expect(before.photos).toHaveLength(1);
    const objectsBefore = await objectCount();

    const run = await dryRun();
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trim().split('\n');
    const lineOf = (path: string) => lines.find((line) => line.includes(`${path}:`));
    const sent = (photo: GeneratedPhoto, project: string) =>
      `would send: ${photo.path}: project ${nameOf(project)} (${project}), captured ${iso(photo.capturedAt)} (offset, +00:00), no position, tags Inspection, description <p>North wall</p>`;
    const nameOf = (id: string) => service.info.projects.find((project) => project.id === id)!.name;
    expect(lineOf(atHarbor[2]!.path)).toBe(sent(atHarbor[2]!, harbor));
    expect(lineOf(atNorthgate[0]!.path)).toBe(sent(atNorthgate[0]!, northgate));
    expect(lineOf(atHarbor[0]!.path)).toMatch(
      /^skip: .*: Taken \d[\d.,]* km from Harbor View Tower\./,
    );
    const onService = before.photos[0]!.id;
    expect(lineOf(atHarbor[1]!.path)).toBe(
      `duplicate: ${atHarbor[1]!.path}: Already on the service as photo ${onService}: not uploaded again.`,
    );
    expect(lineOf(nowhere[0]!.path)).toBe(
      `skip: ${nowhere[0]!.path}: No project is named "Nowhere Street".`,
    );
    expect(lineOf(broken)).toBe(
      `skip: ${broken}: Not a photo (unknown content); only JPEG, PNG, HEIC/HEIF, TIFF and WebP images are uploaded`,
    );
    expect(lines.at(-1)).toBe(
      'Dry run: 2 photos would be sent, 4 not; nothing was queued or sent.',
    );
    expect(lines).toHaveLength(7);

    const queue = await runCli(['queue', '--json', '--data-dir', dataDir], env);
    expect(queue.code, queue.stderr).toBe(0);
    expect((JSON.parse(queue.stdout) as { items: unknown[] }).items).toEqual([]);
    const after = await admin.state(service.info);
    expect(after.photos.map((photo) => photo.id)).toEqual([onService]);
    expect(writes(after)).toEqual(writes(before));
    expect(await objectCount()).toBe(objectsBefore);
  }, 120_000);

  it('--json gives one object per file, each with its project, capture rule and reason', async () => {
    const run = await dryRun('--json');
    expect(run.code, run.stderr).toBe(0);
    const records = run.stdout
      .trim()
      .split('\n')
      .map((line) => record.parse(JSON.parse(line)));
    const byFile = new Map(records.map((entry) => [entry.path, entry]));
    expect(byFile.size).toBe(6);
    expect(byFile.get(atHarbor[2]!.path)).toEqual({
      path: atHarbor[2]!.path,
      action: 'send',
      project_id: harbor,
      project_name: 'Harbor View Tower',
      captured_at: atHarbor[2]!.capturedAt,
      captured_at_rule: 'offset',
      zone: '+00:00',
      captured_at_source: expect.any(String) as string,
      coordinates: null,
      description: '<p>North wall</p>',
      tags: ['Inspection'],
      internal: false,
      queued_item_id: null,
    });
    expect(byFile.get(atHarbor[0]!.path)).toMatchObject({
      action: 'skip',
      project_id: harbor,
      project_name: 'Harbor View Tower',
      reason_code: expect.stringMatching(/^reason\.intake\.far/) as string,
    });
    expect(byFile.get(atHarbor[1]!.path)).toMatchObject({
      action: 'on-service',
      reason_code: 'reason.intake.alreadyOnService',
    });
    expect(byFile.get(nowhere[0]!.path)).toMatchObject({
      action: 'skip',
      project_id: null,
      project_name: null,
      reason_code: 'reason.intake.noProjectNamed',
    });
    expect(byFile.get(broken)).toMatchObject({ action: 'skip', project_id: null });
    expect(run.stderr).toContain('Dry run: 2 photos would be sent, 4 not');
    const queue = await runCli(['queue', '--json', '--data-dir', dataDir], env);
    expect((JSON.parse(queue.stdout) as { items: unknown[] }).items).toEqual([]);
  }, 120_000);

  it('says which photos the queue already holds (queuing them again adds nothing)', async () => {
    const queued = await runCli(
      [
        'upload',
        join(root, 'Northgate Medical Center'),
        '--project',
        northgate,
        '--queue-only',
        '--data-dir',
        dataDir,
      ],
      env,
    );
    expect(queued.code, queued.stderr).toBe(0);
    const queue = JSON.parse(
      (await runCli(['queue', '--json', '--data-dir', dataDir], env)).stdout,
    ) as { items: { id: number; path: string }[] };
    expect(queue.items).toHaveLength(1);
    const run = await dryRun();
    expect(run.code, run.stderr).toBe(0);
    const line = run.stdout.split('\n').find((text) => text.includes(atNorthgate[0]!.path));
    expect(line).toMatch(
      new RegExp(`^would send: .*\\(already queued as item ${queue.items[0]!.id}\\)$`),
    );
    const json = await dryRun('--json');
    const records = json.stdout
      .trim()
      .split('\n')
      .map((text) => record.parse(JSON.parse(text)));
    expect(
      records.filter((entry) => entry.action === 'send').map((entry) => entry.queued_item_id),
    ).toEqual(expect.arrayContaining([queue.items[0]!.id, null]));
  }, 120_000);

  it('saves nothing: the settings file, the queue and the report are as they were', async () => {
    // A real upload first, so that the data folder has settings, a recent project and a queue.
    const elsewhere = await mkdtemp(join(tmpdir(), 'dry-run-elsewhere-'));
    const [photo] = await makePhotos(elsewhere, 1, 640);
    const sent = await runCli(
      ['upload', photo!.path, '--project', northgate, '--data-dir', dataDir],
      env,
    );
    expect(sent.code, sent.stderr).toBe(0);
    await rm(elsewhere, { recursive: true, force: true });
    const saved = async () => ({
      settings: await readFile(join(dataDir, 'settings.json'), 'utf8'),
      queue: (await runCli(['queue', '--json', '--data-dir', dataDir], env)).stdout,
      report: (await runCli(['report', '--format', 'json', '--data-dir', dataDir], env)).stdout,
    });
    const before = await saved();
    expect(JSON.parse(before.settings)).toHaveProperty('recentProjects');

    const run = await dryRun('--project', harbor);
    expect(run.code, run.stderr).toBe(0);
    expect(await saved()).toEqual(before);
    // A flag that would be saved is refused with --dry-run, before anything is read or saved.
    const flagged = await dryRun('--concurrency', '2', '--camera-offset', 'TestCam Site=+1h');
    expect(flagged.code).toBe(2);
    expect(flagged.stderr).toContain('--dry-run saves nothing');
    expect(flagged.stderr).toContain('--concurrency');
    expect(flagged.stderr).toContain('--camera-offset');
    expect(await saved()).toEqual(before);
  }, 120_000);
});

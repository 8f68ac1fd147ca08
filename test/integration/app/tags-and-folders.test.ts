import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppCore } from '../../../main/core/app-core';
import { commandLineFrontEnd } from '../../../main/core/front-end';
import { silentLogger, Redactor } from '../../../main/logging/logger';
import { InMemorySecretStore } from '../../../main/secrets/in-memory-secret-store';
import type { IntakeBatchView, IntakeItemView } from '../../../shared/ipc/views';
import { loopbackBrowser } from '../../support/auth-harness';
import { requireKeychain } from '../../support/keychain';
import {
  admin,
  md5,
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

// Tags (batch, folder names, per photo) and a project per subfolder, checked on the service.

let service: TestService;
beforeAll(async () => {
  await requireKeychain();
  service = await startTestService({ autoApprove: true, withS3: true, allowPrivateFetch: true });
});
afterAll(() => service?.close());

/** The service's tags and project for each file, by the file's MD5. */
async function onService(photos: readonly GeneratedPhoto[]) {
  const state = await admin.state(service.info);
  return Promise.all(
    photos.map(async (photo) => {
      const hash = md5(await readFile(photo.path));
      const found = state.photos.find((stored) => stored.hash === hash);
      return found && { project: found.project_id, tags: found.tags ?? [] };
    }),
  );
}

describe.skipIf(needsKeychain.skip)(needsKeychain.title('upload from the command line'), () => {
  it('sends each subfolder to the project named like it, with batch and folder tags; an unmatched subfolder is skipped and said', async () => {
    const [first, second] = service.info.projects;
    const dataDir = await mkdtemp(join(tmpdir(), 'tags-cli-'));
    await cliLogin(service.info, dataDir);
    const env = configureUploads(service.info, dataDir);
    const root = await mkdtemp(join(tmpdir(), 'tags-drop-'));
    // The same names in another case: matched ignoring case.
    const inFirst = await makePhotos(join(root, first!.name.toUpperCase()), 2, 500);
    const inSecond = await makePhotos(join(root, second!.name.toLowerCase(), 'Level 2'), 1, 510);
    const unmatched = await makePhotos(join(root, 'Nowhere Street'), 1, 520);

    const run = await runCli(
      [
        'upload',
        root,
        '--project-per-subfolder',
        '--tag',
        'Inspection',
        '--tag',
        ' inspection ',
        '--tag',
        'Week 12',
        '--tags-from-folders',
        '--data-dir',
        dataDir,
      ],
      env,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Queued 3 photos');
    expect(run.stderr).toContain(
      `skipped: ${unmatched[0]!.path}: No project is named "Nowhere Street".`,
    );

    const [a, b] = await onService(inFirst);
    const [d] = await onService(inSecond);
    const [never] = await onService(unmatched);
    const firstTags = ['Inspection', 'Week 12', first!.name.toUpperCase()];
    expect(a).toEqual({ project: first!.id, tags: firstTags });
    expect(b).toEqual({ project: first!.id, tags: firstTags });
    expect(d).toEqual({
      project: second!.id,
      tags: ['Inspection', 'Week 12', second!.name.toLowerCase(), 'Level 2'],
    });
    expect(never).toBeUndefined();

    // A colleague's computer uploads the same folder: each photo is looked for in its own
    // subfolder's project, and said per photo, as with one project.
    const colleague = await mkdtemp(join(tmpdir(), 'tags-cli-colleague-'));
    await cliLogin(service.info, colleague);
    const again = await runCli(
      ['upload', root, '--project-per-subfolder', '--data-dir', colleague],
      configureUploads(service.info, colleague),
    );
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('Queued 0 photos');
    const stored = (await admin.state(service.info)).photos;
    for (const photo of [...inFirst, ...inSecond]) {
      const hash = md5(await readFile(photo.path));
      const id = stored.find((entry) => entry.hash === hash)!.id;
      expect(again.stderr).toContain(
        `${photo.path}: already on the service as photo ${id}: skipped`,
      );
    }
    expect(again.stderr).toContain(
      `skipped: ${unmatched[0]!.path}: No project is named "Nowhere Street".`,
    );
    expect((await admin.state(service.info)).photos).toHaveLength(stored.length);
    await rm(root, { recursive: true, force: true });
  }, 180_000);

  it('sends only the batch tags without --tags-from-folders, and needs a project', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'tags-cli-'));
    await cliLogin(service.info, dataDir);
    const env = configureUploads(service.info, dataDir);
    const root = await mkdtemp(join(tmpdir(), 'tags-drop-'));
    const photos = await makePhotos(join(root, 'Roof'), 1, 530);
    const refused = await runCli(['upload', root, '--data-dir', dataDir], env);
    expect(refused.code).toBe(2);
    const project = service.info.projects[0]!.id;
    const run = await runCli(
      ['upload', root, '--project', project, '--tag', 'Roof check', '--data-dir', dataDir],
      env,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(await onService(photos)).toEqual([{ project, tags: ['Roof check'] }]);
  }, 120_000);
});

describe.skipIf(needsKeychain.skip)(
  needsKeychain.title('queue:add-photos through the core handlers'),
  () => {
    let dataDir: string;
    let core: AppCore;
    afterEach(async () => {
      await core.shutdown();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('creates photos with batch, folder and per-photo tags, each subfolder in its project', async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'tags-core-'));
      core = await AppCore.start({
        dataDir,
        secrets: new InMemorySecretStore(),
        redactor: new Redactor(),
        logger: silentLogger,
        customScheme: undefined,
        browser: loopbackBrowser(),
        chooser: { choose: () => Promise.resolve([]) },
        locksDir: join(dataDir, 'locks'),
      });
      const handlers = core.handlersFor(commandLineFrontEnd);
      const s3 = service.info.s3!;
      await handlers['settings:set']({
        authUrl: service.info.auth_url,
        baseUrl: service.info.base_url,
        clientId: service.info.public_client_id,
        photoHost: {
          kind: 's3',
          endpoint: s3.endpoint,
          region: s3.region,
          bucket: s3.bucket,
          prefix: 'core/',
          pathStyle: true,
          accessKeyId: s3.access_key_id,
          secretAccessKey: s3.secret_access_key,
        },
      });
      await handlers['session:sign-in']({});
      const deadline = Date.now() + 10_000;
      while ((await handlers['session:get']({})).state !== 'signed-in' && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));

      const [first, second] = service.info.projects;
      const root = await mkdtemp(join(tmpdir(), 'tags-core-drop-'));
      const loose = await makePhotos(root, 1, 600);
      const east = await makePhotos(join(root, 'East', 'Floor 1'), 2, 610);
      const west = await makePhotos(join(root, 'West'), 1, 620);
      const left = await makePhotos(join(root, 'Left out'), 1, 630);
      const items: IntakeItemView[] = [];
      const done = new Promise<void>((resolve) =>
        core.onEvent((event, payload) => {
          if (event !== 'intake:batch') return;
          const batch = payload as IntakeBatchView;
          items.push(...batch.items);
          if (batch.progress.done) resolve();
        }),
      );
      await handlers['intake:add-paths']({ paths: [root], assumedZone: 'UTC', more: false });
      await done;
      const firstRun = [...items];
      const idOf = (photo: GeneratedPhoto) => firstRun.find((item) => item.path === photo.path)!;
      expect(idOf(east[0]!)).toMatchObject({ root, folders: ['East', 'Floor 1'] });
      // Read again by its own path (the window does so when the assumed zone changes): the photo
      // keeps the folder it was dropped with.
      const again: IntakeItemView[] = [];
      const reread = new Promise<void>((resolve) =>
        core.onEvent((event, payload) => {
          if (event !== 'intake:batch') return;
          const batch = payload as IntakeBatchView;
          again.push(...batch.items);
          if (batch.progress.done) resolve();
        }),
      );
      await handlers['intake:add-paths']({
        paths: [east[0]!.path],
        assumedZone: 'UTC',
        more: false,
      });
      await reread;
      expect(again.find((item) => item.path === east[0]!.path)).toMatchObject({
        root,
        folders: ['East', 'Floor 1'],
      });

      const answer = await handlers['queue:add-photos']({
        intakeIds: firstRun.filter((item) => item.status === 'photo').map((item) => item.intakeId),
        projectId: first!.id,
        description: '',
        internal: false,
        allowDuplicates: false,
        overrides: [],
        tags: ['Handover'],
        photoTags: [{ intakeId: idOf(east[1]!).intakeId, tags: ['Crack', 'handover'] }],
        tagsFromFolders: true,
        subfolderProjects: [
          { subfolder: 'East', projectId: second!.id },
          { subfolder: 'West', projectId: first!.id },
          { subfolder: 'Left out', skipReason: { key: 'reason.intake.folderLeftOut' } },
        ],
      });
      expect(answer).toMatchObject({ added: 4, alreadyQueued: 0 });
      expect(answer.skipped).toEqual([
        {
          intakeId: idOf(left[0]!).intakeId,
          path: left[0]!.path,
          reason: { key: 'reason.intake.folderLeftOut' },
        },
      ]);
      expect((await handlers['queue:sync']({})).counts.done).toBe(4);
      expect(await onService([...loose, ...east, ...west, ...left])).toEqual([
        { project: first!.id, tags: ['Handover'] },
        { project: second!.id, tags: ['Handover', 'East', 'Floor 1'] },
        { project: second!.id, tags: ['Handover', 'East', 'Floor 1', 'Crack'] },
        { project: first!.id, tags: ['Handover', 'West'] },
        undefined,
      ]);
      await rm(root, { recursive: true, force: true });
    }, 60_000);
  },
);

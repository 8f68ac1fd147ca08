import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { admin } from '../../support/photo-service-harness';
import { needs } from '../../support/platform-needs';
import { type SignedInCli, startSignedInCli } from '../../support/signed-in-cli';
import { makePhotos, runCli } from '../../support/upload-harness';

const needsKeychain = needs('gnome-keyring');

// Issue 22 §6, projects by name and by id: an archived project is never matched or used
// silently, and a project that does not exist is refused once, before anything is queued.

const queueJson = z.object({ items: z.array(z.object({ state: z.string() })) });

describe.skipIf(needsKeychain.skip)(
  needsKeychain.title('the project of an upload or a watch'),
  () => {
    let cli: SignedInCli;
    let depot: { id: string; name: string };

    beforeAll(async () => {
      cli = await startSignedInCli('projects-by-name');
      depot = cli.service.info.projects.find((project) => project.name.includes('(closed)'))!;
    });
    afterAll(() => cli?.close());

    const queued = async () => {
      const queue = await runCli(['queue', '--json', '--data-dir', cli.dataDir], cli.env);
      expect(queue.code, queue.stderr).toBe(0);
      return queueJson.parse(JSON.parse(queue.stdout)).items.length;
    };

    it('skips a subfolder named like an archived project, saying so, unless confirmed', async () => {
      const { dataDir, folder, env, service } = cli;
      const root = await mkdtemp(join(folder, 'by-name-'));
      await makePhotos(join(root, depot.name), 1, 100);
      const before = await queued();
      const upload = await runCli(
        ['upload', root, '--project-per-subfolder', '--data-dir', dataDir],
        env,
      );
      expect(upload.stderr).toContain(`The project named "${depot.name}" is archived`);
      expect(upload.stderr).toContain('--include-archived');
      expect(await queued()).toBe(before);

      const confirmed = await runCli(
        ['upload', root, '--project-per-subfolder', '--include-archived', '--data-dir', dataDir],
        env,
      );
      expect(confirmed.code, confirmed.stderr).toBe(0);
      const state = await admin.state(service.info);
      expect(state.photos.filter((photo) => photo.project_id === depot.id)).toHaveLength(1);
    }, 120_000);

    it('refuses `upload --project` with an unknown id before reading a file', async () => {
      const { dataDir, folder, env } = cli;
      const root = await mkdtemp(join(folder, 'unknown-'));
      await makePhotos(root, 2, 110);
      const before = await queued();
      const upload = await runCli(
        ['upload', root, '--project', 'not-a-project', '--data-dir', dataDir],
        env,
      );
      expect(upload.code).toBe(1);
      expect(upload.stderr).toContain('No project has the id "not-a-project"');
      expect(upload.stdout).not.toContain('Queued');
      expect(await queued()).toBe(before);
    }, 120_000);

    it('refuses `upload --project` with an archived project unless confirmed', async () => {
      const { dataDir, folder, env } = cli;
      const root = await mkdtemp(join(folder, 'archived-'));
      await makePhotos(root, 1, 120);
      const before = await queued();
      const upload = await runCli(
        ['upload', root, '--project', depot.id, '--data-dir', dataDir],
        env,
      );
      expect(upload.code).toBe(1);
      expect(upload.stderr).toContain(`The project "${depot.name}" (${depot.id}) is archived`);
      expect(await queued()).toBe(before);
      const confirmed = await runCli(
        ['upload', root, '--project', depot.id, '--include-archived', '--data-dir', dataDir],
        env,
      );
      expect(confirmed.code, confirmed.stderr).toBe(0);
      expect(await queued()).toBe(before + 1);
    }, 120_000);

    it('refuses `watch --project` with an unknown id at once', async () => {
      const { dataDir, folder, env } = cli;
      const watched = await mkdtemp(join(folder, 'watched-'));
      const watch = await runCli(
        ['watch', watched, '--project', 'not-a-project', '--data-dir', dataDir],
        env,
      );
      expect(watch.code).toBe(1);
      expect(watch.stderr).toContain('No project has the id "not-a-project"');
      expect(watch.stderr).not.toContain('Watching');
    }, 60_000);
  },
);

// Offline is a state, not an error: a project that cannot be checked now is said, and the photos
// are queued (each is checked again before it is uploaded).
describe.skipIf(needsKeychain.skip)(
  needsKeychain.title('the project of an upload while the service cannot be reached'),
  () => {
    let cli: SignedInCli;

    beforeAll(async () => {
      cli = await startSignedInCli('project-offline');
    });
    // The test stops the service itself: closing it again fails, and the folders go anyway.
    afterAll(async () => {
      await cli?.close().catch(async () => {
        await rm(cli.dataDir, { recursive: true, force: true });
        await rm(cli.folder, { recursive: true, force: true });
      });
    });

    it('says the check could not be made, and queues the photos', async () => {
      const { dataDir, folder, env, service } = cli;
      const project = service.info.projects[0]!.id;
      await makePhotos(folder, 2, 130);
      await service.close();
      const upload = await runCli(
        ['upload', folder, '--project', project, '--queue-only', '--data-dir', dataDir],
        env,
      );
      expect(upload.code, upload.stderr).toBe(0);
      expect(upload.stderr).toContain(`upload: Could not check the project "${project}" now (`);
      expect(upload.stderr).toContain(
        'its photos are queued, and each is checked when it is uploaded',
      );
      const queue = await runCli(['queue', '--json', '--data-dir', dataDir], env);
      expect(queueJson.parse(JSON.parse(queue.stdout)).items).toHaveLength(2);
    }, 120_000);
  },
);

import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PhotoServiceOptions } from '../../../service/options';
import { requireKeychain } from '../../support/keychain';
import {
  admin,
  api,
  s3ClientFor,
  signIn,
  startTestService,
  type TestService,
} from '../../support/photo-service-harness';
import { needs } from '../../support/platform-needs';
import { cliLogin, configureUploads, makePhotos, runCli } from '../../support/upload-harness';

const needsKeychain = needs('gnome-keyring');

// Issue 13 §7, the queue bugs a new user met, through the command line against the local service
// and its S3 store (real processes).

let service: TestService | undefined;
beforeAll(requireKeychain);
afterEach(async () => {
  await service?.close();
  service = undefined;
});

async function setUp(options: Partial<PhotoServiceOptions> = {}) {
  service = await startTestService({
    autoApprove: true,
    withS3: true,
    allowPrivateFetch: true,
    ...options,
  });
  const dataDir = await mkdtemp(join(tmpdir(), 'user-bugs-'));
  await cliLogin(service.info, dataDir);
  const env = configureUploads(service.info, dataDir);
  const folder = await mkdtemp(join(tmpdir(), 'user-bugs-photos-'));
  const project = service.info.projects[0]!.id;
  const cli = (...args: string[]) => runCli([...args, '--data-dir', dataDir], env);
  return { s: service, cli, folder, project, dataDir, env };
}

type ReportRow = { file: string; outcome: string; photo_id: string; failed_photo_ids: string };
type QueueJson = {
  paused_all: boolean;
  items: { kind: string; state: string; paused: boolean; reason: string | null }[];
};

describe.skipIf(needsKeychain.skip)(
  needsKeychain.title('queue bugs a new user met (real processes)'),
  () => {
    it('a second save of a description is not a conflict with the first; a real change between them is', async () => {
      const { s, cli, folder, project } = await setUp();
      await makePhotos(folder, 1);
      expect((await cli('upload', folder, '--project', project)).code).toBe(0);
      const photoId = (await admin.state(s.info)).photos[0]!.id;
      const save = (description: string) =>
        cli('describe', photoId, '--description', description, '--base', '', '--queue-only');
      const description = async () =>
        (await admin.state(s.info)).photos.find((photo) => photo.id === photoId)?.description;

      // Two saves in a row from the window as it was opened (empty): both land, in order.
      expect((await save('<p>First</p>')).code).toBe(0);
      expect((await save('<p>Second</p>')).code).toBe(0);
      const both = await cli('sync');
      expect(both.code, both.stdout + both.stderr).toBe(0);
      expect(await description()).toBe('<p>Second</p>');
      // Saved again after the edits landed, still from the same opened window: no conflict.
      expect((await save('<p>Third</p>')).code).toBe(0);
      expect((await cli('sync')).code).toBe(0);
      expect(await description()).toBe('<p>Third</p>');

      // A colleague changes it after our user's save: the next save is held as a conflict.
      const colleague = (await signIn(s.info)).access_token;
      await api(s.info, colleague, 'POST', `/v2/photos/${photoId}/descriptions`, {
        description: 'Changed by a colleague',
      });
      expect((await save('<p>Fourth</p>')).code).toBe(0);
      expect((await cli('sync')).code).toBe(1);
      expect(await description()).toBe('Changed by a colleague');
      const queue = JSON.parse((await cli('queue', '--json')).stdout) as QueueJson;
      expect(queue.items.filter((item) => item.state === 'needs-attention')).toEqual([
        expect.objectContaining({
          kind: 'description',
          reason: expect.stringContaining('conflict') as unknown,
        }),
      ]);
    }, 240_000);

    it('retry of a photo the service could not process creates it anew; the report names both records', async () => {
      // Processing waits 3 s before it downloads: time to take the staged file away first.
      const { s, cli, folder, project, dataDir, env } = await setUp({ processingDelayMs: 3000 });
      await makePhotos(folder, 1);
      const upload = runCli(['upload', folder, '--project', project, '--data-dir', dataDir], env);
      let failedId: string | undefined;
      for (let tries = 0; failedId === undefined && tries < 200; tries += 1) {
        failedId = (await admin.state(s.info)).photos[0]?.id;
        if (failedId === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(failedId).toBeDefined();
      const store = s3ClientFor(s.info);
      const uri = new URL((await admin.state(s.info)).photos[0]!.uri);
      const [, bucket, ...key] = uri.pathname.split('/');
      await store.send(new DeleteObjectCommand({ Bucket: bucket, Key: key.join('/') }));
      expect((await upload).code).toBe(1);
      expect((await admin.state(s.info)).photos[0]).toMatchObject({
        id: failedId,
        processing_status: 'processing_error',
      });

      const retried = await cli('retry', '--all');
      expect(retried.code, retried.stderr).toBe(0);
      const again = await cli('sync');
      expect(again.code, again.stdout + again.stderr).toBe(0);
      const photos = (await admin.state(s.info)).photos;
      expect(photos.map((photo) => photo.processing_status)).toEqual([
        'processing_error',
        'processed',
      ]);
      const report = JSON.parse((await cli('report', '--format', 'json')).stdout) as ReportRow[];
      expect(report).toEqual([
        expect.objectContaining({
          outcome: 'uploaded',
          photo_id: photos[1]!.id,
          failed_photo_ids: failedId,
        }),
      ]);
      const csv = (await cli('report', '--format', 'csv')).stdout;
      expect(csv).toContain(`${photos[1]!.id},,${failedId}`);
    }, 240_000);

    it('pause all holds for photos added later and across runs, until resume all', async () => {
      const { s, cli, folder, project } = await setUp();
      expect((await cli('pause')).code).toBe(0);
      await makePhotos(folder, 3);
      expect((await cli('upload', folder, '--project', project, '--queue-only')).code).toBe(0);
      const paused = JSON.parse((await cli('queue', '--json')).stdout) as QueueJson;
      expect(paused.paused_all).toBe(true);
      expect(paused.items.map((item) => item.paused)).toEqual([true, true, true]);
      // Each command is a new process: the pause outlives it, and nothing is sent (the photos are
      // left unfinished, so sync says 1).
      expect((await cli('sync')).code).toBe(1);
      expect((await admin.state(s.info)).photos).toEqual([]);
      expect((await cli('queue')).stdout).toContain('All uploads are paused');

      expect((await cli('resume')).code).toBe(0);
      expect((JSON.parse((await cli('queue', '--json')).stdout) as QueueJson).paused_all).toBe(
        false,
      );
      const synced = await cli('sync');
      expect(synced.code, synced.stdout + synced.stderr).toBe(0);
      expect((await admin.state(s.info)).photos).toHaveLength(3);
    }, 240_000);
  },
);

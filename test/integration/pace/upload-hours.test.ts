import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { admin, s3ClientFor } from '../../support/photo-service-harness';
import { needs } from '../../support/platform-needs';
import { type SignedInCli, startSignedInCli } from '../../support/signed-in-cli';
import { makePhotos, runCli, startCli } from '../../support/upload-harness';

const needsKeychain = needs('gnome-keyring');

// Issue 14 §3, upload hours: outside them nothing reaches the service or the photo host; the
// items say why and when sending resumes; `upload` (its sync) waits, says so, and ends on SIGTERM.

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Hours that are closed now: one hour at 03:00 three days from today (this computer's zone). */
function closedHours(): string {
  return `${DAYS[(new Date().getDay() + 3) % 7]} 03:00-04:00`;
}

const queueJson = z.object({
  items: z.array(z.object({ state: z.string(), reason: z.string().nullable() })),
});

async function waitFor(check: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(needsKeychain.skip)(needsKeychain.title('upload hours'), () => {
  let cli: SignedInCli;

  beforeAll(async () => {
    cli = await startSignedInCli('upload-hours');
  });
  afterAll(() => cli?.close());

  it('sends nothing outside the hours, says why, and stops cleanly on SIGTERM', async () => {
    const { service, dataDir, folder, env } = cli;
    await makePhotos(folder, 3);
    const hours = closedHours();
    const project = service.info.projects[0]!.id;
    const before = await admin.state(service.info);
    const upload = startCli(
      ['upload', folder, '--project', project, '--data-dir', dataDir, '--hours', hours],
      env,
    );
    let stderr = '';
    upload.child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await waitFor(() => stderr.includes('Waiting for upload hours'), 30_000);
    expect(stderr).toContain(`sync: Waiting for upload hours (${hours}); resumes `);
    // Time for the lanes to send anything they would.
    await new Promise((resolve) => setTimeout(resolve, 2000));

    const state = await admin.state(service.info);
    expect(state.photos).toHaveLength(0);
    // No write reached the service's API (no create); only the intake's look for copies read.
    const writes = (requests: Record<string, unknown>) =>
      Object.keys(requests).filter((route) => /^(POST|PUT|PATCH|DELETE) \/v2\//.test(route));
    expect(writes(state.requests)).toEqual(writes(before.requests));
    expect(writes(state.requests)).toEqual([]);
    const stored = await s3ClientFor(service.info).send(
      new ListObjectsV2Command({ Bucket: service.info.s3!.bucket, Prefix: 'uploads/' }),
    );
    expect(stored.KeyCount ?? 0).toBe(0);

    upload.child.kill('SIGTERM');
    const ended = await upload.done;
    expect(ended.signal).toBeNull();
    // 128 + SIGTERM's number, as a shell reports a command ended by it.
    expect(ended.code).toBe(143);
    expect(ended.stderr).not.toMatch(/error|at .*\.ts:/i);

    // The queue says why its items wait, and when sending resumes.
    const queue = await runCli(['queue', '--json', '--data-dir', dataDir], env);
    expect(queue.code, queue.stderr).toBe(0);
    const { items } = queueJson.parse(JSON.parse(queue.stdout));
    expect(items).toHaveLength(3);
    for (const item of items) {
      expect(item.state).toBe('queued');
      expect(item.reason).toMatch(/^Waiting for upload hours \(.+\); resumes .*03:00$/);
    }
  }, 90_000);
});

// Issue 22 §6: hours changed by a second command while a `sync` waits for them. The owner applies
// the change and goes on: it does not end with "the queue cannot run yet" and leave items queued.
describe.skipIf(needsKeychain.skip)(
  needsKeychain.title('upload hours changed from a second command'),
  () => {
    let cli: SignedInCli;

    beforeAll(async () => {
      cli = await startSignedInCli('hours-change');
    });
    afterAll(() => cli?.close());

    it('lets the running owner apply the new hours and upload everything', async () => {
      const { service, dataDir, folder, env } = cli;
      await makePhotos(folder, 3);
      const project = service.info.projects[0]!.id;
      const owner = startCli(
        ['upload', folder, '--project', project, '--data-dir', dataDir, '--hours', closedHours()],
        env,
      );
      let stderr = '';
      owner.child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      await waitFor(() => stderr.includes('Waiting for upload hours'), 30_000);

      // A second command attaches to the owner and lifts the hours.
      const second = await runCli(
        ['queue', '--json', '--hours', 'any', '--data-dir', dataDir],
        env,
      );
      expect(second.code, second.stderr).toBe(0);

      const ended = await owner.done;
      expect(ended.stderr).not.toContain('cannot run yet');
      expect(ended.code, ended.stderr).toBe(0);
      const state = await admin.state(service.info);
      expect(state.photos).toHaveLength(3);
      const queue = await runCli(['queue', '--json', '--data-dir', dataDir], env);
      const { items } = queueJson.parse(JSON.parse(queue.stdout));
      expect(items.map((item) => item.state)).toEqual(['done', 'done', 'done']);
    }, 120_000);
  },
);

import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative as relativePath } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppCore } from '../../../main/core/app-core';
import { commandLineFrontEnd } from '../../../main/core/front-end';
import { silentLogger, Redactor } from '../../../main/logging/logger';
import { ownerFiles } from '../../../main/ownership/data-folder';
import { FileLock } from '../../../main/ownership/file-lock';
import { serveAsOwner, takeOwnership } from '../../../main/ownership/open-data-folder';
import { FallbackSecretStore } from '../../../main/secrets/fallback-secret-store';
import { KeytarSecretStore } from '../../../main/secrets/keytar-secret-store';
import { requireKeychain } from '../../support/keychain';
import { admin, startTestService, type TestService } from '../../support/photo-service-harness';
import { needs } from '../../support/platform-needs';
import {
  cliLogin,
  configureUploads,
  makePhotos,
  ROOT,
  runCli,
  startCli,
} from '../../support/upload-harness';

const needsKeychain = needs('gnome-keyring');

/** Waits until `check` holds, polling; fails after `ms`. */
async function until(check: () => Promise<boolean> | boolean, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(needsKeychain.skip)(needsKeychain.title('One owner per data folder'), () => {
  let service: TestService;
  let project: string;

  /** A signed-in data folder with the S3 photo host; the environment the CLI needs. */
  const folder = async (name: string) => {
    const dataDir = await mkdtemp(join(tmpdir(), `owner-${name}-`));
    await cliLogin(service.info, dataDir);
    return { dataDir, env: configureUploads(service.info, dataDir, { writesPerSecond: 90 }) };
  };
  /** The photos of the test's project on the service, by MD5. */
  const onService = async () =>
    (await admin.state(service.info)).photos.filter((photo) => photo.project_id === project);

  beforeAll(async () => {
    await requireKeychain();
    service = await startTestService({
      autoApprove: true,
      withS3: true,
      allowPrivateFetch: true,
      rateWindowMs: 1000,
    });
  }, 60_000);
  afterAll(() => service?.close());

  it('sends each photo once when two syncs (and two uploads) start together on one folder', async () => {
    project = service.info.projects[0]!.id;
    const { dataDir, env } = await folder('two-syncs');
    const photos = join(await mkdtemp(join(tmpdir(), 'owner-photos-')), 'site');
    await makePhotos(photos, 30);
    const queued = await runCli(
      ['upload', photos, '--project', project, '--queue-only', '--data-dir', dataDir],
      env,
    );
    expect(queued.code, queued.stderr).toBe(0);
    expect(queued.stdout).toContain('Queued 30 photos');

    const both = await Promise.all([
      runCli(['sync', '--data-dir', dataDir], env),
      runCli(['sync', '--data-dir', dataDir], env),
    ]);
    for (const run of both) {
      expect(run.code, run.stderr).toBe(0);
      // Each says what was sent while it ran (the two share one queue, so they may split it).
      expect(run.stdout).toMatch(/^(Sent \d+ photos?\.|Nothing was waiting to be sent\.)$/m);
    }
    const stored = await onService();
    expect(stored).toHaveLength(30);
    expect(new Set(stored.map((photo) => photo.hash)).size).toBe(30);

    // The same folder uploaded twice at once: one queue, and the project already has every
    // photo, so nothing is queued or sent twice, and each photo says so.
    const again = await Promise.all([
      runCli(['upload', photos, '--project', project, '--data-dir', dataDir], env),
      runCli(['upload', photos, '--project', project, '--data-dir', dataDir], env),
    ]);
    for (const run of again) {
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout, run.stderr).toContain('Queued 0 photos.');
      expect(run.stderr.match(/already on the service as photo \S+: skipped/g)).toHaveLength(30);
    }
    expect(await onService()).toHaveLength(30);
    expect(existsSync(ownerFiles(dataDir).endpoint)).toBe(false);
  }, 240_000);

  it('queues an upload from the command line in the running owner, which uploads it', async () => {
    project = service.info.projects[1]!.id;
    const { dataDir, env } = await folder('headless');
    const redactor = new Redactor();
    // The headless owner: the same core and channel as the app, minus the window.
    const ownership = await serveAsOwner({
      dataDir,
      lock: await takeOwnership(dataDir, { timeoutMs: 5000, onWaiting: () => undefined }),
      logger: silentLogger,
      env: process.env,
      startCore: () =>
        AppCore.start({
          dataDir,
          secrets: new FallbackSecretStore(new KeytarSecretStore(), silentLogger),
          browser: { open: () => Promise.resolve() },
          chooser: { choose: () => Promise.resolve([]) },
          logger: silentLogger,
          redactor,
          customScheme: undefined,
        }),
    });
    try {
      const handlers = ownership.core.handlersFor(commandLineFrontEnd);
      expect((await handlers['session:get']({})).state).toBe('signed-in');
      const photos = join(await mkdtemp(join(tmpdir(), 'owner-photos-')), 'site');
      await makePhotos(photos, 10, 500);
      const upload = await runCli(
        [
          'upload',
          photos,
          '--project',
          project,
          '--queue-only',
          '--verbose',
          '--data-dir',
          dataDir,
        ],
        env,
      );
      expect(upload.code, upload.stderr).toBe(0);
      expect(upload.stderr).toContain('Attached to the Photo Uploader process');
      expect(upload.stdout).toContain('Queued 10 photos');
      // It is the owner's queue, and the owner uploads it without being asked.
      expect((await handlers['queue:snapshot']({})).items).toHaveLength(10);
      await until(
        async () =>
          (await handlers['queue:snapshot']({})).items.every((item) => item.state === 'done'),
        60_000,
        'the owner to upload the queued photos',
      );
      expect(await onService()).toHaveLength(10);
      // An attached `sync` waits for the owner's queue and exits as it would alone.
      const sync = await runCli(['sync', '--data-dir', dataDir], env);
      expect(sync.code, sync.stderr).toBe(0);
      // The owner had sent them all: this sync found nothing to do.
      expect(sync.stdout).toContain('Nothing was waiting to be sent.');
      // `status` from the command line is the owner's session.
      const status = await runCli(['status', '--json', '--data-dir', dataDir], env);
      expect(JSON.parse(status.stdout)).toMatchObject({ state: 'signed-in' });
    } finally {
      await ownership.close();
    }
    expect(existsSync(ownerFiles(dataDir).endpoint)).toBe(false);
  }, 240_000);

  it('lets the next process take over when the owner is killed with SIGKILL', async () => {
    project = service.info.projects[2]!.id;
    const { dataDir, env } = await folder('killed');
    const photos = join(await mkdtemp(join(tmpdir(), 'owner-photos-')), 'site');
    await makePhotos(photos, 5, 900);
    const { child, done } = startCli(
      ['upload', photos, '--project', project, '--data-dir', dataDir],
      env,
    );
    await until(() => existsSync(ownerFiles(dataDir).endpoint), 30_000, 'the owner to listen');
    child.kill('SIGKILL');
    expect((await done).signal).toBe('SIGKILL');

    const started = Date.now();
    const queue = await runCli(['queue', '--json', '--data-dir', dataDir], env);
    expect(queue.code, queue.stderr).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    const again = await runCli(
      ['upload', photos, '--project', project, '--data-dir', dataDir],
      env,
    );
    expect(again.code, again.stderr).toBe(0);
    expect(await onService()).toHaveLength(5);
  }, 240_000);

  it("uses the app's own data folder by default, and the same folder from any working directory", async () => {
    const config = await mkdtemp(join(tmpdir(), 'xdg-config-'));
    const env = { XDG_CONFIG_HOME: config };
    const saved = await runCli(
      ['status', '--auth-url', 'https://auth.example.com', '--client-id', 'uploader'],
      env,
    );
    expect(saved.code, saved.stderr).toBe(0);
    // Where Electron keeps the app's userData on Linux: $XDG_CONFIG_HOME/<product name>.
    const settings = JSON.parse(
      await readFile(join(config, 'Photo Uploader', 'settings.json'), 'utf8'),
    ) as Record<string, unknown>;
    expect(settings).toMatchObject({ authUrl: 'https://auth.example.com', clientId: 'uploader' });
    // A relative --data-dir names the same folder as its absolute path.
    const relative = await runCli(
      ['status', '--data-dir', relativePath(ROOT, join(config, 'Photo Uploader'))],
      env,
    );
    expect(relative.stdout).toContain('signed-out at https://auth.example.com');
  });

  it('says in one line that the owner cannot be reached, and exits 1', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'owner-silent-'));
    const files = ownerFiles(dataDir);
    // An owner that holds the folder but does not answer (hung, or its socket is gone).
    const lock = FileLock.tryAcquire(files.lock);
    expect(lock).toBeDefined();
    await writeFile(
      files.endpoint,
      JSON.stringify({
        version: 1,
        pid: 1,
        address: join(dataDir, 'gone.sock'),
        token: 'x'.repeat(43),
      }),
      { mode: 0o600 },
    );
    try {
      const run = await runCli(['queue', '--data-dir', dataDir]);
      expect(run.code).toBe(1);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(/owns the data folder .* cannot be reached/);
    } finally {
      lock?.release();
    }
  }, 60_000);
});

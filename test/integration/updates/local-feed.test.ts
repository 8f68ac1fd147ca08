import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QueueStore } from '../../../main/queue/queue-store';
import { UpdateController } from '../../../main/desktop/updates/update-controller';
import { updatePlan } from '../../../main/desktop/updates/update-plan';
import { setUpUpdater } from '../../../main/desktop/updates/updater-setup';
import { systemClock } from '../../../shared/domain/clock';
import type { UpdateView } from '../../../shared/ipc/views';
import { offlineCores } from '../../support/offline-core';
import { fillQueue } from '../../support/queue-fill';
import {
  loopbackUpdater,
  NEW_APP_BYTES,
  NEW_VERSION,
  startUpdateFeed,
} from '../../support/update-feed';

// Issue 25 §3 against a generic update feed on loopback, with electron-updater's own provider,
// download and sha512 check (see `loopbackUpdater` for the parts only Electron can run), and the
// real core's queue deciding when a restart is safe.

/** Every file under `folder`, by path. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('updates from a local generic feed', () => {
  const cores = offlineCores();
  let feed: Awaited<ReturnType<typeof startUpdateFeed>>;
  const appImage = process.env.APPIMAGE;
  beforeAll(async () => {
    feed = await startUpdateFeed();
  });
  afterAll(() => feed.close());
  afterEach(() => {
    if (appImage === undefined) delete process.env.APPIMAGE;
    else process.env.APPIMAGE = appImage;
  });

  /**
   * A core whose queue has one photo in `creating` and one whose bytes are on their way, an
   * updater on `feed` set up as the app sets up `autoUpdater`, and what it was asked to install.
   */
  async function app(which: 'good' | 'bad') {
    const dataDir = await mkdtemp(join(tmpdir(), 'updates-'));
    const [creating, sending] = fillQueue(dataDir, 2);
    // The queue as another process (the engine's own store) writes it.
    const queue = new QueueStore(join(dataDir, 'queue.db'), systemClock);
    queue.update(creating ?? 0, { state: 'creating' });
    queue.update(sending ?? 0, { bytes_sent: 500_000 });
    const { core, dispatch } = await cores({ dataDir });
    const folder = await mkdtemp(join(tmpdir(), 'updater-'));
    // electron-updater's AppImage download needs the running image's path (never touched here).
    process.env.APPIMAGE = join(folder, 'Photo-Uploader-0.1.0.AppImage');
    core.settings.update({ updateUrl: feed.url(which) });
    const plan = updatePlan(core.settings.get(), { packaged: true, install: 'appimage' });
    if (plan.kind !== 'check') throw new Error('expected a plan that checks');
    const told: UpdateView[] = [];
    const installs: string[] = [];
    let changed: (view: UpdateView) => void = () => undefined;
    const controller = new UpdateController({
      plan,
      underway: () => core.uploadsUnderway(),
      now: () => Date.now(),
      changed: (view) => {
        told.push(view);
        changed(view);
      },
      failed: () => undefined,
    });
    changed = core.useUpdates(controller);
    // As electron-builder writes it into the package's resources (the cache folder's name).
    await writeFile(
      join(folder, 'app-update.yml'),
      `provider: generic\nurl: ${feed.url(which)}\nupdaterCacheDirName: photo-uploader-updater\n`,
    );
    const updater = loopbackUpdater(folder);
    const setUp = setUpUpdater(updater, plan, controller);
    controller.attach({
      ...setUp,
      quitAndInstall: () => installs.push('quitAndInstall'),
      installOnQuit: () => installs.push('installOnQuit'),
    });
    return { core, dispatch, queue, creating, controller, updater, folder, installs, told };
  }

  it('finds the newer version, downloads it with its sha512 checked, and restarts only once the queue is not busy', async () => {
    const { dispatch, queue, creating, controller, updater, folder, installs } = await app('good');
    const downloaded = new Promise<{ version: string }>((resolve) =>
      updater.once('update-downloaded', resolve),
    );
    controller.tick();
    const info = await downloaded;
    expect(info.version).toBe(NEW_VERSION);
    expect(controller.state).toEqual({ kind: 'ready', version: NEW_VERSION });
    const kept = await filesUnder(join(folder, 'cache'));
    const bytes = await Promise.all(kept.map((file) => readFile(file)));
    expect(bytes.some((each) => each.equals(NEW_APP_BYTES))).toBe(true);
    expect(feed.requests).toContain('/good/latest-linux.yml');

    // One photo in creating (the offline core's queue does not run: the bytes "sent" wait).
    const view = await dispatch('updates:get', {}, { trusted: true });
    expect(view).toMatchObject({
      ok: true,
      value: {
        notice: { key: 'updates.notice.ready', values: { version: NEW_VERSION } },
        action: {
          kind: 'restart',
          label: { key: 'updates.action.restartWaiting', values: { count: 1 } },
        },
      },
    });
    const asked = await dispatch('updates:restart', {}, { trusted: true });
    expect(asked).toMatchObject({
      ok: true,
      value: { notice: { key: 'updates.notice.waiting', values: { count: 1 } } },
    });
    controller.queueChanged();
    expect(installs).toEqual([]);
    // The create is answered: nothing is in creating, and the restart goes ahead.
    queue.update(creating ?? 0, { state: 'created' });
    controller.queueChanged();
    expect(controller.state).toEqual({ kind: 'installing', version: NEW_VERSION });
    expect(installs).toEqual(['quitAndInstall']);
    queue.close();
  });

  it('refuses the download when its sha512 is not the feed’s, and keeps nothing to install', async () => {
    const { controller, updater, folder, installs, told } = await app('bad');
    const failed = new Promise<Error & { code?: string }>((resolve) =>
      updater.once('error', resolve),
    );
    let downloaded = false;
    updater.on('update-downloaded', () => (downloaded = true));
    controller.tick();
    const error = await failed;
    expect(error.code).toBe('ERR_CHECKSUM_MISMATCH');
    expect(downloaded).toBe(false);
    expect(controller.state).toEqual({ kind: 'failed', failure: 'checksum', step: 'download' });
    expect(told.at(-1)).toMatchObject({
      problem: true,
      notice: {
        key: 'updates.notice.failed',
        values: { reason: { key: 'updates.failure.checksum' } },
      },
      action: undefined,
    });
    const kept = await Promise.all(
      (await filesUnder(join(folder, 'cache'))).map((file) => readFile(file)),
    );
    expect(kept.some((each) => each.equals(NEW_APP_BYTES))).toBe(false);
    controller.restart();
    controller.quitting();
    expect(installs).toEqual([]);
  });

  it('takes an organisation’s feed only over https (or http on this computer)', async () => {
    const { core } = await cores();
    expect(() => core.settings.update({ updateUrl: 'http://updates.example.com/pu/' })).toThrow();
    core.settings.update({ updateUrl: 'https://updates.example.com/pu/' });
    expect(core.settings.get().updateUrl).toBe('https://updates.example.com/pu/');
  });
});

import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireKeychain } from '../../support/keychain';
import {
  admin,
  md5,
  startTestService,
  type TestService,
} from '../../support/photo-service-harness';
import { needs } from '../../support/platform-needs';
import { cliLogin, configureUploads, makePhotos, runCli } from '../../support/upload-harness';

const needsKeychain = needs('gnome-keyring');

// Issue 26 §3 through the real command line against the local service: each photo's file is
// moved (keeping its subfolder) or put in a real freedesktop trash once the service holds it.

let service: TestService;
beforeAll(async () => {
  await requireKeychain();
  service = await startTestService({ autoApprove: true, withS3: true, allowPrivateFetch: true });
});
afterAll(() => service?.close());

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/**
 * Checks that each of `photos` (dropped under `root`, with these MD5s) was moved under `done`
 * with the same bytes, keeping its path under `root`, and that the run said so.
 */
async function expectMoved(
  moved: { readonly photos: readonly { path: string }[]; readonly hashes: readonly string[] },
  where: { readonly root: string; readonly done: string },
  run: { readonly stdout: string },
): Promise<void> {
  for (const [index, photo] of moved.photos.entries()) {
    const to = join(where.done, photo.path.slice(where.root.length + 1));
    expect(await exists(photo.path)).toBe(false);
    expect(md5(await readFile(to))).toBe(moved.hashes[index]);
    expect(run.stdout).toContain(`moved: ${photo.path} -> ${to}`);
  }
}

/** The report's after-upload column, per file, for the queue in `dataDir`. */
async function afterUploadColumn(
  dataDir: string,
  env: NodeJS.ProcessEnv,
): Promise<Map<string, string[]>> {
  const report = await runCli(['report', '--format', 'json', '--data-dir', dataDir], env);
  const rows = JSON.parse(report.stdout) as { file: string; after_upload: string }[];
  const column = new Map<string, string[]>();
  for (const row of rows) column.set(row.file, [...(column.get(row.file) ?? []), row.after_upload]);
  return column;
}

describe.skipIf(needsKeychain.skip)(needsKeychain.title('upload --after-upload'), () => {
  it('move:DIR moves each photo once it is on the service, keeping its subfolder, and the report says where', async () => {
    const [project] = service.info.projects;
    const dataDir = await mkdtemp(join(tmpdir(), 'after-move-cli-'));
    await cliLogin(service.info, dataDir);
    const env = configureUploads(service.info, dataDir);
    const root = await mkdtemp(join(tmpdir(), 'after-move-drop-'));
    const done = await mkdtemp(join(tmpdir(), 'after-move-done-'));
    const photos = [
      ...(await makePhotos(join(root, 'Level 1'), 2, 700)),
      ...(await makePhotos(join(root, 'Level 2', 'East'), 1, 710)),
    ];
    const hashes = await Promise.all(photos.map(async (p) => md5(await readFile(p.path))));
    const run = await runCli(
      [
        'upload',
        root,
        '--project',
        project!.id,
        '--after-upload',
        `move:${done}`,
        '--data-dir',
        dataDir,
      ],
      env,
    );
    expect(run.code, run.stderr).toBe(0);
    const stored = (await admin.state(service.info)).photos;
    for (const hash of hashes) expect(stored.some((entry) => entry.hash === hash)).toBe(true);
    await expectMoved({ photos, hashes }, { root, done }, run);
    const column = await afterUploadColumn(dataDir, env);
    for (const photo of photos)
      expect(column.get(photo.path)).toEqual([
        `moved to ${join(done, photo.path.slice(root.length + 1))}`,
      ]);
    // A move into the dropped folder itself is refused before anything is read.
    const inside = await runCli(
      [
        'upload',
        root,
        '--project',
        project!.id,
        '--after-upload',
        `move:${join(root, 'done')}`,
        '--data-dir',
        dataDir,
      ],
      env,
    );
    expect(inside.code).toBe(2);
    expect(inside.stderr).toContain('choose a folder elsewhere');
    await rm(root, { recursive: true, force: true });
    await rm(done, { recursive: true, force: true });
  }, 180_000);

  it('move:DIR moves the photos found already on the service too, nothing sent again', async () => {
    const [project] = service.info.projects;
    const root = await mkdtemp(join(tmpdir(), 'after-found-drop-'));
    const done = await mkdtemp(join(tmpdir(), 'after-found-done-'));
    const photos = await makePhotos(join(root, 'Level 3'), 2, 730);
    const hashes = await Promise.all(photos.map(async (p) => md5(await readFile(p.path))));
    // A colleague uploaded these photos already, from another computer.
    const first = await mkdtemp(join(tmpdir(), 'after-found-first-'));
    await cliLogin(service.info, first);
    const uploaded = await runCli(
      ['upload', root, '--project', project!.id, '--data-dir', first],
      configureUploads(service.info, first),
    );
    expect(uploaded.code, uploaded.stderr).toBe(0);
    const before = (await admin.state(service.info)).photos.length;

    const dataDir = await mkdtemp(join(tmpdir(), 'after-found-cli-'));
    await cliLogin(service.info, dataDir);
    const run = await runCli(
      [
        'upload',
        root,
        '--project',
        project!.id,
        '--after-upload',
        `move:${done}`,
        '--data-dir',
        dataDir,
      ],
      configureUploads(service.info, dataDir),
    );
    expect(run.code, run.stderr).toBe(0);
    // Nothing sent again: the service held both; each file is moved, keeping its subfolder.
    expect((await admin.state(service.info)).photos).toHaveLength(before);
    await expectMoved({ photos, hashes }, { root, done }, run);
    const column = await afterUploadColumn(dataDir, configureUploads(service.info, dataDir));
    for (const photo of photos)
      expect(column.get(photo.path)).toEqual([
        `moved to ${join(done, photo.path.slice(root.length + 1))}`,
      ]);
    for (const folder of [root, done, first, dataDir])
      await rm(folder, { recursive: true, force: true });
  }, 180_000);

  it('trash puts each uploaded photo in the freedesktop trash, with its .trashinfo', async () => {
    const [project] = service.info.projects;
    const home = await mkdtemp(join(tmpdir(), 'after-trash-home-'));
    const dataDir = await mkdtemp(join(tmpdir(), 'after-trash-cli-'));
    await cliLogin(service.info, dataDir);
    const env = {
      ...configureUploads(service.info, dataDir),
      HOME: home,
      XDG_DATA_HOME: join(home, '.local', 'share'),
    };
    // On the home's device, so the home trash ($XDG_DATA_HOME/Trash) is the one used.
    const photos = await makePhotos(join(home, 'card', 'Roof'), 2, 720);
    const run = await runCli(
      [
        'upload',
        join(home, 'card'),
        '--project',
        project!.id,
        '--after-upload',
        'trash',
        '--data-dir',
        dataDir,
      ],
      env,
    );
    expect(run.code, run.stderr).toBe(0);
    const trash = join(home, '.local', 'share', 'Trash');
    const infos = await readdir(join(trash, 'info'));
    expect(infos).toHaveLength(photos.length);
    for (const photo of photos) {
      expect(await exists(photo.path)).toBe(false);
      expect(run.stdout).toContain(`trashed: ${photo.path}`);
    }
    const said = await Promise.all(
      infos.map((info) => readFile(join(trash, 'info', info), 'utf8')),
    );
    for (const photo of photos)
      expect(said.some((text) => text.includes(`Path=${encodeURI(photo.path)}`))).toBe(true);
    for (const info of infos)
      expect(await exists(join(trash, 'files', basename(info, '.trashinfo')))).toBe(true);
    await rm(home, { recursive: true, force: true });
  }, 180_000);
});

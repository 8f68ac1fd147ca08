import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, md5 } from '../../support/photo-service-harness';
import { needs } from '../../support/platform-needs';
import { type SignedInCli, startSignedInCli } from '../../support/signed-in-cli';
import { runCli, startCli } from '../../support/upload-harness';

const needsKeychain = needs('gnome-keyring');

// Issue 26 §1, presets: IT's policy provides an office preset (a project, tags and a description
// template) and a saved template; `upload --preset NAME` applies it through the real command line
// and the local service, a flag given as well wins over the preset's value, and an unknown name
// is refused (exit 2) naming it, with nothing queued.

/** A small JPEG taken at `wall` (+01:00); `shade` makes each file's bytes its own. */
async function photo(path: string, wall: string, shade: number): Promise<void> {
  await sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: shade, g: 60, b: 120 } },
  })
    .withExif({ IFD2: { DateTimeOriginal: wall, OffsetTimeOriginal: '+01:00' } })
    .jpeg({ quality: 90 })
    .toFile(path);
}

describe.skipIf(needsKeychain.skip)(needsKeychain.title('--preset from the command line'), () => {
  let cli: SignedInCli;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    cli = await startSignedInCli('presets');
    const policyFile = join(cli.folder, 'policy.json');
    const project = cli.service.info.projects[0]!;
    await writeFile(
      policyFile,
      JSON.stringify({
        presets: [
          {
            name: 'Site walk',
            projectId: project.id,
            tags: ['walk', 'office'],
            descriptionTemplate: '<p>{folder}, {date}</p>',
          },
          { name: 'Private', projectId: project.id, internal: true },
        ],
        descriptionTemplates: [{ name: 'Dated', template: '<p>{date} {time}</p>' }],
      }),
    );
    env = { ...cli.env, PHOTO_UPLOADER_POLICY_FILE: policyFile };
  }, 120_000);
  afterAll(() => cli?.close());

  /** The service's copy of the file at `path`, found by its MD5. */
  const onService = async (path: string) => {
    const hash = md5(await readFile(path));
    return (await admin.state(cli.service.info)).photos.find((photo) => photo.hash === hash);
  };

  it('lists the office’s presets and templates', async () => {
    const text = await runCli(['presets', '--data-dir', cli.dataDir], env);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('Site walk [office]');
    expect(text.stdout).toContain('tags walk, office');
    expect(text.stdout).toContain('Dated [office]  |  <p>{date} {time}</p>');
    const json = await runCli(['presets', '--json', '--data-dir', cli.dataDir], env);
    expect(json.code, json.stderr).toBe(0);
    const lines = json.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toContainEqual(
      expect.objectContaining({ kind: 'preset', name: 'Site walk', managed: true }),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({ kind: 'template', name: 'Dated', managed: true }),
    );
  }, 60_000);

  it('applies the preset’s project, tags and template; a flag wins over the preset', async () => {
    const root = join(cli.folder, 'drop');
    await mkdir(join(root, 'Level 3'), { recursive: true });
    await photo(join(root, 'Level 3', 'a.jpg'), '2024:03:04 10:00:00', 1);

    // The dry run shows what the preset gives, and queues nothing.
    const dry = await runCli(
      ['upload', root, '--preset', 'site WALK', '--dry-run', '--json', '--data-dir', cli.dataDir],
      env,
    );
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('<p>Level 3, 2024-03-04</p>');
    expect(dry.stdout).toContain('"office"');

    const run = await runCli(
      ['upload', root, '--preset', 'Site walk', '--data-dir', cli.dataDir],
      env,
    );
    expect(run.code, run.stderr).toBe(0);
    const sent = await onService(join(root, 'Level 3', 'a.jpg'));
    expect(sent?.description).toBe('<p>Level 3, 2024-03-04</p>');
    expect(sent?.project_id).toBe(cli.service.info.projects[0]!.id);
    expect([...(sent?.tags ?? [])].sort()).toEqual(['office', 'walk']);

    // Given flags win: --tag replaces the preset's tags, --description its template.
    const other = join(cli.folder, 'other');
    await mkdir(join(other, 'Roof'), { recursive: true });
    await photo(join(other, 'Roof', 'b.jpg'), '2024:03:05 11:00:00', 2);
    const overridden = await runCli(
      [
        'upload',
        other,
        '--preset',
        'Site walk',
        '--tag',
        'snag',
        '--description',
        '<p>Mine</p>',
        '--data-dir',
        cli.dataDir,
      ],
      env,
    );
    expect(overridden.code, overridden.stderr).toBe(0);
    const mine = await onService(join(other, 'Roof', 'b.jpg'));
    expect(mine?.description).toBe('<p>Mine</p>');
    expect(mine?.tags).toEqual(['snag']);
  }, 180_000);

  it('marks photos internal as the preset says, unless --no-internal', async () => {
    const root = join(cli.folder, 'private');
    await mkdir(join(root, 'kept'), { recursive: true });
    await mkdir(join(root, 'shown'), { recursive: true });
    await photo(join(root, 'kept', 'p.jpg'), '2024:03:07 09:00:00', 4);
    await photo(join(root, 'shown', 'q.jpg'), '2024:03:07 09:05:00', 5);
    const kept = await runCli(
      ['upload', join(root, 'kept'), '--preset', 'Private', '--data-dir', cli.dataDir],
      env,
    );
    expect(kept.code, kept.stderr).toBe(0);
    expect((await onService(join(root, 'kept', 'p.jpg')))?.internal).toBe(true);
    const shown = await runCli(
      [
        'upload',
        join(root, 'shown'),
        '--preset',
        'Private',
        '--no-internal',
        '--data-dir',
        cli.dataDir,
      ],
      env,
    );
    expect(shown.code, shown.stderr).toBe(0);
    expect((await onService(join(root, 'shown', 'q.jpg')))?.internal).toBe(false);
    // Both at once is a usage error, before anything is read.
    const both = await runCli(
      ['upload', root, '--internal', '--no-internal', '--data-dir', cli.dataDir],
      env,
    );
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--internal and --no-internal');
  }, 180_000);

  it('refuses an unknown preset, naming it and listing the presets, with nothing queued', async () => {
    const root = join(cli.folder, 'refused');
    await mkdir(root);
    await photo(join(root, 'c.jpg'), '2024:03:06 12:00:00', 3);
    const run = await runCli(['upload', root, '--preset', 'Roof', '--data-dir', cli.dataDir], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'there is no preset named "Roof". The presets are: "Site walk", "Private".',
    );
    const queue = await runCli(['queue', '--json', '--data-dir', cli.dataDir], env);
    expect(queue.stdout).not.toContain('c.jpg');
    expect(await onService(join(root, 'c.jpg'))).toBeUndefined();
  }, 120_000);

  it('watch --preset: an unknown name is refused (exit 2) naming it, before any folder is watched', async () => {
    const root = join(cli.folder, 'watched-refused');
    await mkdir(root);
    const run = await runCli(['watch', root, '--preset', 'Roof', '--data-dir', cli.dataDir], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'watch: there is no preset named "Roof". The presets are: "Site walk", "Private".',
    );
    expect(run.stderr).not.toContain('Watching');
  }, 120_000);

  it('watch --preset: the preset’s project, tags and template for each photo that lands', async () => {
    const root = join(cli.folder, 'watched');
    await mkdir(join(root, 'Level 4'), { recursive: true });
    let stderr = '';
    const watch = startCli(
      ['watch', root, '--preset', 'Site walk', '--settle-seconds', '1', '--data-dir', cli.dataDir],
      env,
    );
    watch.child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      await expect.poll(() => stderr, { timeout: 60_000 }).toContain('Watching');
      const landed = join(root, 'Level 4', 'w.jpg');
      await photo(landed, '2024:03:07 09:30:00', 4);
      await expect.poll(() => onService(landed), { timeout: 90_000, interval: 500 }).toBeDefined();
      const sent = await onService(landed);
      expect(sent?.description).toBe('<p>Level 4, 2024-03-07</p>');
      expect(sent?.project_id).toBe(cli.service.info.projects[0]!.id);
      expect([...(sent?.tags ?? [])].sort()).toEqual(['office', 'walk']);
    } finally {
      watch.child.kill('SIGINT');
      await watch.done;
    }
  }, 180_000);
});

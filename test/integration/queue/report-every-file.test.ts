import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { needs } from '../../support/platform-needs';
import { type SignedInCli, startSignedInCli } from '../../support/signed-in-cli';
import { makePhotos, runCli } from '../../support/upload-harness';

const needsKeychain = needs('gnome-keyring');

const reportSchema = z.array(
  z.object({
    file: z.string(),
    project: z.string(),
    outcome: z.string(),
    photo_id: z.string(),
    reason: z.string(),
  }),
);

// The report of a drop lists every file of it: the photo uploaded, and the files that were not
// queued (not a photo, unreadable), each with its reason.

describe.skipIf(needsKeychain.skip)(needsKeychain.title('the report of an upload'), () => {
  let cli: SignedInCli;

  beforeAll(async () => {
    cli = await startSignedInCli('report');
  });
  afterAll(() => cli?.close());

  it('lists the photo, the text file and the corrupt JPEG, each with its reason', async () => {
    const { service, dataDir, folder, env } = cli;
    const [photo] = await makePhotos(join(folder, 'tmp'), 1);
    await copyFile(photo!.path, join(folder, 'photo.jpg'));
    await rm(join(folder, 'tmp'), { recursive: true });
    await writeFile(join(folder, 'notes.txt'), 'Site notes: not a photo.\n');
    // A JPEG cut short: its start marker, then nothing a decoder can use.
    const whole = await readFile(join(folder, 'photo.jpg'));
    await writeFile(join(folder, 'corrupt.jpg'), whole.subarray(0, 40));
    const project = service.info.projects[0]!.id;

    const upload = await runCli(
      ['upload', folder, '--project', project, '--data-dir', dataDir],
      env,
    );
    expect(upload.code, upload.stderr).toBe(0);

    const json = await runCli(['report', '--format', 'json', '--data-dir', dataDir]);
    expect(json.code, json.stderr).toBe(0);
    const rows = reportSchema.parse(JSON.parse(json.stdout));
    const byFile = new Map(rows.map((row) => [row.file.slice(folder.length + 1), row]));
    expect([...byFile.keys()].sort()).toEqual(['corrupt.jpg', 'notes.txt', 'photo.jpg']);
    expect(byFile.get('photo.jpg')).toMatchObject({ outcome: 'uploaded', project });
    expect(byFile.get('photo.jpg')?.photo_id).not.toBe('');
    for (const name of ['notes.txt', 'corrupt.jpg']) {
      const row = byFile.get(name);
      expect(row?.outcome, name).toMatch(/^(skipped|unreadable)$/);
      expect(row?.reason.length, name).toBeGreaterThan(5);
      expect(row?.project).toBe(project);
    }

    const csv = await runCli(['report', '--format', 'csv', '--data-dir', dataDir]);
    expect(csv.code, csv.stderr).toBe(0);
    const lines = csv.stdout.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'file,project,outcome,photo_id,reason,failed_photo_ids,reason_code,after_upload',
    );
    expect(lines).toHaveLength(4);
    for (const name of ['photo.jpg', 'notes.txt', 'corrupt.jpg'])
      expect(lines.some((line) => line.includes(name))).toBe(true);
    expect(lines.find((line) => line.includes('notes.txt'))).toContain('Not a photo');
    expect(lines.find((line) => line.includes('corrupt.jpg'))).toContain(
      byFile.get('corrupt.jpg')?.reason,
    );
  }, 120_000);

  // Issue 22 §6: files that never reached the queue have a line too.
  const rowsUnder = async (dir: string) => {
    const json = await runCli(['report', '--format', 'json', '--data-dir', cli.dataDir]);
    expect(json.code, json.stderr).toBe(0);
    return reportSchema
      .parse(JSON.parse(json.stdout))
      .filter((row) => row.file.startsWith(`${dir}/`))
      .map((row) => ({ ...row, file: row.file.slice(dir.length + 1) }));
  };

  it('lists a photo already on the service, found before upload, with that photo id', async () => {
    const { service, dataDir, folder, env } = cli;
    const first = join(folder, 'first');
    const again = join(folder, 'again');
    const [photo] = await makePhotos(first, 1, 40);
    await mkdir(again);
    await copyFile(photo!.path, join(again, 'same.jpg'));
    const project = service.info.projects[0]!.id;
    const sent = await runCli(['upload', first, '--project', project, '--data-dir', dataDir], env);
    expect(sent.code, sent.stderr).toBe(0);
    const [uploaded] = await rowsUnder(first);
    expect(uploaded).toMatchObject({ outcome: 'uploaded' });

    const upload = await runCli(
      ['upload', again, '--project', project, '--data-dir', dataDir],
      env,
    );
    expect(upload.code, upload.stderr).toBe(0);
    expect(upload.stderr).toContain('already on the service');
    expect(await rowsUnder(again)).toEqual([
      expect.objectContaining({
        file: 'same.jpg',
        project,
        outcome: 'already on the service',
        photo_id: uploaded!.photo_id,
      }),
    ]);
  }, 120_000);

  it('lists the photos of a subfolder no project is named like, with the reason', async () => {
    const { service, dataDir, folder, env } = cli;
    const root = join(folder, 'by-folder');
    const named = service.info.projects[0]!;
    await makePhotos(join(root, named.name), 1, 50);
    await makePhotos(join(root, 'Nowhere Site'), 2, 60);
    const upload = await runCli(
      ['upload', root, '--project-per-subfolder', '--data-dir', dataDir],
      env,
    );
    expect(upload.stderr).toContain('No project is named "Nowhere Site"');
    const rows = await rowsUnder(root);
    expect(rows.map((row) => [row.file, row.outcome]).sort()).toEqual([
      [`${named.name}/IMG_0050.jpg`, 'uploaded'],
      ['Nowhere Site/IMG_0060.jpg', 'skipped'],
      ['Nowhere Site/IMG_0061.jpg', 'skipped'],
    ]);
    for (const row of rows.filter((entry) => entry.outcome === 'skipped'))
      expect(row.reason).toBe('No project is named "Nowhere Site".');
  }, 120_000);

  it('lists every file when all of them are already on the service', async () => {
    const { service, dataDir, folder, env } = cli;
    const root = join(folder, 'all-there');
    const [photo] = await makePhotos(join(folder, 'all-first'), 1, 70);
    await mkdir(root);
    await copyFile(photo!.path, join(root, 'copy.jpg'));
    await writeFile(join(root, 'readme.txt'), 'not a photo\n');
    const project = service.info.projects[0]!.id;
    const sent = await runCli(
      ['upload', join(folder, 'all-first'), '--project', project, '--data-dir', dataDir],
      env,
    );
    expect(sent.code, sent.stderr).toBe(0);
    const upload = await runCli(['upload', root, '--project', project, '--data-dir', dataDir], env);
    expect(upload.stderr).toContain('already on the service');
    const rows = await rowsUnder(root);
    expect(rows.map((row) => [row.file, row.outcome]).sort()).toEqual([
      ['copy.jpg', 'already on the service'],
      ['readme.txt', 'skipped'],
    ]);
  }, 120_000);
});

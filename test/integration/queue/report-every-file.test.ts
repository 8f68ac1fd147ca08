import { copyFile, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type SignedInCli, startSignedInCli } from '../../support/signed-in-cli';
import { makePhotos, runCli } from '../../support/upload-harness';

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

describe('the report of an upload', () => {
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
    expect(lines[0]).toBe('file,project,outcome,photo_id,reason,failed_photo_ids');
    expect(lines).toHaveLength(4);
    for (const name of ['photo.jpg', 'notes.txt', 'corrupt.jpg'])
      expect(lines.some((line) => line.includes(name))).toBe(true);
    expect(lines.find((line) => line.includes('notes.txt'))).toContain('not a photo');
    expect(lines.find((line) => line.includes('corrupt.jpg'))).toContain(
      byFile.get('corrupt.jpg')?.reason,
    );
  }, 120_000);
});

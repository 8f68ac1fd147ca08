import { createHash } from 'node:crypto';
import { link, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AfterUploadResult } from '../../../../shared/domain/after-upload';
import type { FileIdentity } from '../../../../shared/domain/intake';
import { type TidyJob, tidyFile } from '../../../../main/media/after-upload-files';

// The file side of "tidy up after upload", on real files in a temporary folder.

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'after-upload-files-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** A real JPEG at `path`, and the job that queued it (its MD5 and identity). */
async function queued(path: string, folder: string, shade = 90): Promise<TidyJob> {
  await mkdir(join(path, '..'), { recursive: true });
  const bytes = await sharp({
    create: { width: 8, height: 8, channels: 3, background: { r: shade, g: 40, b: 10 } },
  })
    .jpeg()
    .toBuffer();
  await writeFile(path, bytes);
  const info = await stat(path, { bigint: true });
  const identity: FileIdentity = {
    dev: info.dev.toString(),
    ino: info.ino.toString(),
    size: Number(info.size),
    mtimeNs: info.mtimeNs.toString(),
  };
  return {
    path,
    root: join(dir, 'card'),
    md5: createHash('md5').update(bytes).digest('hex'),
    format: 'jpeg',
    identity,
    action: { kind: 'move', folder },
    recorded: null,
  };
}

function recorder() {
  const steps: AfterUploadResult[] = [];
  return { steps, record: (step: AfterUploadResult) => steps.push(step) };
}

const noTrash = () => Promise.reject(new Error('no trash here'));

describe('tidying a file after upload', () => {
  it('moves it keeping its subfolder, recording the destination before the move', async () => {
    const done = join(dir, 'done');
    const job = await queued(join(dir, 'card', 'Level 2', 'IMG_1.jpg'), done);
    const { steps, record } = recorder();
    const result = await tidyFile(job, { trash: noTrash, record });
    const to = join(done, 'Level 2', 'IMG_1.jpg');
    expect(result).toEqual({ kind: 'moved', to });
    expect(steps).toEqual([{ kind: 'moving', to }, result]);
    expect(await exists(job.path)).toBe(false);
    expect(
      createHash('md5')
        .update(await readFile(to))
        .digest('hex'),
    ).toBe(job.md5);
  });

  it('never writes over a name taken at the destination: it numbers the new one', async () => {
    const done = join(dir, 'done');
    await mkdir(done, { recursive: true });
    await writeFile(join(done, 'IMG_1.jpg'), 'theirs');
    await writeFile(join(done, 'IMG_1 (2).jpg'), 'theirs too');
    const job = await queued(join(dir, 'card', 'IMG_1.jpg'), done);
    const result = await tidyFile(job, { trash: noTrash, record: () => undefined });
    expect(result).toEqual({ kind: 'moved', to: join(done, 'IMG_1 (3).jpg') });
    expect(await readFile(join(done, 'IMG_1.jpg'), 'utf8')).toBe('theirs');
    expect(await readFile(join(done, 'IMG_1 (2).jpg'), 'utf8')).toBe('theirs too');
  });

  it('leaves a file changed since it was queued where it is, with a reason', async () => {
    const job = await queued(join(dir, 'card', 'IMG_1.jpg'), join(dir, 'done'));
    await queued(job.path, join(dir, 'done'), 200);
    const result = await tidyFile(job, { trash: noTrash, record: () => undefined });
    expect(result).toEqual({ kind: 'left', reason: { key: 'reason.afterUpload.changed' } });
    expect(await exists(job.path)).toBe(true);
    expect(await exists(join(dir, 'done', 'IMG_1.jpg'))).toBe(false);
  });

  it('says a file gone since it was queued, and trashes nothing', async () => {
    const job = await queued(join(dir, 'card', 'IMG_1.jpg'), join(dir, 'done'));
    await rm(job.path);
    const result = await tidyFile(
      { ...job, action: { kind: 'trash' } },
      { trash: noTrash, record: () => undefined },
    );
    expect(result).toEqual({ kind: 'left', reason: { key: 'reason.afterUpload.gone' } });
  });

  it('finishes a move a crash cut short after the link, without a second copy', async () => {
    const done = join(dir, 'done');
    const job = await queued(join(dir, 'card', 'IMG_1.jpg'), done);
    const to = join(done, 'IMG_1.jpg');
    await mkdir(done, { recursive: true });
    await link(job.path, to);
    const result = await tidyFile(
      { ...job, recorded: { kind: 'moving', to } },
      { trash: noTrash, record: () => undefined },
    );
    expect(result).toEqual({ kind: 'moved', to });
    expect(await exists(job.path)).toBe(false);
    expect(await exists(join(done, 'IMG_1 (2).jpg'))).toBe(false);
  });

  it('puts it in the trash through the port, recording it first; a trash that failed leaves it', async () => {
    const job = {
      ...(await queued(join(dir, 'card', 'IMG_1.jpg'), dir)),
      action: { kind: 'trash' } as const,
    };
    const { steps, record } = recorder();
    const failed = await tidyFile(job, { trash: noTrash, record });
    expect(failed.kind).toBe('left');
    expect(await exists(job.path)).toBe(true);
    const trashed: string[] = [];
    const result = await tidyFile(job, {
      trash: async (path) => {
        trashed.push(path);
        await rm(path);
      },
      record,
    });
    expect(result).toEqual({ kind: 'trashed' });
    expect(trashed).toEqual([job.path]);
    expect(steps.filter((step) => step.kind === 'trashing')).toHaveLength(2);
  });
});

import { createHash } from 'node:crypto';
import {
  link,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
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

  /** A link that fails as across devices (EXDEV) for the source, as a real one otherwise. */
  const acrossDevices = (source: string) => async (from: string, to: string) => {
    if (from === source) throw Object.assign(new Error('cross-device link'), { code: 'EXDEV' });
    await link(from, to);
  };
  const md5At = async (path: string) =>
    createHash('md5')
      .update(await readFile(path))
      .digest('hex');

  it('across devices copies to a temporary name, synced and checked, then links it in', async () => {
    const done = join(dir, 'done');
    const job = await queued(join(dir, 'card', 'Level 2', 'IMG_1.jpg'), done);
    const { steps, record } = recorder();
    const result = await tidyFile(job, { trash: noTrash, record, link: acrossDevices(job.path) });
    const to = join(done, 'Level 2', 'IMG_1.jpg');
    expect(result).toEqual({ kind: 'moved', to });
    expect(await md5At(to)).toBe(job.md5);
    expect(await exists(job.path)).toBe(false);
    // Nothing else is left in the folder: the temporary copy went once it had its name.
    expect(await readdir(join(done, 'Level 2'))).toEqual(['IMG_1.jpg']);
    // The copy was journaled under its temporary name before it was written, in the same folder.
    const temp = steps.find((step) => step.kind === 'moving' && step.temp !== undefined);
    expect(
      temp?.kind === 'moving' && temp.temp?.startsWith(join(done, 'Level 2', '.IMG_1.jpg.')),
    ).toBe(true);
    expect(Math.round((await stat(to)).mtimeMs)).toBe(
      Number(BigInt(job.identity?.mtimeNs ?? '0') / 1_000_000n),
    );
  });

  it('where no link works (FAT), claims a free name exclusively and renames the copy onto it', async () => {
    const done = join(dir, 'done');
    await mkdir(done, { recursive: true });
    await writeFile(join(done, 'IMG_1.jpg'), 'theirs');
    const job = await queued(join(dir, 'card', 'IMG_1.jpg'), done);
    const noLinks = () => Promise.reject(Object.assign(new Error('not here'), { code: 'EPERM' }));
    const result = await tidyFile(job, { trash: noTrash, record: () => undefined, link: noLinks });
    expect(result).toEqual({ kind: 'moved', to: join(done, 'IMG_1 (2).jpg') });
    expect(await readFile(join(done, 'IMG_1.jpg'), 'utf8')).toBe('theirs');
    expect(await md5At(join(done, 'IMG_1 (2).jpg'))).toBe(job.md5);
    expect((await readdir(done)).sort()).toEqual(['IMG_1 (2).jpg', 'IMG_1.jpg']);
    expect(await exists(job.path)).toBe(false);
  });

  it('after a crash mid-copy, the restart removes the partial temporary copy and moves once', async () => {
    const done = join(dir, 'done');
    const job = await queued(join(dir, 'card', 'IMG_1.jpg'), done);
    await mkdir(done, { recursive: true });
    const temp = join(done, '.IMG_1.jpg.0123456789ab.photouploader-part');
    await writeFile(temp, (await readFile(job.path)).subarray(0, 100));
    const result = await tidyFile(
      { ...job, recorded: { kind: 'moving', to: join(done, 'IMG_1.jpg'), temp } },
      { trash: noTrash, record: () => undefined, link: acrossDevices(job.path) },
    );
    expect(result).toEqual({ kind: 'moved', to: join(done, 'IMG_1.jpg') });
    expect(await readdir(done)).toEqual(['IMG_1.jpg']);
    expect(await md5At(join(done, 'IMG_1.jpg'))).toBe(job.md5);
  });

  it.each(['same device', 'across devices'])(
    '%s: a file put at the destination name just after the link stays; the photo takes the next',
    async (mode) => {
      const done = join(dir, 'done');
      const job = await queued(join(dir, 'card', 'IMG_1.jpg'), done);
      let replaced = false;
      const replacingLink = async (from: string, to: string) => {
        if (mode === 'across devices' && from === job.path)
          throw Object.assign(new Error('cross-device link'), { code: 'EXDEV' });
        await link(from, to);
        if (replaced) return;
        replaced = true;
        // Another program saves its own file at that name (write, then rename over it).
        await writeFile(`${to}.theirs`, 'theirs');
        await rename(`${to}.theirs`, to);
      };
      const result = await tidyFile(job, {
        trash: noTrash,
        record: () => undefined,
        link: replacingLink,
      });
      expect(result).toEqual({ kind: 'moved', to: join(done, 'IMG_1 (2).jpg') });
      expect(await readFile(join(done, 'IMG_1.jpg'), 'utf8')).toBe('theirs');
      expect(await md5At(join(done, 'IMG_1 (2).jpg'))).toBe(job.md5);
      expect((await readdir(done)).sort()).toEqual(['IMG_1 (2).jpg', 'IMG_1.jpg']);
      expect(await exists(job.path)).toBe(false);
    },
  );

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

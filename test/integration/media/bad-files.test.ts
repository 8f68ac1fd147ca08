import { execFile } from 'node:child_process';
import {
  copyFile,
  mkdir,
  mkdtemp,
  readFile,
  rm,
  symlink,
  writeFile,
  chmod,
  chown,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntakeItem } from '../../../shared/domain/intake';
import { inspectFile } from '../../../main/media/inspect-file';
import { photoAt, runIntake } from '../../support/intake-harness';
import { englishFor, words } from '../../../shared/i18n/words';
import { needs } from '../../support/platform-needs';

const needsFifoAndSymlinks = needs('fifo', 'symlinks');
const needsFileModes = needs('file-modes');

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '../../..');
const SAMPLES = join(ROOT, 'test/fixtures/exif-samples/jpg');

/** The item for `ending`, its reason in English (what the command line prints). */
function itemAt(
  items: readonly IntakeItem[],
  ending: string,
): IntakeItem | { status: 'skipped' | 'error'; path: string; reason: string } {
  const item = items.find((candidate) => candidate.path.endsWith(`/${ending}`));
  if (!item) throw new Error(`No item for ${ending}`);
  return item.status === 'photo' ? item : { ...item, reason: englishFor(item.reason) };
}

describe.skipIf(needsFifoAndSymlinks.skip)(
  needsFifoAndSymlinks.title(
    'Intake with bad files: each gets a reason, the rest of the batch is intact',
  ),
  () => {
    let dir: string;
    let items: IntakeItem[];
    const good = ['Canon_40D.jpg', 'Nikon_D70.jpg', 'gps/DSCN0021.jpg'];

    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'bad-files-'));
      await mkdir(join(dir, 'nested/deeper'), { recursive: true });
      for (const name of good)
        await copyFile(join(SAMPLES, name), join(dir, 'nested', name.replace('/', '-')));
      const jpeg = await readFile(join(SAMPLES, 'Canon_40D.jpg'));
      await writeFile(join(dir, 'empty.jpg'), '');
      // Cut inside the metadata (this file is mostly its embedded thumbnail)…
      await writeFile(join(dir, 'truncated.jpg'), jpeg.subarray(0, Math.floor(jpeg.length * 0.6)));
      // …and cut inside the image data of a larger photo.
      const large = await readFile(join(SAMPLES, 'gps/DSCN0010.jpg'));
      await writeFile(
        join(dir, 'truncated-scan.jpg'),
        large.subarray(0, Math.floor(large.length * 0.8)),
      );
      // A well-formed JPEG whose EXIF block (64 bytes, as declared) is garbage.
      const corrupt = Buffer.concat([
        jpeg.subarray(0, 2),
        Buffer.from([0xff, 0xe1, 0x00, 0x40]),
        Buffer.from('Exif\0\0MM\0*\0\0\0\x08'),
        Buffer.alloc(48, 0xee),
        jpeg.subarray(2),
      ]);
      await writeFile(join(dir, 'corrupt-exif.jpg'), corrupt);
      await writeFile(join(dir, 'meeting-notes.jpg'), 'Agenda: pour schedule, crane permit.\n');
      await writeFile(
        join(dir, 'drawing.pdf'),
        '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n',
      );
      await writeFile(join(dir, '.DS_Store'), 'x');
      await writeFile(join(dir, '._Canon_40D.jpg'), 'x');
      await writeFile(join(dir, 'Thumbs.db'), 'x');
      await writeFile(join(dir, 'desktop.ini'), 'x');
      await writeFile(join(dir, '.hidden-photo.jpg'), jpeg);
      await mkdir(join(dir, '__MACOSX'));
      await writeFile(join(dir, '__MACOSX', 'photo.jpg'), jpeg);
      await symlink(dir, join(dir, 'nested/deeper/loop'));
      await symlink(join(dir, 'nested/Canon_40D.jpg'), join(dir, 'link-to-canon.jpg'));
      await symlink(join(dir, 'gone.jpg'), join(dir, 'dangling.jpg'));
      await run('mkfifo', [join(dir, 'pipe.jpg')]);
      await copyFile(join(SAMPLES, 'Canon_40D.jpg'), join(dir, 'copy of Canon_40D.jpg'));
      ({ items } = await runIntake([dir, join(dir, 'nested')], { zone: 'UTC' }));
    }, 120_000);
    afterAll(() => rm(dir, { recursive: true, force: true }));

    it('uploads the good photos', () => {
      for (const name of good)
        expect(photoAt(items, name.replace('/', '-')).md5).toMatch(/^[0-9a-f]{32}$/);
    });

    it('skips an empty file and content that is not a photo, whatever its name', () => {
      expect(itemAt(items, 'empty.jpg')).toMatchObject({
        status: 'skipped',
        reason: 'The file is empty (0 bytes)',
      });
      expect(itemAt(items, 'meeting-notes.jpg')).toMatchObject({
        status: 'skipped',
        reason: expect.stringContaining('Not a photo') as unknown,
      });
      expect(itemAt(items, 'drawing.pdf')).toMatchObject({
        status: 'skipped',
        reason: expect.stringContaining('application/pdf') as unknown,
      });
    });

    it('refuses a truncated JPEG with a reason', () => {
      expect(itemAt(items, 'truncated.jpg')).toMatchObject({
        status: 'error',
        reason: expect.stringContaining('truncated') as unknown,
      });
    });

    it('keeps a photo with corrupt EXIF, says so, and dates it by the file', () => {
      const photo = photoAt(items, 'corrupt-exif.jpg');
      expect(photo.capture.rule).toBe('file-time');
      expect(englishFor(photo.note!)).toContain('No capture date');
    });

    it('skips junk and hidden files with a reason, never silently', () => {
      expect(itemAt(items, '.DS_Store')).toMatchObject({
        status: 'skipped',
        reason: 'macOS folder settings file',
      });
      expect(itemAt(items, '._Canon_40D.jpg')).toMatchObject({
        status: 'skipped',
        reason: expect.stringContaining('AppleDouble') as unknown,
      });
      expect(itemAt(items, 'Thumbs.db')).toMatchObject({
        status: 'skipped',
        reason: 'Windows thumbnail cache',
      });
      expect(itemAt(items, 'desktop.ini')).toMatchObject({
        status: 'skipped',
        reason: 'Windows folder settings file',
      });
      expect(itemAt(items, '.hidden-photo.jpg')).toMatchObject({
        status: 'skipped',
        reason: 'Hidden file',
      });
      expect(itemAt(items, '__MACOSX')).toMatchObject({
        status: 'skipped',
        reason: 'macOS archive metadata folder',
      });
      expect(items.some((item) => item.path.includes(join('__MACOSX', 'photo.jpg')))).toBe(false);
    });

    it('follows links without looping, and reports loops, dangling links and special files', () => {
      expect(itemAt(items, join('deeper', 'loop'))).toMatchObject({
        status: 'skipped',
        reason: expect.stringContaining('already included') as unknown,
      });
      expect(itemAt(items, 'dangling.jpg')).toMatchObject({
        status: 'error',
        reason: expect.stringContaining('moved or deleted') as unknown,
      });
      expect(itemAt(items, 'pipe.jpg')).toMatchObject({
        status: 'skipped',
        reason: expect.stringContaining('Not a regular file') as unknown,
      });
      const canon = items.filter(
        (item) => item.path.endsWith('Canon_40D.jpg') && !item.path.includes('._'),
      );
      // The nested folder dropped a second time and the link to the same file are reported once each.
      expect(
        items.filter(
          (item) =>
            item.status === 'skipped' && englishFor(item.reason).includes('already included'),
        ).length,
      ).toBeGreaterThanOrEqual(2);
      expect(canon.filter((item) => item.status === 'photo')).toHaveLength(2);
    });

    it('flags the same bytes dropped twice as a duplicate of the first', () => {
      const copies = items.filter(
        (item): item is Extract<IntakeItem, { status: 'photo' }> =>
          item.status === 'photo' && item.path.endsWith('Canon_40D.jpg'),
      );
      expect(copies).toHaveLength(2);
      const [first, second] = copies;
      expect(first!.duplicateOf).toBeUndefined();
      expect(second!.duplicateOf).toEqual({ kind: 'in-this-batch', path: first!.path });
    });

    it('reports every file exactly once', () => {
      const paths = items.map((item) => item.path);
      expect(new Set(paths).size).toBe(paths.length);
    });
  },
);

describe('Files that vanish or cannot be read', () => {
  it('gives a vanished file a reason', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vanish-'));
    const file = join(dir, 'photo.jpg');
    await copyFile(join(SAMPLES, 'Canon_40D.jpg'), file);
    const crawled = { kind: 'file' as const, path: file, size: 1, modifiedMs: 0 };
    await rm(file);
    expect(await inspectFile(crawled, 'UTC')).toEqual({
      status: 'error',
      path: file,
      reason: words('reason.intake.gone', { what: 'file' }),
    });
  });

  it.skipIf(needsFileModes.skip)(
    needsFileModes.title(
      'gives an unreadable file and an unreadable folder a reason (run as an unprivileged user)',
    ),
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'unreadable-'));
      await chmod(dir, 0o755);
      await copyFile(join(SAMPLES, 'Canon_40D.jpg'), join(dir, 'locked.jpg'));
      await copyFile(join(SAMPLES, 'Nikon_D70.jpg'), join(dir, 'fine.jpg'));
      await chmod(join(dir, 'locked.jpg'), 0o000);
      await mkdir(join(dir, 'locked-folder'), { mode: 0o700 });
      await chmod(join(dir, 'fine.jpg'), 0o644);
      await mkdir(join(dir, 'data'), { mode: 0o700 });
      // Root reads everything, so the command runs as `nobody` when the tests run as root, with a
      // data folder of its own (a data folder of another user is refused).
      const asRoot = process.getuid?.() === 0;
      if (asRoot) await chown(join(dir, 'data'), 65534, 65534);
      const asNobody = asRoot
        ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', '--']
        : [];
      const [command, ...args] = [
        ...asNobody,
        process.execPath,
        '--import',
        'tsx',
        'main/cli/run.ts',
        'inspect',
        dir,
        '--json',
        '--zone',
        'UTC',
        '--data-dir',
        join(dir, 'data'),
      ];
      const { stdout } = await run(command, args, {
        cwd: ROOT,
        env: { ...process.env, HOME: join(dir, 'data') },
      }).catch((error: Error & { stderr?: string }) => {
        throw new Error(`inspect failed: ${error.stderr ?? error.message}`);
      });
      const records = stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { path: string; status: string; reason: string });
      expect(records.find((record) => record.path.endsWith('locked.jpg'))).toMatchObject({
        status: 'error',
        reason: 'The file could not be read (permission denied)',
      });
      expect(records.find((record) => record.path.endsWith('locked-folder'))).toMatchObject({
        status: 'error',
        reason: 'The folder could not be read (permission denied)',
      });
      expect(records.find((record) => record.path.endsWith('fine.jpg'))).toMatchObject({
        status: 'photo',
      });
    },
  );
});

describe('A file that hangs the reader', () => {
  it('is given up on after the per-file time limit, not the files in flight beside it; the worker is replaced and the rest goes on', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'stall-'));
    for (const name of ['a.jpg', 'b-stall.jpg', 'c.jpg', 'd.jpg'])
      await copyFile(
        join(SAMPLES, name === 'b-stall.jpg' ? 'Nikon_D70.jpg' : 'Canon_40D.jpg'),
        join(dir, name),
      );
    await copyFile(join(SAMPLES, 'gps/DSCN0010.jpg'), join(dir, 'c.jpg'));
    await copyFile(join(SAMPLES, 'gps/DSCN0012.jpg'), join(dir, 'd.jpg'));
    const started = Date.now();
    const { items } = await runIntake([dir], {
      workers: {
        inspectors: 1,
        fileTimeLimitMs: 1500,
        workerEntry: new URL('../../support/stalling-media-worker.ts', import.meta.url),
      },
    });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(itemAt(items, 'b-stall.jpg')).toMatchObject({
      status: 'error',
      reason: 'Reading the file took longer than 1.5 s, so it was left out',
    });
    for (const name of ['a.jpg', 'c.jpg', 'd.jpg'])
      expect(itemAt(items, name).status, name).toBe('photo');
  });
});

describe('A file on a slow drive that keeps going', () => {
  it('is read to the end however long it takes, while each read returns within the limit', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'slow-'));
    const photo = await readFile(join(SAMPLES, 'Canon_40D.jpg'));
    // About a dozen 64 KiB reads at 250 ms each: far longer in all than the 1.5 s limit.
    await writeFile(join(dir, 'b-slow.jpg'), Buffer.concat([photo, Buffer.alloc(700_000, 1)]));
    for (const name of ['a.jpg', 'c.jpg']) await writeFile(join(dir, name), photo);
    const { items } = await runIntake([dir], {
      workers: {
        inspectors: 1,
        fileTimeLimitMs: 1500,
        workerEntry: new URL('../../support/slow-media-worker.ts', import.meta.url),
      },
    });
    for (const name of ['a.jpg', 'b-slow.jpg', 'c.jpg'])
      expect(itemAt(items, name).status, name).toBe('photo');
  });
});

describe('A reader that breaks the protocol', () => {
  it('leaves no file waiting that it never reported, and lists nothing it made up', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'forgetful-'));
    const photo = await readFile(join(SAMPLES, 'Canon_40D.jpg'));
    const names = ['a.jpg', 'b-forgot.jpg', 'c.jpg'];
    for (const name of names) await writeFile(join(dir, name), photo);
    const { items } = await runIntake([dir], {
      workers: {
        inspectors: 1,
        workerEntry: new URL('../../support/forgetful-media-worker.ts', import.meta.url),
      },
    });
    expect(itemAt(items, 'b-forgot.jpg')).toMatchObject({
      status: 'error',
      reason: 'The file could not be read: the reader stopped while reading it',
    });
    for (const name of ['a.jpg', 'c.jpg']) expect(itemAt(items, name).status, name).toBe('photo');
    expect(items.map((item) => item.path).sort()).toEqual(names.map((name) => join(dir, name)));
  });
});

describe('Photos uploaded before', () => {
  it('are flagged as already uploaded, with the photo id the history knows', async () => {
    const { items: first } = await runIntake([join(SAMPLES, 'gps')]);
    const known = photoAt(first, 'DSCN0010.jpg').md5;
    const { items } = await runIntake([join(SAMPLES, 'gps')], {
      known: {
        uploaded: (md5s) =>
          Promise.resolve(
            new Map(md5s.filter((md5) => md5 === known).map((md5) => [md5, 'photo-123'])),
          ),
      },
    });
    expect(photoAt(items, 'DSCN0010.jpg').duplicateOf).toEqual({
      kind: 'already-uploaded',
      photoId: 'photo-123',
    });
    expect(photoAt(items, 'DSCN0012.jpg').duplicateOf).toBeUndefined();
  });
});

import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IpcHandlers } from '../../../../shared/ipc/dispatcher';
import { commandLineFrontEnd } from '../../../../main/core/front-end';
import type { ConfirmationQuestion, SensitiveChange } from '../../../../main/core/sensitive-change';
import { receiveDrop, WindowFrontEnd } from '../../../../main/desktop/window-front-end';
import { needs } from '../../../support/platform-needs';

const needsSymlinks = needs('symlinks');

// The window's trust rules over a real folder tree: grants by real path, with `..` and symbolic
// links that lead out refused.

describe('WindowFrontEnd', () => {
  let root: string;
  let granted: string;
  let outside: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'grants-'));
    granted = join(root, 'site');
    outside = join(root, 'private');
    await mkdir(join(granted, 'day-1'), { recursive: true });
    await mkdir(outside);
    await mkdir(join(root, 'site-2'));
    await writeFile(join(granted, 'day-1', 'a.jpg'), 'a');
    await writeFile(join(outside, 'secret.txt'), 's');
    await writeFile(join(root, 'site-2', 'b.jpg'), 'b');
    await symlink(outside, join(granted, 'escape'));
    await symlink(join(outside, 'secret.txt'), join(granted, 'secret-link.txt'));
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const refusedBy = async (frontEnd: WindowFrontEnd, path: string) =>
    frontEnd.checkPaths([path]).then(
      () => 'accepted',
      (error: Error) => error.message,
    );

  it('refuses every path until the OS has handed one over', async () => {
    const frontEnd = new WindowFrontEnd(() => Promise.resolve(true));
    expect(await refusedBy(frontEnd, join(granted, 'day-1', 'a.jpg'))).toMatch(
      /“a.jpg” was not dropped on the window or chosen in the open dialog/,
    );
  });

  it('accepts a granted folder and everything under it, and nothing beside or above it', async () => {
    const frontEnd = new WindowFrontEnd(() => Promise.resolve(true));
    await frontEnd.grant([granted]);
    expect(await refusedBy(frontEnd, granted)).toBe('accepted');
    expect(await refusedBy(frontEnd, join(granted, 'day-1'))).toBe('accepted');
    expect(await refusedBy(frontEnd, join(granted, 'day-1', 'a.jpg'))).toBe('accepted');
    expect(await refusedBy(frontEnd, join(granted, 'day-1', '..', 'day-1', 'a.jpg'))).toBe(
      'accepted',
    );
    // A sibling whose name starts the same, `..` out of the folder, symbolic links that lead out.
    for (const path of [
      join(root, 'site-2', 'b.jpg'),
      join(granted, '..', 'private', 'secret.txt'),
      join(granted, 'escape', 'secret.txt'),
      join(granted, 'secret-link.txt'),
      root,
    ])
      expect(await refusedBy(frontEnd, path), path).toMatch(/was not dropped/);
    expect(await refusedBy(frontEnd, 'site/day-1/a.jpg')).toMatch(/cannot be found/);
    expect(await refusedBy(frontEnd, join(granted, 'gone.jpg'))).toMatch(/cannot be found/);
  });

  it('grants a file alone, not its folder', async () => {
    const frontEnd = new WindowFrontEnd(() => Promise.resolve(true));
    await frontEnd.grant([join(granted, 'day-1', 'a.jpg'), 'relative/ignored.jpg']);
    expect(await refusedBy(frontEnd, join(granted, 'day-1', 'a.jpg'))).toBe('accepted');
    expect(await refusedBy(frontEnd, join(granted, 'day-1'))).toMatch(/was not dropped/);
  });

  it('asks the user the question of the change, and passes on the answer', async () => {
    const asked: ConfirmationQuestion[] = [];
    const answers = [false, true];
    const frontEnd = new WindowFrontEnd((question) => {
      asked.push(question);
      return Promise.resolve(answers.shift() ?? false);
    });
    const change: SensitiveChange = {
      fields: ['baseUrl'],
      changes: [
        { key: 'dialog.sensitiveChange.baseUrl', values: { origin: 'https://elsewhere.example' } },
      ],
      summary: 'Photo Uploader will send photos and tokens to https://elsewhere.example.',
    };
    expect(await frontEnd.confirm(change)).toBe(false);
    expect(await frontEnd.confirm(change)).toBe(true);
    expect(asked[0]?.detail).toContain(
      'Photo Uploader will send photos and tokens to https://elsewhere.example.',
    );
  });

  it('leaves the command line free to name any path', async () => {
    await expect(commandLineFrontEnd.checkPaths(['/anything'])).resolves.toBeUndefined();
  });
});

describe('receiveDrop', () => {
  const started: { paths: readonly string[]; assumedZone: string }[] = [];
  const frontEnd = new WindowFrontEnd(() => Promise.resolve(false));
  // Only the one handler a drop calls; the grant check runs for real.
  const handlers = {
    'intake:add-paths': async (input: { paths: string[]; assumedZone: string }) => {
      await frontEnd.checkPaths(input.paths);
      started.push(input);
      return { runId: started.length };
    },
  } as unknown as IpcHandlers;
  const fail = (error: unknown) => {
    throw error;
  };
  const noSetupFile = () => Promise.reject(new Error('no setup file was dropped'));

  it('grants what the OS located and takes it in; counts what it could not locate', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'drop-'));
    try {
      const result = await receiveDrop(
        frontEnd,
        handlers,
        { paths: [folder, ''], assumedZone: 'UTC' },
        { trusted: true },
        fail,
        noSetupFile,
      );
      expect(result).toEqual({ ok: true, value: { runId: 1, unlocated: 1 } });
      expect(started).toEqual([{ paths: [folder], assumedZone: 'UTC', more: false }]);
      await expect(frontEnd.checkPaths([folder])).resolves.toBeUndefined();
      // A large drop's next chunk names its run and says whether more follow.
      await receiveDrop(
        frontEnd,
        handlers,
        { paths: [folder], assumedZone: 'UTC', runId: 1, more: true },
        { trusted: true },
        fail,
        noSetupFile,
      );
      expect(started[1]).toEqual({ paths: [folder], assumedZone: 'UTC', runId: 1, more: true });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it.skipIf(needsSymlinks.skip)(
    needsSymlinks.title('refuses a drop from anywhere but the app window, and bad input'),
    async () => {
      expect(
        await receiveDrop(
          frontEnd,
          handlers,
          { paths: ['/'], assumedZone: 'UTC' },
          { trusted: false },
          fail,
          noSetupFile,
        ),
      ).toMatchObject({ ok: false, code: 'untrusted-sender' });
      expect(
        await receiveDrop(
          frontEnd,
          handlers,
          { paths: '/', assumedZone: 'UTC' },
          { trusted: true },
          fail,
          noSetupFile,
        ),
      ).toMatchObject({ ok: false, code: 'bad-input' });
      await expect(frontEnd.checkPaths(['/'])).rejects.toThrow(/was not dropped/);
    },
  );
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as Chokidar from 'chokidar';
import type { FSWatcher } from 'chokidar';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger, type LogRecord, Redactor } from '../../../../main/logging/logger';
import { FolderWatcher, watchErrorCode } from '../../../../main/watch/folder-watcher';

/** The real chokidar watchers the folder watcher made, so a test can have one report an error. */
const made = vi.hoisted(() => [] as FSWatcher[]);
vi.mock('chokidar', async (importOriginal) => {
  const chokidar = await importOriginal<typeof Chokidar>();
  return {
    ...chokidar,
    watch: (...args: Parameters<typeof chokidar.watch>) => {
      const watcher = chokidar.watch(...args);
      made.push(watcher);
      return watcher;
    },
  };
});

/** An error as the file system reports it: the path in its message and in its fields. */
function fsError(code: string, path: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: permission denied, scandir '${path}'`), {
    code,
    errno: -13,
    syscall: 'scandir',
    path,
  });
}

describe('FolderWatcher errors', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0)) await step();
    made.splice(0);
  });

  it('logs an error the watcher reports with its code only, never the path it names', async () => {
    const root = await mkdtemp(join(tmpdir(), 'Dana Whitfield - Harbor View Tower-'));
    const records: LogRecord[] = [];
    const logger = createLogger({
      sink: (record) => records.push(record),
      redactor: new Redactor(),
    });
    let watching = false;
    const watcher = new FolderWatcher(
      root,
      { file: () => undefined, watching: () => (watching = true), missing: () => undefined },
      logger,
    );
    cleanup.push(
      () => watcher.close(),
      () => rm(root, { recursive: true, force: true }),
    );
    await watcher.start();
    expect(watching).toBe(true);
    expect(made).toHaveLength(1);

    made[0]!.emit('error', fsError('EACCES', join(root, 'Level 2', 'IMG_0001.jpg')));

    expect(records).toHaveLength(1);
    const line = JSON.stringify(records[0]);
    expect(line).not.toContain(root);
    expect(line).not.toContain('Dana Whitfield');
    expect(line).not.toContain('IMG_0001');
    expect(records[0]).toMatchObject({
      level: 'warn',
      message: 'a watched folder reported an error',
      fields: { error: 'EACCES' },
    });
  });

  it('takes only a code-shaped code from an error, else says unknown', () => {
    expect(watchErrorCode(fsError('ENOSPC', '/home/dana/site'))).toBe('ENOSPC');
    expect(watchErrorCode(new Error('/home/dana/site is gone'))).toBe('unknown');
    expect(watchErrorCode({ code: '/home/dana/site' })).toBe('unknown');
    expect(watchErrorCode({ code: 42 })).toBe('unknown');
    expect(watchErrorCode('EACCES /home/dana/site')).toBe('unknown');
    expect(watchErrorCode(null)).toBe('unknown');
  });
});

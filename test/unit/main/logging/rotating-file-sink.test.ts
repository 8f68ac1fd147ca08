import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LogRecord } from '../../../../main/logging/logger';
import { rotatingFileSink } from '../../../../main/logging/rotating-file-sink';

const record = (n: number): LogRecord => ({
  time: '2026-01-01T00:00:00.000Z',
  level: 'info',
  scope: 'test',
  message: `line ${String(n).padStart(4, '0')} ${'x'.repeat(60)}`,
  fields: {},
});

/** The numbers of the records in one log file, in order. */
async function numbers(path: string): Promise<number[]> {
  const text = await readFile(path, 'utf8');
  return text
    .trim()
    .split('\n')
    .map((line) => Number(/line (\d+)/.exec(line)?.[1]));
}

describe('rotatingFileSink', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rotating-log-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('keeps every file under the cap, keeps `keep` old files and drops the oldest', async () => {
    const sink = rotatingFileSink({ dir, name: 'main', maxBytes: 1000, keep: 3 });
    for (let n = 0; n < 200; n += 1) sink(record(n));
    expect((await readdir(dir)).sort()).toEqual([
      'main.1.log',
      'main.2.log',
      'main.3.log',
      'main.log',
    ]);
    for (const name of await readdir(dir))
      expect((await stat(join(dir, name))).size).toBeLessThanOrEqual(1000);
    // Newest in main.log, older in .1, .2, .3, with no gap and no repeat between them.
    const chain = [
      ...(await numbers(join(dir, 'main.3.log'))),
      ...(await numbers(join(dir, 'main.2.log'))),
      ...(await numbers(join(dir, 'main.1.log'))),
      ...(await numbers(join(dir, 'main.log'))),
    ];
    expect(chain.at(-1)).toBe(199);
    expect(chain).toEqual(chain.map((_, index) => chain[0]! + index));
    // The oldest lines are gone: about four files' worth remain.
    expect(chain[0]).toBeGreaterThan(150);
  });

  it('writes JSON lines, and appends to a log left by an earlier run (counting its size)', async () => {
    await writeFile(join(dir, 'cli.log'), `${JSON.stringify(record(0))}\n`.repeat(10));
    const sink = rotatingFileSink({ dir, name: 'cli', maxBytes: 1000, keep: 2 });
    sink(record(1));
    // 10 old lines (≈ 960 bytes) plus one more pass the cap: the old file moved to cli.1.log.
    expect(await numbers(join(dir, 'cli.log'))).toEqual([1]);
    expect(await numbers(join(dir, 'cli.1.log'))).toHaveLength(10);
    const line: unknown = JSON.parse((await readFile(join(dir, 'cli.log'), 'utf8')).trim());
    expect(line).toMatchObject({ level: 'info', scope: 'test' });
  });

  it('never throws when the folder cannot be written', async () => {
    const sink = rotatingFileSink({ dir, name: 'main' });
    await rm(dir, { recursive: true });
    await writeFile(dir, 'a file where the folder was');
    expect(() => sink(record(1))).not.toThrow();
  });
});

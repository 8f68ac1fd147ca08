import { Readable } from 'node:stream';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../../main/cli/cli-context';
import { pathsFromList, readFilesFrom } from '../../../../main/cli/files-from';

describe('--files-from', () => {
  it('takes one path a line, ignoring blank lines and Windows line ends', () => {
    expect(pathsFromList('a.jpg\n\n  \nsite/b c.jpg\r\n/abs/d.jpg\n')).toEqual([
      'a.jpg',
      'site/b c.jpg',
      '/abs/d.jpg',
    ]);
  });

  it('takes NUL-separated paths (find -print0), where a name may hold a line break', () => {
    expect(pathsFromList('a.jpg\0odd\nname.jpg\0\0')).toEqual(['a.jpg', 'odd\nname.jpg']);
  });

  it('reads standard input for "-" and a file otherwise', async () => {
    expect(await readFilesFrom('-', Readable.from(['a.jpg\n', 'b.jpg\n']))).toEqual([
      'a.jpg',
      'b.jpg',
    ]);
    const list = join(await mkdtemp(join(tmpdir(), 'files-from-')), 'list.txt');
    await writeFile(list, 'c.jpg\n');
    expect(await readFilesFrom(list, Readable.from([]))).toEqual(['c.jpg']);
  });

  it('refuses a list that cannot be read, naming it', async () => {
    const missing = join(tmpdir(), 'no-such-list.txt');
    await expect(readFilesFrom(missing, Readable.from([]))).rejects.toThrow(
      new UsageError(`--files-from: cannot read ${missing}: it does not exist`),
    );
  });
});

import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../support/upload-harness';

describe('the command line prints file names safely', () => {
  it('shows control characters in a file name as escapes instead of sending them to the terminal', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'names-'));
    // A name that would clear the screen and retitle the terminal if printed raw.
    const hostile = 'site\u001b[2J\u001b]0;owned\u0007.jpg';
    await writeFile(join(folder, hostile), 'not a photo');
    const run = await runCli(['inspect', folder]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('site\\x1b[2J\\x1b]0;owned\\x07.jpg');
    const raw = [...(run.stdout + run.stderr)].filter((char) => {
      const code = char.codePointAt(0) ?? 0;
      return code !== 0x0a && (code < 0x20 || code === 0x7f);
    });
    expect(raw).toEqual([]);
  });
});

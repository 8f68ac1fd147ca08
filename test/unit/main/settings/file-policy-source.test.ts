import { execFileSync } from 'node:child_process';
import { mkdtemp, rename, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { needs } from '../../../support/platform-needs';
import { englishOf } from '../../../support/policy-read';
import { FilePolicySource } from '../../../../main/settings/file-policy-source';

const needsSymlinks = needs('symlinks');
const needsFifoAndSymlinksAndDeviceFiles = needs('fifo', 'symlinks', 'device-files');

describe('a policy file', () => {
  it('is no policy when missing, its JSON when present, unreadable when not JSON', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'policy-file-'));
    const path = join(dir, 'policy.json');
    const source = new FilePolicySource(path);
    expect(source.origin).toBe(path);
    expect(await source.read()).toEqual({ kind: 'none' });
    expect(await new FilePolicySource(join(dir, 'no', 'policy.json')).read()).toEqual({
      kind: 'none',
    });
    await writeFile(path, '{"concurrency": 2}');
    expect(await source.read()).toEqual({ kind: 'values', values: { concurrency: 2 } });
    await writeFile(path, '{"concurrency": ');
    expect(englishOf(await source.read())).toBe('the file is not JSON');
  });

  it('reads a file saved with a byte order mark (as Notepad saves it)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'policy-file-'));
    const path = join(dir, 'policy.json');
    await writeFile(path, '\uFEFF{"concurrency": 2}');
    expect(await new FilePolicySource(path).read()).toEqual({
      kind: 'values',
      values: { concurrency: 2 },
    });
  });

  it.skipIf(needsSymlinks.skip)(
    needsSymlinks.title('reads through a link to a plain file (IT may link the policy)'),
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'policy-file-'));
      await writeFile(join(dir, 'real.json'), '{"farMeters": 900}');
      await symlink(join(dir, 'real.json'), join(dir, 'policy.json'));
      expect(await new FilePolicySource(join(dir, 'policy.json')).read()).toEqual({
        kind: 'values',
        values: { farMeters: 900 },
      });
    },
  );

  it.skipIf(needsFifoAndSymlinksAndDeviceFiles.skip)(
    needsFifoAndSymlinksAndDeviceFiles.title(
      'refuses a pipe, a device or a folder without waiting on it or reading without end',
    ),
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'policy-file-'));
      const fifo = join(dir, 'policy.json');
      // A pipe nobody writes to: opening it for reading the ordinary way would never return.
      execFileSync('mkfifo', [fifo]);
      const notPlain = 'the policy file is not a plain file (it is a folder, a pipe or a device)';
      expect(englishOf(await new FilePolicySource(fifo).read())).toBe(notPlain);
      await symlink('/dev/zero', join(dir, 'zero.json'));
      expect(englishOf(await new FilePolicySource(join(dir, 'zero.json')).read())).toBe(notPlain);
      expect(englishOf(await new FilePolicySource(dir).read())).toBe(notPlain);
    },
  );

  it('refuses a file larger than 1 MB, reading no more of it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'policy-file-'));
    const path = join(dir, 'policy.json');
    await writeFile(path, `{"scope": "${'x'.repeat(1024 * 1024)}"}`);
    expect(englishOf(await new FilePolicySource(path).read())).toBe(
      'the policy file is larger than 1 MB (a policy is a few kilobytes of settings)',
    );
  });

  it('tells when the file is replaced, as configuration tools do', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'policy-file-'));
    const path = join(dir, 'policy.json');
    const source = new FilePolicySource(path);
    let changes = 0;
    const stop = source.watch(() => (changes += 1));
    await writeFile(join(dir, 'policy.json.new'), '{}');
    await rename(join(dir, 'policy.json.new'), path);
    await expect.poll(() => changes).toBeGreaterThan(0);
    stop();
  });

  it('can be watched before its folder exists (the periodic re-read finds it)', () => {
    const source = new FilePolicySource(join(tmpdir(), 'no-such-folder-here', 'policy.json'));
    expect(() => source.watch(() => undefined)()).not.toThrow();
  });
});

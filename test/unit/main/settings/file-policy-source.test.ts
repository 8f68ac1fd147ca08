import { mkdtemp, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FilePolicySource } from '../../../../main/settings/file-policy-source';

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
    expect(await source.read()).toEqual({ kind: 'unreadable', problem: 'the file is not JSON' });
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

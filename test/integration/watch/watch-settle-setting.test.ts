import { copyFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { offlineCores } from '../../support/offline-core';

const JPEG = join(import.meta.dirname, '../../fixtures/exif-samples/jpg/Canon_40D.jpg');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it holds (or fails after `ms`). */
async function until(check: () => Promise<boolean>, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(100);
  }
}

describe('the settle time of watched folders (watchSettleSeconds)', () => {
  const startCore = offlineCores();

  it('is saved through settings:set, shown by settings:get, and used by the watchers at once', async () => {
    const watched = await mkdtemp(join(tmpdir(), 'settle-watched-'));
    // The "folder dialog" picks the watched folder.
    const { handlers, dispatch, savedSettings } = await startCore({
      prefix: 'settle-setting-',
      chosenPaths: [watched],
    });
    expect((await handlers['settings:get']({})).watchSettleSeconds).toBe(5);
    // Out of range: refused by the contract, with nothing saved.
    for (const bad of [0, 601, 2.5]) {
      const refused = await dispatch(
        'settings:set',
        { watchSettleSeconds: bad },
        { trusted: true },
      );
      expect(refused.ok, String(bad)).toBe(false);
    }

    // Ten minutes: a photo in the watched folder waits far longer than the default 5 s.
    const saved = await handlers['settings:set']({ watchSettleSeconds: 600 });
    expect(saved.watchSettleSeconds).toBe(600);
    expect(await savedSettings()).toMatchObject({
      watchSettleSeconds: 600,
    });
    await handlers['watch:add']({
      project: { kind: 'fixed', projectId: 'project-1' },
      description: '',
      tags: [],
      tagsFromFolders: false,
      internal: false,
    });
    await until(
      async () => (await handlers['watch:list']({}))[0]?.state === 'watching',
      30_000,
      'the folder watched',
    );
    await copyFile(JPEG, join(watched, 'settling.jpg'));
    await pause(9000);
    expect((await handlers['queue:snapshot']({})).items).toEqual([]);

    // One second, saved while the photo waits: it applies without restarting the watchers.
    await handlers['settings:set']({ watchSettleSeconds: 1 });
    await until(
      async () => (await handlers['queue:snapshot']({})).items.length === 1,
      30_000,
      'the photo queued once the shorter settle time applies',
    );
    expect((await handlers['queue:snapshot']({})).items[0]?.path).toContain('settling.jpg');
  }, 90_000);
});

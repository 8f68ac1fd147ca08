import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WindowFrontEnd } from '../../../main/desktop/window-front-end';
import { createIpcDispatcher } from '../../../shared/ipc/dispatcher';
import { offlineCores } from '../../support/offline-core';

// Issue 26 §3 and the trust boundary: an after-upload move sends files to a folder, so the window
// (treated as possibly compromised) may only name one the operating system handed it.

describe('after-upload folders named by the window', () => {
  const startCore = offlineCores();
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'after-upload-trust-'));
    await mkdir(join(root, 'chosen'));
    await mkdir(join(root, 'elsewhere'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('refuses a move folder or a kept-under folder the window was not handed, and takes one it was', async () => {
    const { core } = await startCore({ prefix: 'after-upload-trust-' });
    const frontEnd = new WindowFrontEnd(() => Promise.resolve(true));
    const dispatch = createIpcDispatcher(core.handlersFor(frontEnd));
    const window = (channel: string, input: unknown) => dispatch(channel, input, { trusted: true });
    const move = (folder: string) => ({ kind: 'move', folder });

    const made = await window('queue:after-upload', { action: move(join(root, 'elsewhere')) });
    expect(made).toMatchObject({ ok: false, code: 'bad-input' });
    expect(made.ok ? '' : made.message).toMatch(/was not dropped on the window or chosen/);

    const added = await window('queue:add-photos', {
      intakeIds: [1],
      projectId: 'p',
      description: '',
      internal: false,
      afterUpload: move(join(root, 'elsewhere')),
    });
    expect(added).toMatchObject({ ok: false, code: 'bad-input' });
    expect(added.ok ? '' : added.message).toMatch(/was not dropped on the window or chosen/);

    const keptUnder = await window('queue:plan-photos', {
      intakeIds: [1],
      projectId: 'p',
      description: '',
      internal: false,
      afterUploadRoot: join(root, 'elsewhere'),
    });
    expect(keptUnder).toMatchObject({ ok: false, code: 'bad-input' });

    // A folder chosen in the open dialog is granted: the same call goes through (nothing is
    // unfinished in an empty queue, so nothing changes).
    await frontEnd.grant([join(root, 'chosen')]);
    expect(
      await window('queue:after-upload', { action: move(join(root, 'chosen')) }),
    ).toMatchObject({ ok: true, value: { changed: 0 } });
  }, 60_000);
});

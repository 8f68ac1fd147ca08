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

  it("refuses a move folder or a kept-under folder the window was not handed, and any change of queued photos' action, and takes a folder it was handed", async () => {
    const { core } = await startCore({ prefix: 'after-upload-trust-' });
    const frontEnd = new WindowFrontEnd(() => Promise.resolve(true));
    const dispatch = createIpcDispatcher(core.handlersFor(frontEnd));
    const window = (channel: string, input: unknown) => dispatch(channel, input, { trusted: true });
    const move = (folder: string) => ({ kind: 'move', folder });

    const made = await window('queue:after-upload', { action: move(join(root, 'elsewhere')) });
    expect(made).toMatchObject({ ok: false, code: 'failed' });
    expect(made.ok ? '' : made.message).toMatch(/window cannot change what happens/);

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
    expect(keptUnder.ok ? '' : keptUnder.message).toMatch(
      /was not dropped on the window or chosen/,
    );

    // Changing the action of photos already queued (some by the command line or a watched
    // folder, which the window never saw) is the command line's alone, even to the trash.
    const trash = await window('queue:after-upload', { action: { kind: 'trash' } });
    expect(trash).toMatchObject({ ok: false, code: 'failed' });
    expect(trash.ok ? '' : trash.message).toMatch(/window cannot change what happens/);

    // A folder chosen in the open dialog is granted: the check passes and the plan goes on to
    // the photos (unknown here, so it ends at them, no longer at the folder).
    await frontEnd.grant([join(root, 'chosen')]);
    const granted = await window('queue:plan-photos', {
      intakeIds: [1],
      projectId: 'p',
      description: '',
      internal: false,
      afterUpload: move(join(root, 'chosen')),
    });
    expect(granted.ok ? '' : granted.message).toMatch(/no longer in the list/);
  }, 60_000);

  it('takes a move folder chosen through its own folder dialog, and only that one', async () => {
    const picked = join(root, 'picked');
    await mkdir(picked, { recursive: true });
    const { core } = await startCore({ prefix: 'after-upload-pick-', chosenPaths: [picked] });
    const frontEnd = new WindowFrontEnd(() => Promise.resolve(true));
    const dispatch = createIpcDispatcher(core.handlersFor(frontEnd));
    const window = (channel: string, input: unknown) => dispatch(channel, input, { trusted: true });
    const plan = (folder: string) =>
      window('queue:plan-photos', {
        intakeIds: [1],
        projectId: 'p',
        description: '',
        internal: false,
        afterUpload: { kind: 'move', folder },
      });

    // Named before the dialog handed it over: refused.
    const before = await plan(picked);
    expect(before.ok ? '' : before.message).toMatch(/was not dropped on the window or chosen/);

    expect(await window('queue:choose-move-folder', {})).toEqual({
      ok: true,
      value: { folder: picked },
    });
    const after = await plan(picked);
    expect(after.ok ? '' : after.message).toMatch(/no longer in the list/);
    // A folder beside it the window merely names stays refused.
    const beside = await plan(join(root, 'elsewhere'));
    expect(beside.ok ? '' : beside.message).toMatch(/was not dropped on the window or chosen/);
  }, 60_000);
});

import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WindowFrontEnd } from '../../../main/desktop/window-front-end';
import type { PolicyRead, PolicySource } from '../../../main/settings/policy-source';
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
    const move = (folder: string) => ({ kind: 'move' as const, folder });

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

  it('takes, for a preset saved from the window, the folder chosen in the one-folder move dialog and refuses one never chosen', async () => {
    const chosenFolder = join(root, 'chosen');
    const { core, chooserKinds } = await startCore({
      prefix: 'after-upload-trust-dialog-',
      chosenPaths: [chosenFolder],
    });
    const frontEnd = new WindowFrontEnd(() => Promise.resolve(true));
    const dispatch = createIpcDispatcher(core.handlersFor(frontEnd));
    const window = (channel: string, input: unknown) => dispatch(channel, input, { trusted: true });
    const move = (folder: string) => ({ kind: 'move' as const, folder });

    const never = await window('settings:set', {
      presets: [{ name: 'Tidy', afterUpload: move(join(root, 'elsewhere')) }],
    });
    expect(never).toMatchObject({ ok: false, code: 'bad-input' });
    expect(never.ok ? '' : never.message).toMatch(/was not dropped on the window or chosen/);

    const chosen = await window('queue:choose-move-folder', {});
    expect(chosen).toEqual({ ok: true, value: { folder: chosenFolder } });
    expect(chooserKinds()).toEqual(['move-folder']);
    const saved = await window('settings:set', {
      presets: [{ name: 'Tidy', afterUpload: move(chosenFolder) }],
    });
    expect(saved).toMatchObject({ ok: true });
    expect(core.settings.userSettings().presets).toEqual([
      { name: 'Tidy', afterUpload: move(chosenFolder) },
    ]);

    // Choosing one folder grants that one only: another is still refused.
    const other = await window('settings:set', {
      presets: [
        { name: 'Tidy', afterUpload: move(chosenFolder) },
        { name: 'Other', afterUpload: move(join(root, 'elsewhere')) },
      ],
    });
    expect(other).toMatchObject({ ok: false, code: 'bad-input' });
  }, 60_000);

  it('takes, in a preset saved from the window, the move folder of an organisation’s preset', async () => {
    const office = join(root, 'office');
    const policy: PolicySource = {
      origin: '/etc/photo-uploader/policy.json',
      read: (): Promise<PolicyRead> =>
        Promise.resolve({
          kind: 'values',
          values: { presets: [{ name: 'Office', afterUpload: { kind: 'move', folder: office } }] },
        }),
      watch: () => () => undefined,
    };
    const { core } = await startCore({ prefix: 'after-upload-trust-office-', policy });
    const window = createIpcDispatcher(
      core.handlersFor(new WindowFrontEnd(() => Promise.resolve(true))),
    );
    // "Save as preset…" after applying the office's preset keeps its move: no new folder.
    const saved = await window(
      'settings:set',
      { presets: [{ name: 'Mine', afterUpload: { kind: 'move', folder: office } }] },
      { trusted: true },
    );
    expect(saved).toMatchObject({ ok: true });
  }, 60_000);

  it('refuses a preset saved from the window whose move folder the window was not handed; a saved one applied by name never passes through the window', async () => {
    const { core } = await startCore({ prefix: 'after-upload-trust-presets-' });
    const frontEnd = new WindowFrontEnd(() => Promise.resolve(true));
    const dispatch = createIpcDispatcher(core.handlersFor(frontEnd));
    const window = (channel: string, input: unknown) => dispatch(channel, input, { trusted: true });
    const move = (folder: string) => ({ kind: 'move' as const, folder });

    const made = await window('settings:set', {
      presets: [{ name: 'Tidy', afterUpload: move(join(root, 'elsewhere')) }],
    });
    expect(made).toMatchObject({ ok: false, code: 'bad-input' });
    expect(made.ok ? '' : made.message).toMatch(/was not dropped on the window or chosen/);
    expect(core.settings.userSettings().presets).toBeUndefined();

    // A folder chosen in the open dialog may be saved in a preset.
    await frontEnd.grant([join(root, 'chosen')]);
    const chosen = await window('settings:set', {
      presets: [{ name: 'Tidy', afterUpload: move(join(root, 'chosen')) }],
    });
    expect(chosen).toMatchObject({ ok: true });

    // A move folder already saved (a setup file's, the command line's) stays when the window
    // sends its list back whole, with a new preset beside it.
    core.settings.update({
      presets: [{ name: 'Office', afterUpload: move(join(root, 'elsewhere')) }],
    });
    const resent = await window('settings:set', {
      presets: [
        { name: 'Office', afterUpload: move(join(root, 'elsewhere')) },
        { name: 'Tagged', tags: ['walk'] },
      ],
    });
    expect(resent).toMatchObject({ ok: true });
    expect(core.settings.userSettings().presets?.map((preset) => preset.name)).toEqual([
      'Office',
      'Tagged',
    ]);

    // Named by a batch, the preset's folder comes from the settings, not from the window: the
    // plan goes on to the photos (unknown here), past the folder check.
    const byName = await window('queue:plan-photos', {
      intakeIds: [1],
      projectId: 'p',
      description: '',
      preset: 'office',
    });
    expect(byName.ok ? '' : byName.message).toMatch(/no longer in the list/);
    const unknown = await window('queue:plan-photos', {
      intakeIds: [1],
      projectId: 'p',
      description: '',
      preset: 'Nope',
    });
    expect(unknown.ok ? '' : unknown.message).toBe(
      'There is no preset named “Nope”. The presets are: "Office", "Tagged".',
    );
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

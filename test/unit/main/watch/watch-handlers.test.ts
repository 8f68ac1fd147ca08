import { describe, expect, it } from 'vitest';
import type { WatchFolderView, WatchRule } from '../../../../shared/domain/watch-rule';
import { IpcFailure } from '../../../../shared/ipc/dispatcher';
import type { SettingsPatch } from '../../../../main/settings/settings-store';
import { watchHandlers } from '../../../../main/watch/watch-handlers';
import type { ProjectCheckView } from '../../../../shared/ipc/views';
import type { Preset } from '../../../../shared/domain/presets';
import { englishFor } from '../../../../shared/i18n/words';

/** Settings and watchers kept in memory; the chooser answers what the user would pick. */
function rig(
  picks: string[][],
  check?: (projectId: string) => Promise<ProjectCheckView>,
  trust: { granted?: string[]; presets?: Preset[] } = {},
) {
  let saved: WatchRule[] = [];
  const used: WatchRule[][] = [];
  const handlers = watchHandlers({
    settings: {
      get: () => ({ watchFolders: saved }),
      update: (patch: SettingsPatch) => {
        saved = patch.watchFolders ?? saved;
        return { watchFolders: saved };
      },
    },
    watchers: {
      use: (rules) => {
        used.push([...rules]);
        return Promise.resolve();
      },
      views: (): WatchFolderView[] =>
        saved.map((rule) => ({ rule, state: 'watching', lastQueuedAt: null, queued: 0 })),
    },
    chooser: { choose: () => Promise.resolve(picks.shift() ?? []) },
    // As the window's front end: only what the dialogs handed it passes.
    checkPaths: (paths) => {
      const refused = paths.find((path) => !(trust.granted ?? []).includes(path));
      return refused === undefined
        ? Promise.resolve()
        : Promise.reject(new IpcFailure('bad-input', `not yours: ${refused}`));
    },
    presets: () => trust.presets ?? [],
    ...(check === undefined ? {} : { checkProject: check }),
  });
  return { handlers, used, saved: () => saved };
}

const rule = {
  project: { kind: 'fixed' as const, projectId: 'p1' },
  description: '<p>Hi<script>x</script></p>',
  tags: ['a', ' a', 'b'],
  tagsFromFolders: false,
  internal: true,
};

describe('watch:* handlers', () => {
  it('adds the folder the dialog gave, with a clean rule, and starts watching it', async () => {
    const { handlers, used, saved } = rig([['/data/inbox']]);
    const result = await handlers['watch:add'](rule);
    expect(result.added).toBe(true);
    expect(saved()).toEqual([
      {
        path: '/data/inbox',
        project: { kind: 'fixed', projectId: 'p1' },
        description: '<p>Hi</p>',
        tags: ['a', 'b'],
        tagsFromFolders: false,
        internal: true,
      },
    ]);
    expect(used.at(-1)?.map((entry) => entry.path)).toEqual(['/data/inbox']);
  });

  it('keeps a rule’s description template, refusing an unknown token before the dialog opens', async () => {
    const { handlers, saved } = rig([['/data/inbox']]);
    await expect(
      handlers['watch:add']({ ...rule, descriptionTemplate: '{folder} {foo}' }),
    ).rejects.toThrow('uses {foo}, which is not a token');
    // The dialog was not asked: its one answer is still there for the next add.
    await handlers['watch:add']({ ...rule, descriptionTemplate: '<p>{folder}</p>' });
    expect(saved()[0]?.descriptionTemplate).toBe('<p>{folder}</p>');
    await expect(
      handlers['watch:update']({ ...rule, path: '/data/inbox', descriptionTemplate: '{Date}' }),
    ).rejects.toThrow('uses {Date}');
    await handlers['watch:update']({ ...rule, path: '/data/inbox', descriptionTemplate: '' });
    expect(saved()[0]?.descriptionTemplate).toBeUndefined();
  });

  it('keeps what the window cannot send (ignore patterns, template, after-upload action) when Settings edits a rule', async () => {
    const { handlers, saved } = rig([['/data/inbox']]);
    await handlers['watch:add']({ ...rule, descriptionTemplate: '{folder}', ignore: ['thumbs/'] });
    // An action saved by a setup file or the command line (the window has no field for it yet).
    saved()[0] = { ...saved()[0]!, afterUpload: { kind: 'trash' } };
    await handlers['watch:update']({ ...rule, path: '/data/inbox', internal: false });
    expect(saved()[0]).toMatchObject({
      internal: false,
      descriptionTemplate: '{folder}',
      ignore: ['thumbs/'],
      afterUpload: { kind: 'trash' },
    });
  });

  it('changes nothing when the dialog is cancelled, and refuses a folder twice', async () => {
    const { handlers, saved } = rig([[], ['/data/inbox'], ['/data/inbox']]);
    expect((await handlers['watch:add'](rule)).added).toBe(false);
    expect(saved()).toEqual([]);
    await handlers['watch:add'](rule);
    await expect(handlers['watch:add'](rule)).rejects.toBeInstanceOf(IpcFailure);
  });

  it('changes or removes only a folder already watched: the window cannot name a new path', async () => {
    const { handlers, saved } = rig([['/data/inbox']]);
    await handlers['watch:add'](rule);
    await expect(handlers['watch:update']({ ...rule, path: '/etc' })).rejects.toThrow(
      'This folder is not watched.',
    );
    await expect(handlers['watch:remove']({ path: '/etc' })).rejects.toThrow('not watched');
    await handlers['watch:update']({ ...rule, path: '/data/inbox', internal: false });
    expect(saved()[0]?.internal).toBe(false);
    await handlers['watch:remove']({ path: '/data/inbox' });
    expect(saved()).toEqual([]);
  });

  it('checks a fixed project once, refusing an unknown one before anything is watched (issue 22)', async () => {
    const checks: Record<string, ProjectCheckView> = {
      p1: { kind: 'ok', name: 'Harbor View Tower' },
      gone: { kind: 'refused', code: 'unknown' },
      theirs: { kind: 'refused', code: 'no-access' },
      later: { kind: 'unchecked', reason: 'Offline.' },
    };
    const { handlers, saved, used } = rig([['/data/a'], ['/data/b'], ['/data/c']], (projectId) =>
      Promise.resolve(checks[projectId] ?? { kind: 'refused', code: 'unknown' }),
    );
    for (const projectId of ['gone', 'theirs'])
      await expect(
        handlers['watch:add']({ ...rule, project: { kind: 'fixed', projectId } }),
      ).rejects.toThrow(projectId === 'gone' ? 'No project has the id "gone"' : 'may not use');
    expect(saved()).toEqual([]);
    expect(used).toEqual([]);
    // Usable: saved with the name the service gives; not checked now (offline): saved as is.
    await handlers['watch:add'](rule);
    await handlers['watch:add']({ ...rule, project: { kind: 'fixed', projectId: 'later' } });
    expect(saved().map((entry) => entry.project)).toEqual([
      { kind: 'fixed', projectId: 'p1', projectName: 'Harbor View Tower' },
      { kind: 'fixed', projectId: 'later' },
    ]);
  });

  describe('the rule’s preset, ignore patterns and after-upload action (issue 26)', () => {
    const failure = async (promise: Promise<unknown>) => {
      const error: unknown = await promise.then(
        () => undefined,
        (reason: unknown) => reason,
      );
      return error instanceof IpcFailure && error.words !== undefined
        ? englishFor(error.words)
        : error instanceof Error
          ? error.message
          : 'accepted';
    };

    it('refuses a move folder the window did not get from the folder dialog; takes one it did', async () => {
      const { handlers, saved } = rig([['/data/inbox'], ['/data/other']], undefined, {
        granted: ['/data/sorted'],
      });
      const moveTo = (folder: string) => ({
        ...rule,
        afterUpload: { kind: 'move' as const, folder },
      });
      expect(await failure(handlers['watch:add'](moveTo('/etc/made-up')))).toBe(
        'not yours: /etc/made-up',
      );
      expect(saved()).toEqual([]);
      await handlers['watch:add'](moveTo('/data/sorted'));
      expect(saved()[0]?.afterUpload).toEqual({ kind: 'move', folder: '/data/sorted' });
      // A changed rule may not point its move elsewhere without the dialog either.
      expect(
        await failure(handlers['watch:update']({ ...moveTo('/home/x'), path: '/data/inbox' })),
      ).toBe('not yours: /home/x');
      expect(saved()[0]?.afterUpload).toEqual({ kind: 'move', folder: '/data/sorted' });
    });

    it('refuses a move into the watched folder itself, once the dialog named it', async () => {
      const { handlers, saved } = rig([['/data/inbox']], undefined, {
        granted: ['/data/inbox/done'],
      });
      expect(
        await failure(
          handlers['watch:add']({
            ...rule,
            afterUpload: { kind: 'move', folder: '/data/inbox/done' },
          }),
        ),
      ).toBe(
        'Photos cannot be moved after upload into the folder they come from, or a folder inside it. Choose a folder elsewhere.',
      );
      expect(saved()).toEqual([]);
    });

    it('keeps a saved move folder through an edit without asking for it again; Leave removes it', async () => {
      const { handlers, saved } = rig([['/data/inbox']], undefined, { granted: ['/data/sorted'] });
      await handlers['watch:add']({
        ...rule,
        afterUpload: { kind: 'move', folder: '/data/sorted' },
      });
      await handlers['watch:update']({
        ...rule,
        tags: ['c'],
        afterUpload: { kind: 'move', folder: '/data/sorted' },
        path: '/data/inbox',
      });
      expect(saved()[0]).toMatchObject({
        tags: ['c'],
        afterUpload: { kind: 'move', folder: '/data/sorted' },
      });
      await handlers['watch:update']({
        ...rule,
        afterUpload: { kind: 'leave' },
        path: '/data/inbox',
      });
      expect(saved()[0]?.afterUpload).toBeUndefined();
    });

    it('takes a preset in effect by name, refuses one that is not, and refuses a bad pattern with the core’s words', async () => {
      const { handlers, saved } = rig([['/data/inbox'], ['/data/b']], undefined, {
        presets: [{ name: 'Site walk', tags: ['walk'] }],
      });
      expect(await failure(handlers['watch:add']({ ...rule, preset: 'Roof' }))).toBe(
        'There is no preset named “Roof”. The presets are: "Site walk".',
      );
      expect(
        await failure(handlers['watch:add']({ ...rule, ignore: ['#thumbs'], preset: 'Site walk' })),
      ).toContain('#thumbs');
      expect(saved()).toEqual([]);
      await handlers['watch:add']({ ...rule, preset: 'Site walk', ignore: ['**/thumbs/**'] });
      expect(saved()[0]).toMatchObject({ preset: 'Site walk', ignore: ['**/thumbs/**'] });
    });
  });
});

import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IpcFailure } from '../../../../shared/ipc/dispatcher';
import { englishFor } from '../../../../shared/i18n/words';
import { silentLogger } from '../../../../main/logging/logger';
import { InMemorySecretStore } from '../../../../main/secrets/in-memory-secret-store';
import { SettingsStore } from '../../../../main/settings/settings-store';
import { parsePolicy } from '../../../../main/settings/parse-policy';
import { setupSummary } from '../../../../main/settings/setup-file';
import type { PolicyState } from '../../../../main/settings/managed-settings';
import { settingsView } from '../../../../main/core/settings-view';
import { batchWithPreset } from '../../../../main/core/preset-input';
import { newMoveFolders, ownListsToSave } from '../../../../main/core/settings-handlers';
import { ownEntries } from '../../../../renderer/features/presets/preset-draft';
import { withOwnLists } from '../../../../main/core/setup-handlers';

const office: PolicyState = {
  kind: 'applied',
  origin: '/etc/photo-uploader/policy.json',
  values: {
    concurrency: 2,
    descriptionTemplates: [{ name: 'Site visit', template: '<p>{folder}, {date}</p>' }],
    presets: [{ name: 'Walk', projectId: 'p-office', tags: ['walk'] }],
  },
};

async function storeWithOwn(): Promise<SettingsStore> {
  const store = new SettingsStore(await mkdtemp(join(tmpdir(), 'settings-')), silentLogger);
  store.update({
    descriptionTemplates: [
      { name: 'site VISIT', template: 'mine' },
      { name: 'Mine', template: '{file}' },
    ],
    presets: [{ name: 'Own', internal: true }],
  });
  return store;
}

describe('presets and saved templates in the settings', () => {
  it('offers the policy’s beside the user’s own; the policy’s wins on a name clash', async () => {
    const store = await storeWithOwn();
    store.usePolicy(office);
    expect(store.get().descriptionTemplates).toEqual([
      { name: 'Site visit', template: '<p>{folder}, {date}</p>' },
      { name: 'Mine', template: '{file}' },
    ]);
    expect(store.get().presets?.map((preset) => preset.name)).toEqual(['Walk', 'Own']);
    // The lists are not managed as a whole: the user's own part stays theirs to change.
    expect(store.managed()).toEqual(new Set(['concurrency']));
    store.update({ presets: [{ name: 'Own', internal: false }] });
    expect(store.userSettings().presets).toEqual([{ name: 'Own', internal: false }]);
    expect(store.get().presets?.map((preset) => preset.name)).toEqual(['Walk', 'Own']);
  });

  it('never writes the policy’s entries into the user’s file', async () => {
    const store = await storeWithOwn();
    store.usePolicy(office);
    store.update({ concurrency: 2 });
    expect(store.userSettings().presets).toEqual([{ name: 'Own', internal: true }]);
  });

  it('marks the organisation’s entries managed in the window’s view', async () => {
    const store = await storeWithOwn();
    store.usePolicy(office);
    const view = await settingsView(
      store.get(),
      new InMemorySecretStore(),
      { kind: 'loopback', note: undefined },
      office,
    );
    expect(view.descriptionTemplates).toEqual([
      { name: 'Site visit', template: '<p>{folder}, {date}</p>', managed: true },
      { name: 'Mine', template: '{file}', managed: false },
    ]);
    expect(view.presets).toEqual([
      { name: 'Walk', projectId: 'p-office', tags: ['walk'], managed: true },
      { name: 'Own', internal: true, managed: false },
    ]);
  });

  it('keeps the user’s entries an office entry hides when the window saves its own list', async () => {
    const store = await storeWithOwn();
    store.usePolicy(office);
    const view = await settingsView(
      store.get(),
      new InMemorySecretStore(),
      { kind: 'loopback', note: undefined },
      office,
    );
    // The window saves what it was shown of the user's own, with one template renamed: the
    // user's "site VISIT" (hidden behind the office's "Site visit") was never shown to it.
    const shown = ownEntries(view.descriptionTemplates).map((entry) =>
      entry.name === 'Mine' ? { ...entry, name: 'Mine, renamed' } : entry,
    );
    store.update(
      ownListsToSave({ descriptionTemplates: shown }, store.userSettings(), store.policy()),
    );
    expect(store.userSettings().descriptionTemplates).toEqual([
      { name: 'Mine, renamed', template: '{file}' },
      { name: 'site VISIT', template: 'mine' },
    ]);
    // A list not given is left as it is.
    expect(store.userSettings().presets).toEqual([{ name: 'Own', internal: true }]);
    // Without the office's entry, the user's own is offered again.
    store.usePolicy({ kind: 'none' });
    expect(store.get().descriptionTemplates?.map((entry) => entry.name)).toContain('site VISIT');
  });

  it('refuses a policy whose template names an unknown token, naming it', () => {
    const read = parsePolicy(
      {
        kind: 'values',
        values: { presets: [{ name: 'Walk', descriptionTemplate: '<p>{floor}</p>' }] },
      },
      'policy.json',
    );
    expect(read.kind).toBe('invalid');
    expect(read.kind === 'invalid' ? read.problem : '').toContain('{floor}');
  });

  it('says a setup file’s preset that moves photos, with its folder', () => {
    const lines = setupSummary({
      settings: {
        presets: [
          { name: 'Tidy', afterUpload: { kind: 'move', folder: '/mnt/archive' } },
          { name: 'Plain' },
        ],
      },
      secrets: {},
    });
    expect(lines).toContain('The preset “Tidy” moves uploaded photos to “/mnt/archive”');
    expect(lines).toContain('Also sets: presets');
  });

  it('adds a setup file’s entries to the user’s own, replacing those of the same name', () => {
    const setup = withOwnLists(
      { settings: { presets: [{ name: 'own', projectId: 'p-setup' }] }, secrets: {} },
      { presets: [{ name: 'Own', internal: true }, { name: 'Other' }] },
    );
    expect(setup.settings.presets).toEqual([
      { name: 'own', projectId: 'p-setup' },
      { name: 'Other' },
    ]);
  });
});

describe('a preset named by a batch', () => {
  const presets = [
    {
      name: 'Walk',
      projectId: 'p-office',
      tags: ['walk'],
      descriptionTemplate: '{folder}',
      afterUpload: { kind: 'move' as const, folder: '/srv/done' },
    },
  ];
  const batch = {
    intakeIds: [1],
    description: '',
    overrides: [],
    photoTags: [],
    allowDuplicates: false,
    tagsFromFolders: false,
  };

  it('gives its defaults, found by name ignoring case; the batch’s own fields win', () => {
    expect(batchWithPreset({ ...batch, preset: 'walk' }, presets)).toMatchObject({
      projectId: 'p-office',
      tags: ['walk'],
      descriptionTemplate: '{folder}',
      internal: false,
      afterUpload: { kind: 'move', folder: '/srv/done' },
    });
    expect(
      batchWithPreset({ ...batch, preset: 'Walk', projectId: 'p-mine', tags: ['x'] }, presets),
    ).toMatchObject({ projectId: 'p-mine', tags: ['x'] });
  });

  it('refuses an unknown name, naming it and listing the presets', () => {
    let failure: unknown;
    try {
      batchWithPreset({ ...batch, preset: 'Run' }, presets);
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(IpcFailure);
    const words = (failure as IpcFailure).words;
    expect(words && englishFor(words)).toBe(
      'There is no preset named “Run”. The presets are: "Walk".',
    );
    expect(() => batchWithPreset({ ...batch, preset: 'Run' }, [])).toThrow(/No presets are saved/);
  });
});

describe('move folders a saved preset names', () => {
  it('asks the front end only about folders no saved preset names already', () => {
    const saved = [{ name: 'A', afterUpload: { kind: 'move' as const, folder: '/srv/a' } }];
    expect(
      newMoveFolders(
        [...saved, { name: 'B', afterUpload: { kind: 'move', folder: '/srv/b' } }, { name: 'C' }],
        saved,
      ),
    ).toEqual(['/srv/b']);
  });
});

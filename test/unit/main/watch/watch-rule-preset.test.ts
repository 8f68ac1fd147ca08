import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Preset } from '../../../../shared/domain/presets';
import type { WatchRule } from '../../../../shared/domain/watch-rule';
import { englishFor } from '../../../../shared/i18n/words';
import { usableRule } from '../../../../main/watch/usable-rule';
import { startWatchRig } from '../../../fakes/watch-rig';

const JPEG = join(import.meta.dirname, '../../../fixtures/exif-samples/jpg/Canon_40D.jpg');

const rule = (change: Partial<WatchRule> = {}): WatchRule => ({
  path: '/watched',
  project: { kind: 'fixed', projectId: 'p1' },
  description: '',
  tags: [],
  tagsFromFolders: false,
  internal: false,
  ...change,
});

const site: Preset = {
  name: 'Site visit',
  projectId: 'p-preset',
  tags: ['site'],
  descriptionTemplate: '<p>{folder}</p>',
  internal: true,
  afterUpload: { kind: 'trash' },
};

describe('usableRule', () => {
  it('fills what the rule leaves open from its preset (any case), the rule’s own winning', () => {
    expect(usableRule(rule({ preset: 'site VISIT' }), [site])).toEqual({
      kind: 'usable',
      rule: rule({
        preset: 'site VISIT',
        tags: ['site'],
        internal: true,
        descriptionTemplate: '<p>{folder}</p>',
        afterUpload: { kind: 'trash' },
      }),
    });
    const own = rule({
      preset: 'Site visit',
      tags: ['mine'],
      description: '<p>Mine</p>',
      afterUpload: { kind: 'leave' },
    });
    // The rule's project, tags, description and action stay; internal (unticked) is the preset's.
    expect(usableRule(own, [site])).toEqual({
      kind: 'usable',
      rule: { ...own, internal: true },
    });
  });

  it('says why a rule cannot be used: a preset gone, an unknown token, a bad pattern', () => {
    const said = (checked: ReturnType<typeof usableRule>) =>
      checked.kind === 'problem' ? englishFor(checked.problem) : 'usable';
    expect(said(usableRule(rule({ preset: 'Gone' }), [site]))).toBe(
      'There is no preset named “Gone”. The presets are: "Site visit".',
    );
    expect(said(usableRule(rule({ descriptionTemplate: '{folder} {level}' }), []))).toContain(
      '{level}',
    );
    expect(said(usableRule(rule({ ignore: ['C:\\thumbs'] }), []))).toContain('C:\\thumbs');
    // A move into the watched folder (its own, or its preset's) would bring each photo back.
    const inside = { kind: 'move' as const, folder: '/watched/done' };
    const inside2 = rule({ preset: 'Mover' });
    for (const checked of [
      usableRule(rule({ afterUpload: inside }), []),
      usableRule(inside2, [{ name: 'Mover', afterUpload: inside }]),
    ])
      expect(said(checked)).toBe(
        'Photos cannot be moved after upload into the folder they come from, or a folder inside it. Choose a folder elsewhere.',
      );
    expect(usableRule(rule(), []).kind).toBe('usable');
  });
});

describe('WatchService with a rule naming a preset', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0)) await step();
  });

  it('holds the photos back while the preset is gone, said once, and queues them with its defaults once it is back', async () => {
    let presets: Preset[] = [];
    const rig = await startWatchRig({ presets: () => presets });
    cleanup.push(() => rig.close());
    const { folder, service, reports, takenIn, added } = rig;
    for (const name of ['a.jpg', 'b.jpg']) await copyFile(JPEG, join(folder, name));
    await service.use([rule({ path: folder, preset: 'Site visit', tags: ['mine'] })]);

    const problemsSaid = () =>
      reports.flatMap((report) =>
        report.kind === 'state' && report.folders[0]?.problem !== undefined
          ? [englishFor(report.folders[0].problem)]
          : [],
      );
    await expect.poll(() => service.states()[0]?.problem).toBeDefined();
    expect(englishFor(service.states()[0]!.problem!)).toBe(
      'There is no preset named “Site visit”. No presets are saved.',
    );
    // Both files settle and are held: the problem is in the state once, not once per file.
    await expect.poll(() => problemsSaid().length).toBeGreaterThan(0);
    expect(reports.filter((report) => report.kind === 'skipped')).toEqual([]);

    presets = [site];
    await expect.poll(() => takenIn.length).toBe(2);
    await expect.poll(() => added.flatMap((input) => input.intakeIds).length).toBe(2);
    for (const input of added)
      expect(input).toMatchObject({
        projectId: 'p1',
        tags: ['mine'],
        internal: true,
        descriptionTemplate: '<p>{folder}</p>',
        afterUpload: { action: { kind: 'trash' }, root: folder },
      });
    expect(service.states()[0]?.problem).toBeUndefined();
    // Every state report while it was held said the same problem: one problem, said once.
    expect(new Set(problemsSaid()).size).toBe(1);
    expect(reports.filter((report) => report.kind === 'skipped')).toEqual([]);
  }, 20_000);
});

import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { innerWords } from '../../../../shared/i18n/words';
import { createLogger, type LogRecord, Redactor } from '../../../../main/logging/logger';
import { FilePolicySource } from '../../../../main/settings/file-policy-source';
import { PolicyFollower } from '../../../../main/settings/policy-follower';
import type { PolicyRead, PolicySource } from '../../../../main/settings/policy-source';
import { SettingsStore } from '../../../../main/settings/settings-store';

/** A policy source whose content the test sets, and whose watch the test fires. */
class ScriptedSource implements PolicySource {
  readonly origin = '/etc/photo-uploader/policy.json';
  current: PolicyRead = { kind: 'none' };
  /** What the next readings find, before `current` (a file being written, say). */
  readonly next: PolicyRead[] = [];
  reads = 0;
  #changed: (() => void) | undefined;
  read(): Promise<PolicyRead> {
    this.reads += 1;
    return Promise.resolve(this.next.shift() ?? this.current);
  }
  watch(changed: () => void): () => void {
    this.#changed = changed;
    return () => (this.#changed = undefined);
  }
  fire(): void {
    this.#changed?.();
  }
}

async function rig(timing: { settleMs?: number; retryMs?: number; retries?: number } = {}) {
  const records: LogRecord[] = [];
  const logger = createLogger({ sink: (r) => records.push(r), redactor: new Redactor() });
  const settings = new SettingsStore(await mkdtemp(join(tmpdir(), 'policy-follow-')), logger);
  const source = new ScriptedSource();
  const changes: string[][] = [];
  const follower = new PolicyFollower({
    source,
    settings,
    logger,
    changed: (names) => {
      changes.push([...names]);
    },
    ...timing,
  });
  return { records, settings, source, changes, follower };
}

describe('following the organisation’s policy', () => {
  it('applies the policy read at start, before anything else uses the settings', async () => {
    const { settings, source, follower, changes } = await rig();
    settings.update({ concurrency: 8 });
    source.current = { kind: 'values', values: { concurrency: 2 } };
    await follower.start();
    expect(settings.get().concurrency).toBe(2);
    expect(settings.policy()).toMatchObject({ kind: 'applied', origin: source.origin });
    expect(changes).toEqual([]);
  });

  it('applies a changed policy like a settings change, naming what changed', async () => {
    const { settings, source, follower, changes } = await rig();
    settings.update({ concurrency: 8, farMeters: 500 });
    source.current = { kind: 'values', values: { concurrency: 2 } };
    await follower.start();
    source.current = { kind: 'values', values: { concurrency: 2, farMeters: 900 } };
    await follower.refresh();
    expect(changes).toEqual([['farMeters']]);
    source.current = { kind: 'none' };
    await follower.refresh();
    expect(changes).toEqual([['farMeters'], ['concurrency', 'farMeters']]);
    expect(settings.get()).toMatchObject({ concurrency: 8, farMeters: 500 });
    // Read again, unchanged: nothing to apply.
    await follower.refresh();
    expect(changes).toHaveLength(2);
  });

  it('re-reads when the source says it changed', async () => {
    const { source, follower, changes } = await rig({ settleMs: 1 });
    await follower.start();
    follower.follow();
    source.current = { kind: 'values', values: { concurrency: 3 } };
    source.fire();
    await expect.poll(() => changes).toEqual([['concurrency']]);
    follower.close();
  });

  it('ignores an invalid policy whole and reports each distinct problem once', async () => {
    const { settings, source, follower, records, changes } = await rig();
    settings.update({ concurrency: 8 });
    source.current = { kind: 'values', values: { concurrency: 99, farMeters: 900 } };
    await follower.start();
    await follower.refresh();
    await follower.refresh();
    expect(settings.get()).toMatchObject({ concurrency: 8 });
    expect(settings.get().farMeters).toBeUndefined();
    const policy = settings.policy();
    expect(policy.kind === 'invalid' ? policy.problem : '').toMatch(/concurrency/);
    const warned = () => records.filter((r) => r.level === 'warn');
    expect(warned()).toHaveLength(1);
    expect(String(warned()[0]?.fields.problem)).toMatch(/concurrency/);
    source.current = { kind: 'values', values: { farMeters: 'far' } };
    await follower.refresh();
    await follower.refresh();
    expect(warned()).toHaveLength(2);
    // The window is told (its problem sentence changed), though no setting in effect did.
    expect(changes).toEqual([[]]);
  });

  it('lets a burst of change events settle, then reads once', async () => {
    const { source, follower, changes } = await rig({ settleMs: 20 });
    await follower.start();
    follower.follow();
    const before = source.reads;
    source.current = { kind: 'values', values: { concurrency: 3 } };
    // A tool writing the file in several pieces: one event per piece.
    source.fire();
    source.fire();
    source.fire();
    await expect.poll(() => changes).toEqual([['concurrency']]);
    expect(source.reads - before).toBe(1);
    follower.close();
  });

  it('keeps the policy in use through a reading that finds the file half-written', async () => {
    const { settings, source, follower, records, changes } = await rig({ retryMs: 1 });
    settings.update({ concurrency: 8 });
    source.current = { kind: 'values', values: { concurrency: 2 } };
    await follower.start();
    const halfWritten: PolicyRead = {
      kind: 'unreadable',
      problem: innerWords('reason.policy.notJson'),
    };
    source.next.push(halfWritten, halfWritten);
    source.current = { kind: 'values', values: { concurrency: 3 } };
    const reads = source.reads;
    await follower.refresh();
    expect(source.reads - reads).toBe(3);
    expect(settings.get().concurrency).toBe(3);
    // Straight from the old policy to the new one: never the person's own 8 in between.
    expect(changes).toEqual([['concurrency']]);
    expect(records.filter((r) => r.level === 'warn')).toEqual([]);
  });

  it('gives up the policy in use, reporting it, when it stays unreadable', async () => {
    const { settings, source, follower, records } = await rig({ retryMs: 1, retries: 3 });
    settings.update({ concurrency: 8 });
    source.current = { kind: 'values', values: { concurrency: 2 } };
    await follower.start();
    source.current = { kind: 'unreadable', problem: innerWords('reason.policy.notJson') };
    const reads = source.reads;
    await follower.refresh();
    expect(source.reads - reads).toBe(4);
    expect(settings.policy().kind).toBe('invalid');
    expect(settings.get().concurrency).toBe(8);
    expect(records.filter((r) => r.level === 'warn')).toHaveLength(1);
  });

  it('reports a problem again when it comes back after the policy was put right', async () => {
    const { source, follower, records } = await rig();
    source.current = { kind: 'values', values: { concurrency: 99 } };
    await follower.start();
    source.current = { kind: 'values', values: { concurrency: 2 } };
    await follower.refresh();
    source.current = { kind: 'values', values: { concurrency: 99 } };
    await follower.refresh();
    expect(records.filter((r) => r.level === 'warn')).toHaveLength(2);
  });

  it('keeps the policy while its real file is rewritten in place, then applies the new one', async () => {
    const records: LogRecord[] = [];
    const logger = createLogger({ sink: (r) => records.push(r), redactor: new Redactor() });
    const dir = await mkdtemp(join(tmpdir(), 'policy-follow-'));
    const settings = new SettingsStore(dir, logger);
    const path = join(dir, 'policy.json');
    await writeFile(path, '{"concurrency": 2}');
    const file = new FilePolicySource(path);
    let reads = 0;
    const source: PolicySource = {
      origin: file.origin,
      read: () => ((reads += 1), file.read()),
      watch: (changed) => file.watch(changed),
    };
    const changes: string[][] = [];
    const follower = new PolicyFollower({
      source,
      settings,
      logger,
      changed: (names) => void changes.push([...names]),
      retryMs: 5,
      retries: 2_000,
    });
    await follower.start();
    // The first piece of a tool's write: the file is truncated and half there.
    await writeFile(path, '{"concurrency": 3, "farMe');
    const refreshed = follower.refresh();
    await expect.poll(() => reads).toBeGreaterThan(2);
    expect(settings.policy()).toMatchObject({ kind: 'applied', values: { concurrency: 2 } });
    await writeFile(path, '{"concurrency": 3, "farMeters": 900}');
    await refreshed;
    expect(settings.get()).toMatchObject({ concurrency: 3, farMeters: 900 });
    expect(changes).toEqual([['concurrency', 'farMeters']]);
    expect(records.filter((r) => r.level === 'warn')).toEqual([]);
  });
});

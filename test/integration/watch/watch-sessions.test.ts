import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { WatchRule } from '../../../shared/domain/watch-rule';
import { isWindowName } from '../../../shared/ipc/channels';
import type { WatchSessionReport } from '../../../shared/ipc/contract';
import { createIpcDispatcher } from '../../../shared/ipc/dispatcher';
import { AppCore } from '../../../main/core/app-core';
import { commandLineFrontEnd } from '../../../main/core/front-end';
import { WindowFrontEnd } from '../../../main/desktop/window-front-end';
import { silentLogger, Redactor } from '../../../main/logging/logger';
import { InMemorySecretStore } from '../../../main/secrets/in-memory-secret-store';
import { runsSavedWatchers } from '../../../main/watch/core-watchers';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it holds (or fails after `ms`). */
async function until(check: () => boolean | Promise<boolean>, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(50);
  }
}

const ruleFor = (path: string): WatchRule => ({
  path,
  project: { kind: 'fixed', projectId: 'project-1' },
  description: '',
  tags: [],
  tagsFromFolders: false,
  internal: false,
});

describe('who watches which folder in the owner of the data folder', () => {
  let core: AppCore | undefined;
  afterEach(async () => {
    await core?.shutdown();
    core = undefined;
  });

  async function startCore(program: 'app' | 'command-line', watched: string) {
    core = await AppCore.start({
      dataDir: await mkdtemp(join(tmpdir(), 'watch-sessions-')),
      secrets: new InMemorySecretStore(),
      redactor: new Redactor(),
      logger: silentLogger,
      customScheme: undefined,
      browser: { open: () => Promise.resolve() },
      chooser: { choose: () => Promise.resolve([watched]) },
      runQueue: 'on-request',
      program,
    });
    return core;
  }

  it('runs the saved watched folders only in the app', () => {
    expect(runsSavedWatchers('app')).toBe(true);
    expect(runsSavedWatchers('command-line')).toBe(false);
  });

  it('a command line that owns the data folder does not watch the saved folders', async () => {
    const watched = await mkdtemp(join(tmpdir(), 'watch-saved-'));
    const started = await startCore('command-line', watched);
    const handlers = started.handlersFor(commandLineFrontEnd);
    await handlers['watch:add']({
      project: { kind: 'fixed', projectId: 'project-1' },
      description: '',
      tags: [],
      tagsFromFolders: false,
      internal: false,
    });
    await pause(1500);
    const [view] = await handlers['watch:list']({});
    expect(view?.rule.path).toBe(watched);
    expect(view?.state).toBe('off');
  }, 20_000);

  it('the app does watch them', async () => {
    const watched = await mkdtemp(join(tmpdir(), 'watch-saved-'));
    const started = await startCore('app', watched);
    const handlers = started.handlersFor(commandLineFrontEnd);
    await handlers['watch:add']({
      project: { kind: 'fixed', projectId: 'project-1' },
      description: '',
      tags: [],
      tagsFromFolders: false,
      internal: false,
    });
    await until(
      async () => (await handlers['watch:list']({}))[0]?.state === 'watching',
      10_000,
      'the saved folder watched',
    );
  }, 20_000);

  it('never lets the window start a watch session', async () => {
    const watched = await mkdtemp(join(tmpdir(), 'watch-window-'));
    const started = await startCore('app', watched);
    const window = createIpcDispatcher(
      started.handlersFor(new WindowFrontEnd(() => Promise.resolve(true))),
    );
    const refused = await window(
      'watch:session-start',
      { rules: [ruleFor(watched)], settleSeconds: 1 },
      { trusted: true },
    );
    expect(refused.ok).toBe(false);
    expect(started.watchers.views()).toEqual([]);
    // Neither exposed by the preload nor registered for the window.
    expect(isWindowName('watch:session-start')).toBe(false);
    expect(isWindowName('watch:session-stop')).toBe(false);
    expect(isWindowName('watch:session-report')).toBe(false);
    expect(isWindowName('watch:add')).toBe(true);
  }, 20_000);

  it('serves a session to its connection only; one watcher per folder; the connection closing ends it', async () => {
    const watched = await mkdtemp(join(tmpdir(), 'watch-session-'));
    const started = await startCore('command-line', watched);
    const firstReports: WatchSessionReport[] = [];
    const secondReports: WatchSessionReport[] = [];
    const first = started.connectionHandlers((report) => firstReports.push(report));
    const second = started.connectionHandlers((report) => secondReports.push(report));
    const call = (connection: typeof first) =>
      createIpcDispatcher({ ...started.handlersFor(commandLineFrontEnd), ...connection.handlers });

    const opened = await call(first)(
      'watch:session-start',
      { rules: [ruleFor(watched)], settleSeconds: 1 },
      { trusted: true },
    );
    expect(opened.ok).toBe(true);
    await until(
      () =>
        firstReports.some(
          ({ report }) =>
            report.kind === 'state' &&
            report.folders.some((folder) => folder.path === watched && folder.state === 'watching'),
        ),
      10_000,
      'the session watching',
    );
    expect(secondReports).toEqual([]);
    // Not saved: Settings shows no watched folder.
    expect(started.watchers.views()).toEqual([]);

    // A second watcher of the same folder is refused while the first session lives.
    const refused = await call(second)(
      'watch:session-start',
      { rules: [ruleFor(watched)], settleSeconds: 1 },
      { trusted: true },
    );
    expect(refused).toMatchObject({ ok: false, code: 'bad-input' });
    expect(refused.ok || refused.message).toContain('already watched');

    // The first connection ends: its session ends with it, and the folder is free again.
    await first.close();
    const reopened = await call(second)(
      'watch:session-start',
      { rules: [ruleFor(watched)], settleSeconds: 1 },
      { trusted: true },
    );
    expect(reopened.ok).toBe(true);
    await second.close();
  }, 30_000);
});

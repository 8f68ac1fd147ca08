import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startDesktopApp } from '../../../main/desktop/desktop-startup';
import { type DesktopContext, ownerSteps } from '../../../main/desktop/owner-steps';
import { SEED_CONFIG_ENV } from '../../../main/core/seed-settings';
import type { NativeMessage } from '../../../main/desktop/startup-words';
import { Redactor, silentLogger } from '../../../main/logging/logger';
import { ownerFiles } from '../../../main/ownership/data-folder';
import { FileLock } from '../../../main/ownership/file-lock';
import { InMemorySecretStore } from '../../../main/secrets/in-memory-secret-store';

// The app's own start (the steps main/index.ts runs, minus Electron's window) on a real data
// folder: a failing step must end in the dialog and exit code 1 with the folder let go, never a
// windowless process that keeps the lock and shuts the command line out.
describe('the desktop app start on a real data folder', () => {
  const folders: string[] = [];
  afterEach(async () => {
    for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
  });

  async function start(options: {
    readonly env?: NodeJS.ProcessEnv;
    readonly shell: (context: DesktopContext) => void;
  }) {
    const dataDir = await mkdtemp(join(tmpdir(), 'desktop-start-'));
    folders.push(dataDir);
    const told: NativeMessage[] = [];
    const exits: number[] = [];
    let lockHeldInShell = false;
    const outcome = await startDesktopApp(
      {
        ...ownerSteps({ env: options.env ?? {}, waitMs: 1000, onWaiting: () => undefined }),
        ready: () =>
          Promise.resolve({
            logger: silentLogger,
            secrets: new InMemorySecretStore(),
            redactor: new Redactor(),
            coreOptions: {
              dataDir,
              secrets: new InMemorySecretStore(),
              redactor: new Redactor(),
              logger: silentLogger,
              customScheme: undefined,
              browser: { open: () => Promise.resolve() },
              chooser: { choose: () => Promise.resolve([]) },
              locksDir: join(dataDir, 'locks'),
            },
          }),
        openShell: (context) => {
          // The folder is owned while the shell opens: no other process could take it.
          lockHeldInShell = FileLock.tryAcquire(ownerFiles(dataDir).lock) === undefined;
          options.shell(context);
        },
      },
      {
        log: () => undefined,
        tell: (message) => told.push(message),
        exit: (code) => exits.push(code),
      },
    );
    return { dataDir, outcome, told, exits, lockHeldInShell };
  }

  /** The folder is free: another process (the command line) could own it now. */
  function folderIsFree(dataDir: string): boolean {
    const lock = FileLock.tryAcquire(ownerFiles(dataDir).lock);
    lock?.release();
    return lock !== undefined && !existsSync(ownerFiles(dataDir).endpoint);
  }

  it('lets the folder go, says why and exits 1 when the window cannot be made', async () => {
    const run = await start({
      shell: () => {
        throw new Error('The window could not be created: no GPU process');
      },
    });
    expect(run.lockHeldInShell).toBe(true);
    expect(run.outcome).toEqual({ started: false, failedStep: 'shell' });
    expect(run.exits).toEqual([1]);
    expect(run.told[0]?.detail).toMatch(/^The window could not be created: no GPU process/);
    expect(folderIsFree(run.dataDir)).toBe(true);
  });

  it('lets the folder go when the seeded configuration is unusable', async () => {
    const run = await start({ env: { [SEED_CONFIG_ENV]: '{not json' }, shell: () => undefined });
    expect(run.outcome).toEqual({ started: false, failedStep: 'seed-settings' });
    expect(run.exits).toEqual([1]);
    expect(run.told[0]?.detail).toContain(`${SEED_CONFIG_ENV} is not JSON`);
    expect(folderIsFree(run.dataDir)).toBe(true);
  });

  it('keeps the folder while the app runs', async () => {
    const run = await start({ shell: () => undefined });
    expect(run.outcome.started).toBe(true);
    expect(run.exits).toEqual([]);
    expect(existsSync(ownerFiles(run.dataDir).endpoint)).toBe(true);
    expect(FileLock.tryAcquire(ownerFiles(run.dataDir).lock)).toBeUndefined();
    if (run.outcome.started) await run.outcome.owner.close();
    expect(folderIsFree(run.dataDir)).toBe(true);
  });
});

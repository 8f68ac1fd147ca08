import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { AppCore } from '../../main/core/app-core';
import { commandLineFrontEnd } from '../../main/core/front-end';
import { Redactor, silentLogger } from '../../main/logging/logger';
import { InMemorySecretStore } from '../../main/secrets/in-memory-secret-store';
import type { SecretStore } from '../../main/secrets/secret-store';
import type { PolicySource } from '../../main/settings/policy-source';
import { createIpcDispatcher, type IpcHandlers } from '../../shared/ipc/dispatcher';

/** A real core started by `offlineCores`, with the ways a test talks to it. */
export type OfflineCore = {
  readonly core: AppCore;
  /** Its data folder (settings.json, queue.db, thumbnails). */
  readonly dataDir: string;
  /** The handlers called directly, as the command line calls them. */
  readonly handlers: IpcHandlers;
  /** The calls as the window sends them: checked against the contract first. */
  readonly dispatch: ReturnType<typeof createIpcDispatcher>;
  /** What the "open dialog" was asked for, in order (`folder`, `move-folder`, …). */
  readonly chooserKinds: () => readonly string[];
  /** settings.json as saved on disk (parsed). */
  readonly savedSettings: () => Promise<unknown>;
  /** Shuts the core down before the test ends (to open another on the same data). */
  readonly stop: () => Promise<void>;
};

/** What a test may choose of the core it starts. */
export type OfflineCoreChoices = {
  /** An existing data folder (a second core on the same data); a new temporary one when absent. */
  readonly dataDir?: string;
  /** Prefix of the new temporary data folder's name. */
  readonly prefix?: string;
  /** What the "folder dialog" picks. */
  readonly chosenPaths?: readonly string[];
  /** Where the organisation's policy is read (none by default). */
  readonly policy?: PolicySource;
  /** The secrets it keeps (a fresh in-memory store by default). */
  readonly secrets?: SecretStore;
  /** The operating system's preferred languages (none by default: English). */
  readonly systemLanguages?: readonly string[];
};

/**
 * Starts real cores that are signed in nowhere and run the queue only on request (so nothing
 * reaches a network), each shut down after the test that started it: for tests of what main
 * does with a setting or its own data. Call it inside a `describe`.
 */
export function offlineCores(): (choices?: OfflineCoreChoices) => Promise<OfflineCore> {
  const started: AppCore[] = [];
  afterEach(async () => {
    for (const core of started.splice(0)) await core.shutdown();
  });
  return async ({
    dataDir,
    prefix = 'offline-core-',
    chosenPaths = [],
    policy,
    secrets,
    systemLanguages = [],
  } = {}) => {
    const folder = dataDir ?? (await mkdtemp(join(tmpdir(), prefix)));
    const kinds: string[] = [];
    const core = await AppCore.start({
      dataDir: folder,
      secrets: secrets ?? new InMemorySecretStore(),
      redactor: new Redactor(),
      logger: silentLogger,
      customScheme: undefined,
      browser: { open: () => Promise.resolve() },
      chooser: {
        choose: (kind) => {
          kinds.push(kind);
          return Promise.resolve([...chosenPaths]);
        },
      },
      runQueue: 'on-request',
      systemLanguages: () => systemLanguages,
      ...(policy === undefined ? {} : { policy }),
    });
    started.push(core);
    const handlers = core.handlersFor(commandLineFrontEnd);
    return {
      core,
      dataDir: folder,
      handlers,
      dispatch: createIpcDispatcher(handlers),
      chooserKinds: () => [...kinds],
      savedSettings: async (): Promise<unknown> =>
        JSON.parse(await readFile(join(folder, 'settings.json'), 'utf8')),
      stop: async () => {
        started.splice(started.indexOf(core), 1);
        await core.shutdown();
      },
    };
  };
}

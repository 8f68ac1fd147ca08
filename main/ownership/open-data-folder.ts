import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { IpcCallInput } from '../../shared/ipc/bridge';
import type {
  IpcChannel,
  IpcEvent,
  IpcEventPayloads,
  IpcResult,
  IpcResults,
} from '../../shared/ipc/contract';
import { createIpcDispatcher } from '../../shared/ipc/dispatcher';
import type { AppCore } from '../core/app-core';
import { commandLineFrontEnd } from '../core/front-end';
import type { Logger } from '../logging/logger';
import { AttachClient } from './attach-client';
import { endpointSchema, type OwnerEndpoint } from './attach-protocol';
import type { CoreClient } from './core-client';
import { ownerAddressPlan, ownerFiles } from './data-folder';
import { FileLock } from './file-lock';
import { OwnerServer } from './owner-server';
import { openPrivateDataFolder } from './private-files';

/** Thrown when another process owns the data folder but cannot be reached. */
export class OwnerUnreachableError extends Error {
  override readonly name = 'OwnerUnreachableError';
}

/**
 * Where a private socket folder is made when the data folder's path is too long for a socket:
 * the user's runtime folder, else the system's temporary folder (the folder itself is made
 * fresh with mkdtemp, so a shared parent is safe).
 */
export function runtimeDir(env: NodeJS.ProcessEnv): string {
  return env.XDG_RUNTIME_DIR ?? tmpdir();
}

async function readEndpoint(file: string): Promise<OwnerEndpoint | undefined> {
  try {
    const parsed = endpointSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the lock of `dataDir` for a process that must own it (the app, which serves a window):
 * while another process owns the folder (a command-line `sync`), waits for it to finish, and
 * says so once through `onWaiting`.
 * @throws LockTimeoutError when the folder is still owned after `timeoutMs`.
 */
export async function takeOwnership(
  dataDir: string,
  options: { readonly timeoutMs: number; readonly onWaiting: () => void },
): Promise<FileLock> {
  await openPrivateDataFolder(dataDir);
  const file = ownerFiles(dataDir).lock;
  const lock = FileLock.tryAcquire(file);
  if (lock !== undefined) return lock;
  options.onWaiting();
  return FileLock.acquire(file, { timeoutMs: options.timeoutMs });
}

/** An owner: the lock on its data folder, the core, and the channel other processes attach to. */
export type Ownership = {
  readonly core: AppCore;
  readonly server: OwnerServer;
  /**
   * Lets attached callers finish (with `now`: stops the queue first, so their syncs end
   * `stopped`), journals and shuts the core down, then lets the folder go.
   */
  close(options?: { readonly now?: boolean }): Promise<void>;
};

/**
 * Runs the core as the owner of a data folder whose lock this process holds, and opens the
 * channel other front ends attach to. On failure the lock is let go.
 */
export async function serveAsOwner(options: {
  readonly dataDir: string;
  readonly lock: FileLock;
  readonly startCore: () => Promise<AppCore>;
  readonly logger: Logger;
  readonly env: NodeJS.ProcessEnv;
}): Promise<Ownership> {
  const { dataDir, lock, logger } = options;
  let core: AppCore | undefined;
  try {
    core = await options.startCore();
    const started = core;
    const server = await OwnerServer.start({
      plan: ownerAddressPlan(dataDir, process.platform),
      runtimeDir: runtimeDir(options.env),
      endpointFile: ownerFiles(dataDir).endpoint,
      handlers: started.handlersFor(commandLineFrontEnd),
      events: (listener) => started.onEvent(listener),
      perConnection: (send) => started.connectionHandlers(send),
      logger: logger.child('owner'),
    });
    logger.info('this process owns the data folder');
    return {
      core: started,
      server,
      async close(closing) {
        try {
          if (closing?.now) await started.stopQueue();
          else await server.drain();
          await server.close();
          await started.shutdown();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    await core?.shutdown().catch(() => undefined);
    lock.release();
    throw error;
  }
}

/** The core in this process, served to the command line through the same dispatcher. */
function ownerClient(ownership: Ownership): CoreClient {
  // This command is a connection of its own: its watch session's reports come to it alone.
  const reportListeners = new Set<(report: IpcEventPayloads['watch:session-report']) => void>();
  const own = ownership.core.connectionHandlers((report) => {
    for (const listener of reportListeners) listener(report);
  });
  const dispatch = createIpcDispatcher({
    ...ownership.core.handlersFor(commandLineFrontEnd),
    ...own.handlers,
  });
  let closing: Promise<void> | undefined;
  return {
    kind: 'owner',
    invoke<C extends IpcChannel>(channel: C, input: IpcCallInput<C>) {
      // The dispatcher answers with the channel's result type (see IpcHandlers).
      return dispatch(channel, input, { trusted: true }) as Promise<IpcResult<IpcResults[C]>>;
    },
    on<E extends IpcEvent>(event: E, listener: (payload: IpcEventPayloads[E]) => void) {
      if (event === 'watch:session-report') {
        // Narrowed by the check above: this listener takes session reports.
        const reports = listener as (payload: IpcEventPayloads['watch:session-report']) => void;
        reportListeners.add(reports);
        return () => reportListeners.delete(reports);
      }
      return ownership.core.onEvent((name: IpcEvent, payload: unknown) => {
        // The core's events carry their contract payloads.
        if (name === event) listener(payload as IpcEventPayloads[E]);
      });
    },
    // The owner is this process: it cannot go away while this front end runs.
    untilGone: () => new Promise<never>(() => undefined),
    close(options) {
      // Its watch session ends first; the data folder is let go whatever happens to it.
      closing ??= own
        .close()
        .catch(() => undefined)
        .then(() => ownership.close(options));
      return closing;
    },
  };
}

/**
 * Opens the data folder for a front end that is not the window (the command line): becomes its
 * owner when no other process is (and runs the core here), or attaches to the process that is.
 * Retries for `waitMs` while an owner is starting or stopping.
 * @throws OwnerUnreachableError when another process owns the folder and does not answer.
 */
export async function openDataFolder(options: {
  readonly dataDir: string;
  readonly startCore: () => Promise<AppCore>;
  readonly logger: Logger;
  readonly env: NodeJS.ProcessEnv;
  readonly waitMs?: number;
}): Promise<CoreClient> {
  const { dataDir } = options;
  await openPrivateDataFolder(dataDir);
  const files = ownerFiles(dataDir);
  const deadline = Date.now() + (options.waitMs ?? 10_000);
  let lastProblem = 'it has not opened its channel';
  for (;;) {
    const lock = FileLock.tryAcquire(files.lock);
    if (lock !== undefined) return ownerClient(await serveAsOwner({ ...options, lock }));
    const endpoint = await readEndpoint(files.endpoint);
    if (endpoint !== undefined) {
      try {
        return await AttachClient.connect(endpoint, 5000);
      } catch (error) {
        lastProblem = error instanceof Error ? error.message : String(error);
      }
    }
    if (Date.now() >= deadline)
      throw new OwnerUnreachableError(
        `Another Photo Uploader process owns the data folder ${dataDir}, but it cannot be reached (${lastProblem}). Close the other process, or wait for it to finish.`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

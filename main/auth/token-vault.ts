import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../logging/logger';
import { FileLock } from '../ownership/file-lock';
import type { SecretStore } from '../secrets/secret-store';
import { parseStoredSession, serializeSession, type StoredSession } from './token-set';

/** The longest a process waits for another one's refresh before it gives up for now. */
const LOCK_WAIT_MS = 90_000;

/**
 * A lock shared by every process of this user that holds tokens of one keychain entry, so that
 * only one of them refreshes at a time and each sees the others' rotated tokens.
 */
export interface RefreshLock {
  /** Runs `work` while holding the lock for `entry` (a keychain entry name). */
  run<T>(entry: string, work: () => Promise<T>): Promise<T>;
}

/**
 * `RefreshLock` as operating-system file locks in `dir` (one file per keychain entry, named by a
 * hash), so processes on different data folders exclude each other. A process that dies while
 * holding one releases it.
 */
export class FileRefreshLock implements RefreshLock {
  constructor(private readonly dir: string) {}

  async run<T>(entry: string, work: () => Promise<T>): Promise<T> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const name = createHash('sha256').update(entry).digest('hex').slice(0, 32);
    const lock = await FileLock.acquire(join(this.dir, `refresh-${name}.lock`), {
      timeoutMs: LOCK_WAIT_MS,
    });
    try {
      return await work();
    } finally {
      lock.release();
    }
  }
}

/**
 * The keychain entry of one session's tokens: reads parse, writes are serialised (a sign-out's
 * delete can never be overtaken by a refresh's write still on its way), and the cross-process
 * lock comes with it.
 */
export class TokenVault {
  #writes: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly secrets: SecretStore,
    /** The keychain entry's name. */
    readonly entry: string,
    private readonly lock: RefreshLock,
    private readonly logger: Logger,
  ) {}

  /** What the keychain holds now (another process may have changed it); undefined if nothing. */
  async read(): Promise<StoredSession | undefined> {
    await this.#writes;
    try {
      return parseStoredSession(await this.secrets.get(this.entry));
    } catch (error) {
      this.logger.warn('could not read the stored session', { error });
      return undefined;
    }
  }

  /** Stores `session`; false when the keychain refused (it then lasts for this run only). */
  write(session: StoredSession): Promise<boolean> {
    return this.#serialise(async () => {
      try {
        await this.secrets.set(this.entry, serializeSession(session));
        return true;
      } catch (error) {
        this.logger.error('could not store the session in the keychain', { error });
        return false;
      }
    });
  }

  /** Forgets the stored session. */
  delete(): Promise<void> {
    return this.#serialise(async () => {
      try {
        await this.secrets.delete(this.entry);
      } catch (error) {
        this.logger.warn('could not delete the stored session', { error });
      }
    });
  }

  /** Runs `work` holding the cross-process lock of this entry. */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    return this.lock.run(this.entry, work);
  }

  #serialise<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#writes.then(work);
    this.#writes = next.catch(() => undefined);
    return next;
  }
}

import { randomUUID } from 'node:crypto';
import { open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { PRIVATE_FILE_MODE } from '../ownership/private-files';
import type { SecretStore } from './secret-store';

/**
 * The file's name says what it is: whoever lists the data folder (or backs it up) sees that it
 * holds the sign-in, in plain text.
 */
export const SIGN_IN_TOKEN_FILE_NAME = 'sign-in-tokens.plain-text.json';

export type { SignInStorage } from '../../shared/ipc/views';

/** The plain-text file of a data folder. */
export function signInTokenFilePath(dataDir: string): string {
  return join(dataDir, SIGN_IN_TOKEN_FILE_NAME);
}

const fileSchema = z.record(z.string(), z.string());

/**
 * The sign-in tokens in a plain-text JSON file of the data folder, mode 0600, as the GitHub CLI
 * keeps them with `gh auth login --insecure-storage`: for a machine with no keychain (a headless
 * server running `watch` as a service) whose user asked for it. Anyone who can read the user's
 * files can read these tokens; that is the price, and why the store is opt-in and named so.
 * Written whole to a new file, then renamed over the old one: a crash never leaves half a file.
 * The last entry deleted removes the file.
 */
export class SignInTokenFile implements SecretStore {
  readonly persistent = true;
  /** Changes one at a time, so two writes never lose one another's entry. */
  #writing: Promise<void> = Promise.resolve();

  constructor(readonly path: string) {}

  async get(name: string): Promise<string | undefined> {
    return (await this.#read())[name];
  }

  set(name: string, value: string): Promise<void> {
    return this.#change((entries) => ({ ...entries, [name]: value }));
  }

  delete(name: string): Promise<void> {
    return this.#change((entries) =>
      Object.fromEntries(Object.entries(entries).filter(([key]) => key !== name)),
    );
  }

  async #read(): Promise<Record<string, string>> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if (typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT')
        return {};
      throw error;
    }
    // A file edited by hand into something else holds no sign-in: signing in again rewrites it.
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return {};
    }
    const parsed = fileSchema.safeParse(json);
    return parsed.success ? parsed.data : {};
  }

  #change(change: (entries: Record<string, string>) => Record<string, string>): Promise<void> {
    const next = this.#writing.then(async () => {
      const entries = change(await this.#read());
      if (Object.keys(entries).length === 0) {
        await rm(this.path, { force: true });
        return;
      }
      const temporary = `${this.path}.${randomUUID()}.tmp`;
      // Created 0600 (never readable by others, whatever the umask), then renamed into place.
      const file = await open(temporary, 'wx', PRIVATE_FILE_MODE);
      try {
        await file.chmod(PRIVATE_FILE_MODE);
        await file.writeFile(`${JSON.stringify(entries, null, 2)}\n`);
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(temporary, this.path);
    });
    this.#writing = next.catch(() => undefined);
    return next;
  }
}

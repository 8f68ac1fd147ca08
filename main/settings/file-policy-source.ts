import { constants, type FSWatcher, watch } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import type { InnerWords } from '../../shared/i18n/translator';
import { innerWords } from '../../shared/i18n/words';
import type { PolicyRead, PolicySource } from './policy-source';

/** The error code of a failed file call, if it has one. */
function codeOf(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}

/** The largest policy file read: a policy is a few kilobytes of settings. */
export const MAX_POLICY_FILE_BYTES = 1024 * 1024;

/** Why a path that is there is not read as a policy (not a plain file, or too large). */
const NOT_PLAIN = innerWords('reason.policy.notPlainFile');
const TOO_LARGE = innerWords('reason.policy.tooLarge');

/**
 * The text of the plain file `path` (a link to one is followed: IT may link the policy), at most
 * `MAX_POLICY_FILE_BYTES`. Opened without waiting (`O_NONBLOCK`), so a pipe cannot stall the
 * start or a re-read, and checked on the opened file, so a device is never read without end.
 */
async function readPlainFile(path: string): Promise<{ text: string } | { problem: InnerWords }> {
  let file: FileHandle;
  try {
    file = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    if (codeOf(error) === 'EISDIR') return { problem: NOT_PLAIN };
    throw error;
  }
  try {
    if (!(await file.stat()).isFile()) return { problem: NOT_PLAIN };
    // One byte more than allowed tells a file that is too large, without reading all of it.
    const buffer = Buffer.alloc(MAX_POLICY_FILE_BYTES + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await file.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > MAX_POLICY_FILE_BYTES) return { problem: TOO_LARGE };
    }
    // Notepad starts a UTF-8 file with a byte order mark, which JSON does not allow.
    return { text: buffer.toString('utf8', 0, length).replace(/^\uFEFF/, '') };
  } finally {
    await file.close();
  }
}

/**
 * The policy in a JSON file: `/etc/photo-uploader/policy.json` on Linux, or
 * `PHOTO_UPLOADER_POLICY_FILE` for a test or an unpackaged run. No file is no policy. Watched
 * through its folder (an editor or a configuration tool replaces the file rather than writing it).
 */
export class FilePolicySource implements PolicySource {
  constructor(private readonly path: string) {}

  get origin(): string {
    return this.path;
  }

  async read(): Promise<PolicyRead> {
    let text: string;
    try {
      const read = await readPlainFile(this.path);
      if ('problem' in read) return { kind: 'unreadable', problem: read.problem };
      text = read.text;
    } catch (error) {
      const code = codeOf(error);
      if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'none' };
      return {
        kind: 'unreadable',
        problem: innerWords('reason.policy.cannotRead', { code: code ?? 'unknown error' }),
      };
    }
    try {
      return { kind: 'values', values: JSON.parse(text) };
    } catch {
      return { kind: 'unreadable', problem: innerWords('reason.policy.notJson') };
    }
  }

  watch(changed: () => void): () => void {
    const name = basename(this.path);
    let watcher: FSWatcher | undefined;
    try {
      watcher = watch(dirname(this.path), { persistent: false }, (_event, file) => {
        // Some systems do not say which file changed: read it again anyway.
        if (file === null || file === name) changed();
      });
      // A folder removed or unreadable: the periodic re-read goes on.
      watcher.on('error', () => watcher?.close());
    } catch {
      // No folder yet (no policy): the periodic re-read finds one that appears.
    }
    return () => watcher?.close();
  }
}

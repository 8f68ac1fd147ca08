import { type FSWatcher, watch } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import type { PolicyRead, PolicySource } from './policy-source';

/** The error code of a failed file call, if it has one. */
function codeOf(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
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
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      const code = codeOf(error);
      if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'none' };
      return {
        kind: 'unreadable',
        problem: `the file cannot be read (${code ?? 'unknown error'})`,
      };
    }
    try {
      return { kind: 'values', values: JSON.parse(text) };
    } catch {
      return { kind: 'unreadable', problem: 'the file is not JSON' };
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

import { stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import {
  type AfterUpload,
  isSameOrInside,
  parseAfterUploadFlag,
} from '../../shared/domain/after-upload';
import { printable } from '../../shared/domain/printable-text';
import { UsageError } from './cli-context';

/** What `--after-upload` takes, as the help and the errors say it (a contract: scripts use it). */
export const AFTER_UPLOAD_VALUES = 'leave, move:DIR or trash';

/** The nearest folder of `path` that exists (itself, or a parent); undefined when none is a folder. */
async function nearestFolder(path: string): Promise<string | undefined> {
  for (let current = path; ; current = dirname(current)) {
    try {
      return (await stat(current)).isDirectory() ? current : undefined;
    } catch {
      if (dirname(current) === current) return undefined;
    }
  }
}

/**
 * `--after-upload leave|move:DIR|trash` checked before anything is queued: DIR made absolute
 * (from the working folder, as the paths are), an existing folder or one that can be made under an
 * existing folder, and not one of `sources` (the dropped or watched folders) nor inside one, where
 * the moved photos would be among those dropped again. Undefined when the flag is absent.
 * @throws UsageError for any other value or such a DIR.
 */
export async function afterUploadFromFlag(
  value: string | undefined,
  sources: readonly string[] = [],
): Promise<AfterUpload | undefined> {
  if (value === undefined) return undefined;
  const action = parseAfterUploadFlag(value);
  if (action === undefined)
    throw new UsageError(`--after-upload is ${AFTER_UPLOAD_VALUES}, not "${printable(value)}"`);
  if (action.kind !== 'move') return action;
  const folder = resolve(action.folder);
  const existing = await nearestFolder(folder);
  if (existing === undefined)
    throw new UsageError(
      `--after-upload move:${printable(folder)}: not a folder, and no folder it could be made in`,
    );
  const source = sources.map((path) => resolve(path)).find((path) => isSameOrInside(folder, path));
  if (source !== undefined)
    throw new UsageError(
      `--after-upload move:${printable(folder)} is inside ${printable(source)}: photos would be moved among those they come from; choose a folder elsewhere`,
    );
  return { kind: 'move', folder };
}

import { appendFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  ensurePrivateFolderSync,
  PRIVATE_FILE_MODE,
  tightenFileSync,
} from '../ownership/private-files';
import type { LogRecord, LogSink } from './logger';

/** A log file of 5 MB at most before it is rotated. */
export const DEFAULT_MAX_LOG_BYTES = 5 * 1024 * 1024;

/** Rotated files kept beside the current one (`main.1.log` … `main.3.log`). */
export const DEFAULT_KEPT_LOGS = 3;

/** The path of one file of a rotating log: `main.log` (index 0), `main.1.log`, `main.2.log`, … */
export function rotatedLogPath(dir: string, name: string, index: number): string {
  return join(dir, index === 0 ? `${name}.log` : `${name}.${index}.log`);
}

/** The size of a file, 0 when it does not exist yet. */
function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/**
 * A sink that appends one JSON line per record to `<dir>/<name>.log`. Before a line would take
 * the file past `maxBytes`, the files shift: `name.log` becomes `name.1.log`, `name.1.log`
 * becomes `name.2.log`, and so on; the oldest beyond `keep` is deleted. So the log never takes
 * more than about `(keep + 1) × maxBytes` on disk.
 *
 * Writes are synchronous (records are small and rare): a line is on disk before the process can
 * crash, and there is no stream to close. One process writes one log (the owner of the data
 * folder); a log shared by two processes would rotate under the other's feet.
 */
export function rotatingFileSink(options: {
  readonly dir: string;
  readonly name: string;
  readonly maxBytes?: number;
  readonly keep?: number;
}): LogSink {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_LOG_BYTES;
  const keep = options.keep ?? DEFAULT_KEPT_LOGS;
  const path = (index: number) => rotatedLogPath(options.dir, options.name, index);
  // Logs name photos by id and say what the user did: the owner's only, folder and files, also
  // those an older version left readable.
  ensurePrivateFolderSync(options.dir);
  for (let index = 0; index <= keep; index += 1) tightenFileSync(path(index));
  let size = sizeOf(path(0));

  const rotate = () => {
    rmSync(path(keep), { force: true });
    for (let index = keep - 1; index >= 0; index -= 1) {
      try {
        renameSync(path(index), path(index + 1));
      } catch {
        // A file missing from the chain (young log, or deleted by the user): nothing to shift.
      }
    }
    size = 0;
  };

  return (record: LogRecord) => {
    const line = `${JSON.stringify(record)}\n`;
    const bytes = Buffer.byteLength(line);
    try {
      // A single line larger than the cap still gets a file of its own rather than being lost.
      if (size > 0 && size + bytes > maxBytes) rotate();
      appendFileSync(path(0), line, { mode: PRIVATE_FILE_MODE });
      size += bytes;
    } catch {
      // Logging must never stop the app: a full or read-only disk loses log lines, not uploads.
    }
  };
}

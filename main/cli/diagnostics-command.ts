import { resolve } from 'node:path';
import { printable } from '../../shared/domain/printable-text';
import { type CliContext, type CommandOutput, UsageError } from './cli-context';

/**
 * Where `diagnostics --out FILE` writes, as an absolute path: relative to the command line's
 * working directory, since the archive may be written by another process (the data folder's
 * owner) that has a working directory of its own.
 * @throws UsageError when `--out` is missing.
 */
export function diagnosticsTarget(out: string | undefined, cwd: string = process.cwd()): string {
  if (out === undefined || out === '')
    throw new UsageError(
      'diagnostics needs --out FILE, e.g. --out photo-uploader-diagnostics.tar.gz',
    );
  return resolve(cwd, out);
}

/**
 * `diagnostics --out FILE`: the process that owns the data folder (this one, or the app) writes
 * one `.tar.gz` with the logs (secrets removed), the versions, the settings without secrets and
 * the queue's counts. Exit 0 once it is written.
 */
export async function saveDiagnostics(
  context: CliContext,
  target: string,
  out: CommandOutput,
): Promise<number> {
  const saved = await context.call('diagnostics:save', { path: target });
  out.stdout.write(`Saved diagnostics to ${printable(saved.path)}\n`);
  return 0;
}

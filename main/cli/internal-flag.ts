import { UsageError } from './cli-context';

/** The commands that take `--no-internal`: those a preset applies to. */
const NO_INTERNAL_COMMANDS: ReadonlySet<string> = new Set(['upload']);

/**
 * `upload`'s internal choice from `--internal` and `--no-internal`: true, false, or undefined when
 * neither is given (then a preset's `internal` applies, else not internal). `--no-internal` is
 * how a run overrides a preset that marks its photos internal.
 * @throws UsageError when both are given, or `--no-internal` on another command.
 */
export function internalFlag(
  command: string,
  internal: boolean | undefined,
  notInternal: boolean | undefined,
): boolean | undefined {
  if (notInternal !== true) return internal;
  if (!NO_INTERNAL_COMMANDS.has(command)) throw new UsageError('--no-internal is for upload');
  if (internal === true) throw new UsageError('--internal and --no-internal: give one of them');
  return false;
}

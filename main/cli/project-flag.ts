import { projectCheckWords } from '../core/project-check';
import type { CliContext, CommandOutput } from './cli-context';

/**
 * Checks `--project ID` once, in the core, before anything is read or queued (issue 22): a
 * refused project (unknown id, archived without `--include-archived`, no access) is said in one
 * line and the command stops; a project that could not be checked (offline, signed out) is said
 * too, and the command goes on: the queue checks each photo before it is uploaded.
 * @returns whether the command may go on.
 */
export async function projectAllowed(
  context: CliContext,
  command: string,
  projectId: string,
  includeArchived: boolean,
  out: CommandOutput,
): Promise<boolean> {
  const check = await context.call('projects:check', { projectId, includeArchived });
  if (check.kind === 'ok') return true;
  out.stderr.write(`${command}: ${projectCheckWords(check, projectId)}\n`);
  return check.kind === 'unchecked';
}

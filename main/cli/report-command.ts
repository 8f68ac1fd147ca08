import { type CliContext, type CommandOutput, UsageError } from './cli-context';

/** `report --format json|csv`: every item's file, project, outcome, photo id and reason. */
export async function report(
  context: CliContext,
  options: { format: string | undefined },
  out: CommandOutput,
): Promise<number> {
  const format = options.format ?? 'json';
  if (format !== 'json' && format !== 'csv') throw new UsageError('--format is json or csv');
  out.stdout.write((await context.call('queue:export-report', { format })).content);
  return 0;
}

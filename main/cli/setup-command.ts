import { resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { printable } from '../../shared/domain/printable-text';
import { IpcFailure } from '../../shared/ipc/dispatcher';
import { readSetupFile } from '../core/setup-handlers';
import { parseSetupFile, setupSummary } from '../settings/setup-file';
import { type CliContext, type CommandOutput, UsageError } from './cli-context';

/** Asks the user one question at the terminal; resolves with the line typed (empty at EOF). */
export type Terminal = (question: string) => Promise<string>;

/**
 * The terminal the command line runs at, when its standard input is one; undefined when input
 * comes from a pipe, a file or nothing (a script, a service): nobody is there to answer.
 */
export function terminalOf(
  stdin: NodeJS.ReadableStream,
  stdout: NodeJS.WritableStream,
): Terminal | undefined {
  if (!('isTTY' in stdin) || stdin.isTTY !== true) return undefined;
  return async (question) => {
    const lines = createInterface({ input: stdin, output: stdout });
    try {
      return await lines.question(question);
    } finally {
      lines.close();
    }
  };
}

/** Whether an answer to a [y/N] question is yes: `y` or `yes`, in any case. */
export function isYes(answer: string): boolean {
  return /^y(es)?$/i.test(answer.trim());
}

/** The lines of the summary, indented under a heading, as the command prints them. */
function summaryLines(name: string, summary: readonly string[]): string {
  return [`The setup file ${printable(name)} sets:`, ...summary.map((line) => `  ${line}`)]
    .map((line) => `${line}\n`)
    .join('');
}

/**
 * `setup FILE [--yes]`: reads the setup file, prints what it sets, asks "Apply this setup?" at a
 * terminal (`--yes` skips the question; without a terminal, `--yes` is required), then has the
 * core of the data folder apply it (`setup:apply`). The file is checked before the data folder is
 * opened: a bad file or a "no" opens nothing and changes nothing.
 * @param open opens the data folder (called only once the user said yes).
 * @returns the exit code: 0 applied, 1 refused or declined, 2 a usage problem.
 */
export async function setupCommand(
  options: { readonly file: string | undefined; readonly yes: boolean },
  io: { readonly out: CommandOutput; readonly terminal?: Terminal | undefined },
  open: () => Promise<CliContext>,
): Promise<number> {
  const { out } = io;
  const fail = (message: string, code: number) => {
    out.stderr.write(`setup: ${printable(message)}\n`);
    return code;
  };
  if (options.file === undefined || options.file === '')
    return fail('setup needs the setup file: npm run cli -- setup office.photouploader', 2);
  const path = resolve(options.file);
  let text: string;
  try {
    text = await readSetupFile(path);
  } catch (error) {
    if (error instanceof IpcFailure) return fail(error.message, 1);
    throw error;
  }
  const parsed = parseSetupFile(text);
  if (!parsed.ok) return fail(parsed.problem, 1);
  out.stdout.write(summaryLines(options.file, setupSummary(parsed.setup)));
  if (!options.yes) {
    if (io.terminal === undefined)
      return fail(
        'Standard input is not a terminal, so nobody can be asked whether to apply this setup: pass --yes to apply it. Nothing was changed.',
        2,
      );
    if (!isYes(await io.terminal('Apply this setup? [y/N] ')))
      return fail('Nothing was changed.', 1);
  }
  let context: CliContext | undefined;
  try {
    context = await open();
    const result = await context.call('setup:apply', { name: path, text });
    out.stdout.write(`${printable(result.message)}\n`);
    return result.applied ? 0 : 1;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (context === undefined) return fail(message, error instanceof UsageError ? 2 : 1);
    // The core's refusal of the file (a managed setting, a secret with no place): 1, as for a
    // file refused here.
    return fail(context.redactor.text(message), 1);
  } finally {
    await context?.close();
  }
}

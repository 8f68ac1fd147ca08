import { readFile } from 'node:fs/promises';
import { printable } from '../../shared/domain/printable-text';
import { UsageError } from './cli-context';

/**
 * The paths of a `--files-from` list: NUL-separated when the text holds a NUL (`find -print0`,
 * where a name may hold a line break), else one a line (`\n` or `\r\n`). Blank lines are
 * ignored; other lines are taken whole, spaces included.
 */
export function pathsFromList(text: string): string[] {
  const entries = text.includes('\0') ? text.split('\0') : text.split(/\r?\n/);
  return entries.filter((entry) => entry.trim() !== '');
}

/** Everything `stream` sends until it ends, as UTF-8. */
async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The paths listed by `--files-from SOURCE`: standard input for `-`, else the file SOURCE. For
 * lists too long for one command line (npm stops at its own limit, with no message).
 * @throws UsageError naming the list when it cannot be read.
 */
export async function readFilesFrom(
  source: string,
  stdin: NodeJS.ReadableStream,
): Promise<string[]> {
  try {
    return pathsFromList(source === '-' ? await readAll(stdin) : await readFile(source, 'utf8'));
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? error.code : undefined;
    const why =
      code === 'ENOENT'
        ? 'it does not exist'
        : error instanceof Error
          ? error.message
          : String(error);
    throw new UsageError(
      `--files-from: cannot read ${printable(source === '-' ? 'standard input' : source)}: ${why}`,
    );
  }
}

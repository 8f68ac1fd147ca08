import { printable } from '../../shared/domain/printable-text';
import type { CliContext, CommandOutput } from './cli-context';

/**
 * `host-test [host flags]`: a round trip through the photo host (put a test image, fetch it from
 * the address the Photo Service would get, compare, clean up). Exit 0 only when it holds; 1 with
 * the step that failed otherwise.
 */
export async function hostTest(context: CliContext, out: CommandOutput): Promise<number> {
  const result = await context.call('settings:test-photo-host', {});
  if (result.ok) {
    out.stdout.write(`${printable(result.message)}\n`);
    return 0;
  }
  out.stderr.write(`host-test: ${printable(result.message)}\n`);
  return 1;
}

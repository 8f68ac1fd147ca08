import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { LaunchInfo } from '../../service/photo-service';

/**
 * The local Photo Service (and its S3 store) in a process of its own, started with the command
 * line's `flags` (`npm run service -- …`), so a figure about the engine's own work is not shared
 * with the service's work on one event loop: on a real network the service is another computer.
 */
export async function startServiceProcess(
  flags: readonly string[],
): Promise<{ readonly info: LaunchInfo; close(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'service/cli.ts', '--admin', ...flags],
    {
      cwd: join(import.meta.dirname, '../..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`The local service stopped before it started (exit ${String(code)})`);
  });
  const first = (async () => {
    for await (const line of lines) return line;
    throw new Error('The local service printed nothing');
  })();
  const line = await Promise.race([first, exited]);
  lines.close();
  // The service's own launch line (service/cli.ts), from this repository's code: not foreign data.
  const info = JSON.parse(line) as LaunchInfo;
  return {
    info,
    async close() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

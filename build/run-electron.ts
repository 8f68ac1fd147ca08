import { spawn } from 'node:child_process';

/**
 * The environment Electron runs with: the given one without `ELECTRON_RUN_AS_NODE`, which
 * would make Electron behave as plain Node and never open the app (it leaks in from tools
 * such as VS Code's terminal and other Electron apps' child processes).
 */
export function electronChildEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { ELECTRON_RUN_AS_NODE: _dropped, ...rest } = env;
  return rest;
}

/** How an Electron run ended: its exit code (1 when a signal ended it) and its last error output. */
export type ElectronRun = { code: number; stderrTail: string };

/** How long a stopped Electron gets to quit before it is killed. */
export const STOP_GRACE_MS = 15_000;

/** How much of Electron's error output is kept to recognise why it stopped. */
const STDERR_TAIL_CHARS = 16_384;

/**
 * Runs Electron and resolves when it exits. Its error output streams through to ours as it
 * comes, and its tail is kept so the caller can recognise a known failure (the sandbox).
 */
export function runElectron(
  binary: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  /** Asks Electron to end (SIGTERM); after `STOP_GRACE_MS` it is killed. */
  stop?: AbortSignal,
): Promise<ElectronRun> {
  const child = spawn(binary, [...args], {
    stdio: ['inherit', 'inherit', 'pipe'],
    env: electronChildEnv(env),
  });
  let killTimer: NodeJS.Timeout | undefined;
  const onStop = () => {
    child.kill('SIGTERM');
    // A quit that asks about pending uploads would wait for an answer nobody gives.
    killTimer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  };
  if (stop?.aborted) onStop();
  else stop?.addEventListener('abort', onStop, { once: true });
  child.once('close', () => {
    clearTimeout(killTimer);
    stop?.removeEventListener('abort', onStop);
  });
  let stderrTail = '';
  child.stderr.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    stderrTail = (stderrTail + chunk.toString()).slice(-STDERR_TAIL_CHARS);
  });
  return new Promise((resolve) => {
    child.once('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), stderrTail }));
    child.once('error', (error) => resolve({ code: 1, stderrTail: error.message }));
  });
}

import { execFile, spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { workerBuild } from '../../build/bundle-app';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '../..');

/**
 * Empties the page cache so that reads come from the disk (needs root). Returns false where that
 * is not allowed; figures are then from a warm cache, and the report says so.
 */
export async function dropCaches(): Promise<boolean> {
  try {
    await run('sync');
    await writeFile('/proc/sys/vm/drop_caches', '3');
    return true;
  } catch {
    return false;
  }
}

/** Bundles the worker entries as the built app will ship them (JavaScript, dependencies external). */
export async function bundledWorkers(): Promise<{ workerEntry: URL; crawlerEntry: URL }> {
  const outdir = join(ROOT, 'node_modules/.cache/photo-uploader-bench');
  await build(workerBuild(outdir, '.mjs'));
  return {
    workerEntry: new URL(`file://${outdir}/media-worker.mjs`),
    crawlerEntry: new URL(`file://${outdir}/crawl-worker.mjs`),
  };
}

/** Milliseconds taken by `action`. */
export async function timed(action: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await action();
  return performance.now() - started;
}

/** Runs a command and resolves with the milliseconds until its first line on stdout, and until it ends. */
export function firstLineAndEnd(
  command: string,
  args: readonly string[],
): Promise<{ firstLineMs: number; totalMs: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let firstLineMs: number | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      if (firstLineMs === undefined && chunk.includes(10))
        firstLineMs = performance.now() - started;
    });
    child.once('error', reject);
    child.once('close', () =>
      resolve({ firstLineMs: firstLineMs ?? Number.NaN, totalMs: performance.now() - started }),
    );
  });
}

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { ROOT, workerBuild } from '../../build/bundle-app';

/**
 * Where the test run's bundle of the command line lives: `main/cli/run.ts` and its worker
 * threads, built once per test run (see `test/support/cli-bundle-setup.ts`). A command line
 * started from it is the same code as through tsx, without compiling every module again at each
 * start (about 0.5 s a start instead of 1.3 s, and the suite starts the command line hundreds
 * of times).
 */
export const CLI_BUNDLE_DIR = join(ROOT, 'node_modules/.cache/photo-uploader-test-cli');

/** The bundled entry point, if this test run built one. */
export function bundledCliEntry(): string | undefined {
  const entry = join(CLI_BUNDLE_DIR, 'run.js');
  return process.env.PHOTO_UPLOADER_TEST_CLI_BUNDLE === entry && existsSync(entry)
    ? entry
    : undefined;
}

/** Builds the command line and its workers into `CLI_BUNDLE_DIR`; returns the entry point. */
export async function buildCliBundle(): Promise<string> {
  await Promise.all([
    build({
      entryPoints: [join(ROOT, 'main/cli/run.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      outfile: join(CLI_BUNDLE_DIR, 'run.js'),
      logLevel: 'warning',
    }),
    build(workerBuild(CLI_BUNDLE_DIR)),
  ]);
  return join(CLI_BUNDLE_DIR, 'run.js');
}

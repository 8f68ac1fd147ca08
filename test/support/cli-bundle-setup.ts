import { rm } from 'node:fs/promises';
import { buildCliBundle, CLI_BUNDLE_DIR } from './cli-bundle';

/**
 * Vitest global setup: builds the command line once for this run, from the code as it is now,
 * and tells the test workers where it is (they inherit the environment).
 */
export default async function setup(): Promise<() => void> {
  await rm(CLI_BUNDLE_DIR, { recursive: true, force: true });
  process.env.PHOTO_UPLOADER_TEST_CLI_BUNDLE = await buildCliBundle();
  return () => {
    delete process.env.PHOTO_UPLOADER_TEST_CLI_BUNDLE;
  };
}

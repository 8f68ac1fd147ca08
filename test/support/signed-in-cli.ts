import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PhotoServiceOptions } from '../../service/options';
import { requireKeychain } from './keychain';
import { startTestService, type TestService } from './photo-service-harness';
import { cliLogin, configureUploads } from './upload-harness';

/** A command line signed in to the local service, with its data folder set up to upload. */
export type SignedInCli = {
  /** The local Photo Service (with its S3 store), started for this test file. */
  readonly service: TestService;
  /** The command line's data folder: signed in, photo host and pacing set. */
  readonly dataDir: string;
  /** An empty folder of the test's own, for the photos it makes. */
  readonly folder: string;
  /** The environment the command line needs to reach the S3 store (pass it to `runCli`). */
  readonly env: NodeJS.ProcessEnv;
  /** Stops the service and removes both folders. */
  close(): Promise<void>;
};

/**
 * Starts the local service (S3 store on, sign-in approved by itself), signs the command line in
 * to it in a fresh data folder named after `name`, and points that folder at the S3 store
 * (`configureUploads`, with `uploads` passed on). Needs the keychain (`requireKeychain`).
 */
export async function startSignedInCli(
  name: string,
  options: {
    service?: Partial<PhotoServiceOptions>;
    uploads?: Parameters<typeof configureUploads>[2];
  } = {},
): Promise<SignedInCli> {
  await requireKeychain();
  const service = await startTestService({
    autoApprove: true,
    withS3: true,
    allowPrivateFetch: true,
    ...options.service,
  });
  const dataDir = await mkdtemp(join(tmpdir(), `${name}-`));
  const folder = await mkdtemp(join(tmpdir(), `${name}-photos-`));
  const close = async () => {
    await service.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(folder, { recursive: true, force: true });
  };
  try {
    await cliLogin(service.info, dataDir);
    const env = configureUploads(service.info, dataDir, options.uploads);
    return { service, dataDir, folder, env, close };
  } catch (error) {
    await close();
    throw error;
  }
}

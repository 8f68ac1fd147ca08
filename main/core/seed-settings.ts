import { SYSTEM_LANGUAGES_ENV } from './system-languages';
import { z } from 'zod';
import { secureAddressSchema } from '../../shared/domain/secure-address';
import type { Logger, Redactor } from '../logging/logger';
import type { SecretStore } from '../secrets/secret-store';
import { POLICY_FILE_ENV } from '../settings/policy-source';
import { photoHostSchema, SettingsStore } from '../settings/settings-store';
import { saveS3Keys } from '../staging/open-photo-host';

/**
 * The environment variable demo mode (and the end-to-end bridge host) uses to point a fresh app
 * at the local Photo Service: JSON of `SeedConfig`. It never carries a secret.
 */
export const SEED_CONFIG_ENV = 'PHOTO_UPLOADER_CONFIG';
/** Environment variables that carry S3 keys for the seeded photo host (then kept in the keychain). */
export const SEED_S3_KEY_ENV = 'PHOTO_UPLOADER_S3_ACCESS_KEY_ID';
export const SEED_S3_SECRET_ENV = 'PHOTO_UPLOADER_S3_SECRET_ACCESS_KEY';

/** Demo mode and tests point the app at their own data folder with this variable. */
export const DATA_DIR_ENV = 'PHOTO_UPLOADER_DATA_DIR';

/**
 * The variables that reconfigure the app for demo mode and tests: where its data lives, which
 * service and photo host it uses, the host's keys, and where the organisation's policy is read.
 * An installed app ignores them, so that nothing in a user's environment can quietly send tokens
 * or photos elsewhere, or replace the organisation's policy. (The command line runs only from a
 * checkout, `npm run cli`, so it is never packaged: it honours them, like `npm start`.)
 */
export const TEST_ONLY_ENV = [
  DATA_DIR_ENV,
  SEED_CONFIG_ENV,
  SEED_S3_KEY_ENV,
  SEED_S3_SECRET_ENV,
  POLICY_FILE_ENV,
  SYSTEM_LANGUAGES_ENV,
] as const;

/**
 * The environment the desktop app acts on: as given for a development run (`npm start`, tests),
 * without the test-only variables for a packaged app.
 */
export function envForApp(env: NodeJS.ProcessEnv, packaged: boolean): NodeJS.ProcessEnv {
  if (!packaged) return env;
  const kept: NodeJS.ProcessEnv = { ...env };
  for (const name of TEST_ONLY_ENV) delete kept[name];
  return kept;
}

const httpUrl = secureAddressSchema.pipe(z.url({ protocol: /^https?$/ }));

const seedSchema = z
  .object({
    authUrl: httpUrl,
    baseUrl: httpUrl,
    clientId: z.string().min(1),
    redirect: z.enum(['custom-scheme', 'loopback']).optional(),
    photoHost: photoHostSchema.optional(),
  })
  .strict();

export type SeedConfig = z.infer<typeof seedSchema>;

/**
 * Writes the service, client and photo host of `SEED_CONFIG_ENV` into the settings before the
 * app starts (and the S3 keys into the keychain). Without the variable nothing changes.
 * @throws Error with a readable message when the variable holds something else than a SeedConfig.
 */
export async function seedSettingsFromEnv(
  env: NodeJS.ProcessEnv,
  deps: {
    readonly dataDir: string;
    readonly secrets: SecretStore;
    readonly redactor: Redactor;
    readonly logger: Logger;
  },
): Promise<SeedConfig | undefined> {
  const raw = env[SEED_CONFIG_ENV];
  if (raw === undefined || raw === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error(`${SEED_CONFIG_ENV} is not JSON`);
  }
  const result = seedSchema.safeParse(parsed);
  if (!result.success)
    throw new Error(`${SEED_CONFIG_ENV} is not a valid configuration: ${result.error.message}`);
  const seed = result.data;
  new SettingsStore(deps.dataDir, deps.logger).update(seed);
  const accessKeyId = env[SEED_S3_KEY_ENV];
  const secretAccessKey = env[SEED_S3_SECRET_ENV];
  if (seed.photoHost?.kind === 's3' && accessKeyId && secretAccessKey)
    await saveS3Keys(seed.photoHost, { accessKeyId, secretAccessKey }, deps);
  return seed;
}

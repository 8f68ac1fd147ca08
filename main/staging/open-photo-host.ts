import type { Dispatcher } from 'undici';
import type { Clock } from '../../shared/domain/clock';
import type { Redactor } from '../logging/redactor';
import type { SecretStore } from '../secrets/secret-store';
import type { PhotoHostSettings } from '../settings/settings-store';
import type { PhotoHost } from './photo-host';
import { profileCredentials } from './aws-profile-credentials';
import { PublishedFolderHost } from './published-folder-host';
import { DEFAULT_URL_LIFETIME_SECONDS, S3PhotoHost } from './s3-photo-host';

type S3Settings = Extract<PhotoHostSettings, { kind: 's3' }>;

/** Keychain names of an S3 host's keys: per endpoint and bucket. */
export function s3SecretNames(host: S3Settings) {
  const owner = `${host.endpoint ?? 'aws'} ${host.bucket}`;
  return {
    accessKeyId: `s3-access-key-id ${owner}`,
    secretAccessKey: `s3-secret-access-key ${owner}`,
  };
}

/** An S3 host's keys, as the user typed them (the settings screen) or the environment gave them. */
export type S3Keys = { readonly accessKeyId: string; readonly secretAccessKey: string };

/** Thrown when an S3 host is configured but no keys are known for it. */
export class MissingHostKeys extends Error {
  override readonly name = 'MissingHostKeys';
}

/** Stores an S3 host's keys in the keychain (and masks both in logs from now on). */
export async function saveS3Keys(
  host: S3Settings,
  keys: S3Keys,
  deps: { readonly secrets: SecretStore; readonly redactor: Redactor },
): Promise<void> {
  const names = s3SecretNames(host);
  deps.redactor.add(keys.secretAccessKey);
  deps.redactor.add(keys.accessKeyId);
  await deps.secrets.set(names.accessKeyId, keys.accessKeyId);
  await deps.secrets.set(names.secretAccessKey, keys.secretAccessKey);
}

/**
 * The photo host the settings describe, with its keys from the keychain, or the credentials of
 * its AWS profile when it names one.
 * @throws MissingHostKeys when an S3 host without a profile has no keys stored.
 */
export async function openPhotoHost(
  host: PhotoHostSettings,
  deps: {
    readonly secrets: SecretStore;
    readonly redactor: Redactor;
    readonly clock: Clock;
    /** What carries the host's requests (the core's proxy and certificates). */
    readonly dispatcher?: Dispatcher;
  },
): Promise<PhotoHost & { close?(): void }> {
  if (host.kind === 'published')
    return new PublishedFolderHost({ root: host.root, urlPrefix: host.urlPrefix });
  const place = {
    endpoint: host.endpoint,
    region: host.region,
    bucket: host.bucket,
    prefix: host.prefix,
    pathStyle: host.pathStyle,
    urlLifetimeSeconds: host.urlLifetimeSeconds ?? DEFAULT_URL_LIFETIME_SECONDS,
  };
  // Credentials from the organisation's AWS profile: no keys stored, none needed.
  if (host.profile !== undefined)
    return new S3PhotoHost(
      { ...place, credentials: profileCredentials(host.profile, deps) },
      deps.clock,
      deps.dispatcher,
    );
  const names = s3SecretNames(host);
  const accessKeyId = await deps.secrets.get(names.accessKeyId);
  const secretAccessKey = await deps.secrets.get(names.secretAccessKey);
  if (!accessKeyId || !secretAccessKey)
    throw new MissingHostKeys(`No keys are stored for the S3 photo host (bucket ${host.bucket}).`);
  deps.redactor.add(secretAccessKey);
  // Not a secret by itself, but it names the account: kept out of logs and diagnostics too.
  deps.redactor.add(accessKeyId);
  return new S3PhotoHost({ ...place, accessKeyId, secretAccessKey }, deps.clock, deps.dispatcher);
}

import { words } from '../../shared/i18n/words';
import { join } from 'node:path';
import { fromIni } from '@aws-sdk/credential-providers';
import { z } from 'zod';
import { getHomeDir, getSSOTokenFromFile, loadSharedConfigFiles } from '@smithy/core/config';
import type { Redactor } from '../logging/redactor';
import { NetworkError } from '../http/network-error';
import { StagingError } from './photo-host';

// An S3 photo host whose credentials come from a named AWS profile, through the SDK's own
// provider for the shared files (`fromIni`): static keys, `credential_process`, IAM Identity
// Center (SSO), an assumed role. The S3 client calls the provider again before the credentials
// it gave expire (the SDK memoizes it), so temporary credentials are renewed by the SDK itself.

/** What the SDK's providers hand over: keys, and for temporary ones a token and an expiry. */
export type AwsCredentials = Awaited<ReturnType<ReturnType<typeof fromIni>>>;

/** A function the S3 client calls for credentials (again, before they expire). */
export type AwsCredentialsProvider = () => Promise<AwsCredentials>;

/** The shared files the SDK reads, as it finds them (the environment, else `~/.aws/`). */
export function awsFilePaths(env: NodeJS.ProcessEnv = process.env): {
  readonly config: string;
  readonly credentials: string;
} {
  return {
    config: env.AWS_CONFIG_FILE || join(getHomeDir(), '.aws', 'config'),
    credentials: env.AWS_SHARED_CREDENTIALS_FILE || join(getHomeDir(), '.aws', 'credentials'),
  };
}

/** The AWS profile named for the photo host is in neither shared file. */
export class AwsProfileMissingError extends StagingError {
  constructor(
    readonly profile: string,
    readonly files: { readonly config: string; readonly credentials: string },
  ) {
    super(
      words('reason.staging.awsProfileMissing', {
        profile,
        config: files.config,
        credentials: files.credentials,
      }),
    );
  }
}

/** The profile signs in through IAM Identity Center, and that sign-in has expired (or never was). */
export class AwsSignInNeededError extends StagingError {
  constructor(readonly profile: string) {
    super(words('reason.staging.awsSignInNeeded', { profile }));
  }
}

/** The profile is there but gave no credentials (a broken `credential_process`, a bad entry). */
export class AwsProfileUnusableError extends StagingError {
  constructor(
    readonly profile: string,
    detail: string,
  ) {
    super(words('reason.staging.awsProfileUnusable', { profile, detail: detail.slice(0, 2000) }));
  }
}

/** The names the SDK's own provider errors carry (`@smithy/core/config`). */
const PROVIDER_ERRORS = new Set(['CredentialsProviderError', 'TokenProviderError']);

/** The part of a cached IAM Identity Center token that says until when it works. */
const cachedTokenSchema = z.object({ expiresAt: z.string() });

/** Whether the cached IAM Identity Center token of `session` is missing or has expired. */
async function ssoSignInExpired(session: string, now: number): Promise<boolean> {
  try {
    // The SDK's reader (the cache file of `aws sso login`), checked like any file from outside.
    const read: unknown = await getSSOTokenFromFile(session);
    const token = cachedTokenSchema.safeParse(read);
    return !token.success || !(Date.parse(token.data.expiresAt) > now);
  } catch {
    // No cached token (never signed in here, or removed by `aws sso logout`).
    return true;
  }
}

/**
 * What a provider failure means for the user, decided by the SDK's error type and what the
 * shared files hold (never by the SDK's English): a profile that is not there, an IAM Identity
 * Center sign-in to renew (`aws sso login`), or a profile that gives nothing. Any other failure
 * (the sign-in service unreachable with a valid sign-in, say) is a network failure: retried.
 */
export async function explainProfileFailure(
  profile: string,
  error: unknown,
  env: NodeJS.ProcessEnv = process.env,
  now = Date.now(),
): Promise<Error> {
  const files = awsFilePaths(env);
  const known = await loadSharedConfigFiles({
    filepath: files.credentials,
    configFilepath: files.config,
    ignoreCache: true,
  }).catch(() => undefined);
  const section = known?.configFile[profile] ?? known?.credentialsFile[profile];
  if (known !== undefined && section === undefined)
    return new AwsProfileMissingError(profile, files);
  const session = section?.sso_session ?? section?.sso_start_url;
  if (session !== undefined && (await ssoSignInExpired(session, now)))
    return new AwsSignInNeededError(profile);
  if (error instanceof Error && PROVIDER_ERRORS.has(error.name))
    return new AwsProfileUnusableError(profile, error.message.split('\n')[0] ?? error.name);
  if (error instanceof StagingError || error instanceof NetworkError) return error;
  return new NetworkError(
    session === undefined
      ? `Could not get credentials from the AWS profile “${profile}”`
      : "Could not reach your organisation's AWS sign-in",
    typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined,
  );
}

/**
 * The credentials of the AWS profile `profile`, for the S3 client: the SDK's `fromIni`, the shared
 * files read afresh at each call (a profile added, or an `aws sso login` since, is seen without a
 * restart). Every secret it hands over (the secret key, the session token, and the key id, which
 * names the account) goes to `redactor` first, so no log or diagnostics file can hold it.
 * Failures are thrown as the photo host's own errors (see `explainProfileFailure`).
 */
export function profileCredentials(
  profile: string,
  deps: { readonly redactor: Redactor },
): AwsCredentialsProvider {
  const provider = fromIni({ profile, ignoreCache: true });
  return async () => {
    let credentials: AwsCredentials;
    try {
      credentials = await provider();
    } catch (error) {
      throw await explainProfileFailure(profile, error);
    }
    deps.redactor.add(credentials.secretAccessKey);
    deps.redactor.add(credentials.sessionToken);
    deps.redactor.add(credentials.accessKeyId);
    return credentials;
  };
}

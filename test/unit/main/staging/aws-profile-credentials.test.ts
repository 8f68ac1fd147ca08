import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromIni } from '@aws-sdk/credential-providers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../../../../main/http/network-error';
import {
  AwsProfileMissingError,
  AwsProfileUnusableError,
  AwsSignInNeededError,
  explainProfileFailure,
} from '../../../../main/staging/aws-profile-credentials';
import { StagingError } from '../../../../main/staging/photo-host';

// The SDK's own failures (made by its real `fromIni` on files of the test's own, offline), and
// what the photo host makes of them: by the error's type and what the files hold, not its words.

const SSO_CONFIG = [
  '[profile office-sso]',
  'sso_session = office',
  'sso_account_id = 111122223333',
  'sso_role_name = PhotoUploader',
  '',
  '[sso-session office]',
  'sso_start_url = https://office.awsapps.com/start',
  'sso_region = us-east-1',
  '',
].join('\n');

describe('explainProfileFailure', () => {
  let home: string;
  let env: NodeJS.ProcessEnv;

  /** Writes the AWS config file, and the cached IAM Identity Center token when given. */
  async function files(config: string, token?: { expiresAt: string }): Promise<void> {
    await writeFile(env.AWS_CONFIG_FILE!, config);
    await writeFile(env.AWS_SHARED_CREDENTIALS_FILE!, '');
    if (token === undefined) return;
    const cache = join(home, '.aws', 'sso', 'cache');
    await mkdir(cache, { recursive: true });
    await writeFile(
      join(cache, `${createHash('sha1').update('office').digest('hex')}.json`),
      JSON.stringify({ accessToken: 'cached-access-token', ...token }),
    );
  }

  /** What the SDK's own provider throws for `profile` on those files. */
  async function sdkFailure(profile: string): Promise<unknown> {
    return fromIni({
      profile,
      filepath: join(home, '.aws', 'credentials'),
      configFilepath: join(home, '.aws', 'config'),
      ignoreCache: true,
    })().then(
      () => new Error('resolved'),
      (error: unknown) => error,
    );
  }

  beforeEach(async () => {
    home = await mkdtemp(join(tmpdir(), 'aws-profile-unit-'));
    await mkdir(join(home, '.aws'));
    env = {
      AWS_CONFIG_FILE: join(home, '.aws', 'config'),
      AWS_SHARED_CREDENTIALS_FILE: join(home, '.aws', 'credentials'),
    };
    // The SDK finds the IAM Identity Center token cache under the home folder.
    vi.stubEnv('HOME', home);
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    await rm(home, { recursive: true, force: true });
  });

  it('a profile in neither file: names the profile and both files, for the user to act on', async () => {
    await files('[profile someone-else]\nregion = us-east-1\n');
    const error = await sdkFailure('office');
    expect(error).toMatchObject({ name: 'CredentialsProviderError' });
    const explained = await explainProfileFailure('office', error, env);
    expect(explained).toBeInstanceOf(AwsProfileMissingError);
    expect(explained).toBeInstanceOf(StagingError);
    expect(explained.message).toContain('“office”');
    expect(explained.message).toContain(env.AWS_CONFIG_FILE);
    expect(explained.message).toContain(env.AWS_SHARED_CREDENTIALS_FILE);
  });

  it('an expired IAM Identity Center sign-in (the SDK: CredentialsProviderError): aws sso login', async () => {
    await files(SSO_CONFIG, { expiresAt: '2020-01-01T00:00:00Z' });
    const error = await sdkFailure('office-sso');
    // The SDK's token provider fails (TokenProviderError, nothing to refresh it with) and its
    // SSO credential provider passes that on as a CredentialsProviderError.
    expect(error).toMatchObject({ name: 'CredentialsProviderError' });
    const explained = await explainProfileFailure('office-sso', error, env);
    expect(explained).toBeInstanceOf(AwsSignInNeededError);
    expect(explained.message).toContain(
      "sign in with your organisation's AWS sign-in (aws sso login --profile office-sso)",
    );
  });

  it('never signed in with IAM Identity Center on this computer (no cached token): aws sso login', async () => {
    await files(SSO_CONFIG);
    const error = await sdkFailure('office-sso');
    expect(await explainProfileFailure('office-sso', error, env)).toBeInstanceOf(
      AwsSignInNeededError,
    );
  });

  it('a valid sign-in whose portal cannot be reached: a network failure, retried', async () => {
    await files(SSO_CONFIG, { expiresAt: new Date(Date.now() + 3600_000).toISOString() });
    const unreachable = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const explained = await explainProfileFailure('office-sso', unreachable, env);
    expect(explained).toBeInstanceOf(NetworkError);
  });

  it('a credential_process that fails: the profile gives nothing, said with the profile', async () => {
    await files(
      `[profile office-process]\ncredential_process = "${process.execPath}" -e "process.exit(3)"\n`,
    );
    const error = await sdkFailure('office-process');
    expect(error).toMatchObject({ name: 'CredentialsProviderError' });
    const explained = await explainProfileFailure('office-process', error, env);
    expect(explained).toBeInstanceOf(AwsProfileUnusableError);
    expect(explained.message).toContain('“office-process” gave no credentials');
  });
});

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from '../../support/platform-needs';
import { type SignedInCli, startSignedInCli } from '../../support/signed-in-cli';
import { makePhotos, runCli } from '../../support/upload-harness';

const needsKeychain = needs('gnome-keyring');

// Issue 23 §3: the S3 photo host takes its credentials from a named AWS profile, through the
// SDK's own providers, with no keys in the keychain and none in the environment.

/** The AWS files of a test: a HOME of its own with `~/.aws/config` and `~/.aws/credentials`. */
type AwsFiles = { readonly home: string; readonly config: string; readonly credentials: string };

async function awsFiles(config: string, credentials: string): Promise<AwsFiles> {
  const home = await mkdtemp(join(tmpdir(), 'aws-home-'));
  await mkdir(join(home, '.aws'));
  const files = {
    home,
    config: join(home, '.aws', 'office-config'),
    credentials: join(home, '.aws', 'office-credentials'),
  };
  await writeFile(files.config, config);
  await writeFile(files.credentials, credentials);
  return files;
}

/** The environment of a command that finds its AWS files, and no AWS keys anywhere else. */
function awsEnv(files: AwsFiles): NodeJS.ProcessEnv {
  return {
    HOME: files.home,
    AWS_CONFIG_FILE: files.config,
    AWS_SHARED_CREDENTIALS_FILE: files.credentials,
    AWS_ACCESS_KEY_ID: '',
    AWS_SECRET_ACCESS_KEY: '',
    AWS_SESSION_TOKEN: '',
    AWS_PROFILE: '',
    PHOTO_UPLOADER_S3_ACCESS_KEY_ID: '',
    PHOTO_UPLOADER_S3_SECRET_ACCESS_KEY: '',
  };
}

describe.skipIf(needsKeychain.skip)(
  needsKeychain.title('an S3 photo host with credentials from an AWS profile'),
  () => {
    let cli: SignedInCli;
    let projectId: string;
    const homes: string[] = [];
    let portal: Server | undefined;

    /** The photo host flags for the test store, with `--s3-profile profile`. */
    const hostFlags = (profile: string) => {
      const s3 = cli.service.info.s3!;
      return [
        '--host',
        's3',
        '--s3-endpoint',
        s3.endpoint,
        '--s3-region',
        s3.region,
        '--s3-bucket',
        s3.bucket,
        '--s3-prefix',
        'profile/',
        '--s3-path-style',
        '--s3-profile',
        profile,
      ];
    };

    /**
     * The log files of the data folder, as text. (The queue database is not among them: it keeps
     * the presigned URL the service fetches, which with temporary credentials carries their session
     * token by AWS's design, until the photo is created.)
     */
    async function logsText(): Promise<string> {
      const dir = join(cli.dataDir, 'logs');
      const names = await readdir(dir);
      expect(names.length).toBeGreaterThan(0);
      return (await Promise.all(names.map((name) => readFile(join(dir, name), 'utf8')))).join('\n');
    }

    /** Every file of a diagnostics archive, unpacked, as text. */
    async function unpackedText(archive: string): Promise<string> {
      const dir = await mkdtemp(join(tmpdir(), 'aws-diagnostics-'));
      homes.push(dir);
      execFileSync('tar', ['-xzf', archive, '-C', dir]);
      const texts: string[] = [];
      for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }))
        if (entry.isFile()) texts.push(await readFile(join(entry.parentPath, entry.name), 'utf8'));
      expect(texts.length).toBeGreaterThan(1);
      return texts.join('\n');
    }

    beforeAll(async () => {
      cli = await startSignedInCli('aws-profile');
      projectId = cli.service.info.projects[0]!.id;
    }, 120_000);
    afterAll(async () => {
      portal?.close();
      await cli?.close();
      for (const home of homes) await rm(home, { recursive: true, force: true });
    });

    it('uploads with --s3-profile from a shared credentials file, keeps the profile, never the keys', async () => {
      const s3 = cli.service.info.s3!;
      const files = await awsFiles(
        '[profile office]\nregion = us-east-1\n',
        `[office]\naws_access_key_id = ${s3.access_key_id}\naws_secret_access_key = ${s3.secret_access_key}\n`,
      );
      homes.push(files.home);
      const photos = await makePhotos(join(cli.folder, 'ini'), 2);
      const run = await runCli(
        [
          'upload',
          join(cli.folder, 'ini'),
          '--project',
          projectId,
          '--data-dir',
          cli.dataDir,
          ...hostFlags('office'),
        ],
        awsEnv(files),
      );
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain(`Queued ${photos.length} photos; ${photos.length} sent.`);
      const settings = JSON.parse(await readFile(join(cli.dataDir, 'settings.json'), 'utf8')) as {
        photoHost: { profile?: string };
      };
      expect(settings.photoHost.profile).toBe('office');

      // The host test makes its round trip with the profile too.
      const test = await runCli(['host-test', '--data-dir', cli.dataDir], awsEnv(files));
      expect(test.code, test.stderr).toBe(0);

      const diagnostics = join(files.home, 'diagnostics.tar.gz');
      const saved = await runCli(
        ['diagnostics', '--out', diagnostics, '--data-dir', cli.dataDir],
        awsEnv(files),
      );
      expect(saved.code, saved.stderr).toBe(0);
      const everything = [
        await logsText(),
        run.stdout,
        run.stderr,
        test.stdout,
        test.stderr,
        await unpackedText(diagnostics),
      ].join('\n');
      expect(everything).not.toContain(s3.secret_access_key);
    }, 120_000);

    it('uploads with a credential_process profile (temporary keys with a session token)', async () => {
      const s3 = cli.service.info.s3!;
      const home = await mkdtemp(join(tmpdir(), 'aws-process-'));
      homes.push(home);
      const script = join(home, 'print-credentials.mjs');
      await writeFile(
        script,
        `process.stdout.write(JSON.stringify({ Version: 1, AccessKeyId: ${JSON.stringify(s3.access_key_id)}, SecretAccessKey: ${JSON.stringify(s3.secret_access_key)}, SessionToken: 'session-token-from-the-process-0123456789', Expiration: new Date(Date.now() + 3600_000).toISOString() }));\n`,
      );
      const files = await awsFiles(
        `[profile office-process]\nregion = us-east-1\ncredential_process = "${process.execPath}" "${script}"\n`,
        '',
      );
      homes.push(files.home);
      const photos = await makePhotos(join(cli.folder, 'process'), 2, 10);
      const run = await runCli(
        [
          'upload',
          join(cli.folder, 'process'),
          '--project',
          projectId,
          '--data-dir',
          cli.dataDir,
          ...hostFlags('office-process'),
        ],
        awsEnv(files),
      );
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain(`Queued ${photos.length} photos; ${photos.length} sent.`);
      const everything = `${await logsText()}\n${run.stdout}\n${run.stderr}`;
      expect(everything).not.toContain('session-token-from-the-process-0123456789');
      expect(everything).not.toContain(s3.secret_access_key);
    }, 120_000);

    it('an SSO profile whose sign-in expired: the photos need attention, saying to sign in with aws sso login', async () => {
      const files = await awsFiles(
        [
          '[profile office-sso]',
          'sso_session = office',
          'sso_account_id = 111122223333',
          'sso_role_name = PhotoUploader',
          'region = us-east-1',
          '',
          '[sso-session office]',
          'sso_start_url = https://office.awsapps.com/start',
          'sso_region = us-east-1',
          'sso_registration_scopes = sso:account:access',
          '',
        ].join('\n'),
        '',
      );
      homes.push(files.home);
      // What `aws sso login` left yesterday: an access token that has expired, nothing to refresh it.
      const cache = join(files.home, '.aws', 'sso', 'cache');
      await mkdir(cache, { recursive: true });
      await writeFile(
        join(cache, `${createHash('sha1').update('office').digest('hex')}.json`),
        JSON.stringify({
          startUrl: 'https://office.awsapps.com/start',
          region: 'us-east-1',
          accessToken: 'expired-sso-access-token-0123456789',
          expiresAt: '2020-01-01T00:00:00Z',
        }),
      );
      await makePhotos(join(cli.folder, 'sso'), 1, 20);
      const run = await runCli(
        [
          'upload',
          join(cli.folder, 'sso'),
          '--project',
          projectId,
          '--data-dir',
          cli.dataDir,
          ...hostFlags('office-sso'),
        ],
        awsEnv(files),
      );
      expect(run.code).not.toBe(0);
      expect(run.stderr).toContain(
        "sign in with your organisation's AWS sign-in (aws sso login --profile office-sso)",
      );
      const queue = await runCli(['queue', '--json', '--data-dir', cli.dataDir], awsEnv(files));
      expect(queue.stdout).toContain('aws sso login');

      // The user runs `aws sso login`: a fresh token in the cache. IAM Identity Center's portal is
      // not reachable from a test, so a stand-in on loopback (AWS_ENDPOINT_URL_SSO, which the SDK
      // honours) trades that token for the store's keys, as the portal trades it for a role's.
      const s3 = cli.service.info.s3!;
      await writeFile(
        join(cache, `${createHash('sha1').update('office').digest('hex')}.json`),
        JSON.stringify({
          startUrl: 'https://office.awsapps.com/start',
          region: 'us-east-1',
          accessToken: 'fresh-sso-access-token-0123456789',
          expiresAt: new Date(Date.now() + 8 * 3600_000).toISOString(),
        }),
      );
      const asked: string[] = [];
      portal = createServer((request, response) => {
        asked.push(`${request.url ?? ''} ${String(request.headers['x-amz-sso_bearer_token'])}`);
        if (request.headers['x-amz-sso_bearer_token'] !== 'fresh-sso-access-token-0123456789') {
          response.writeHead(401, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ message: 'Session token not found or invalid' }));
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            roleCredentials: {
              accessKeyId: s3.access_key_id,
              secretAccessKey: s3.secret_access_key,
              sessionToken: 'role-session-token-from-the-portal-0123456789',
              expiration: Date.now() + 3600_000,
            },
          }),
        );
      });
      await new Promise<void>((resolve) => portal!.listen(0, '127.0.0.1', resolve));
      const signedIn = {
        ...awsEnv(files),
        AWS_ENDPOINT_URL_SSO: `http://127.0.0.1:${(portal.address() as AddressInfo).port}`,
      };
      const retry = await runCli(['retry', '--all', '--data-dir', cli.dataDir], signedIn);
      expect(retry.code, retry.stderr).toBe(0);
      const sync = await runCli(['sync', '--data-dir', cli.dataDir], signedIn);
      expect(sync.code, sync.stderr).toBe(0);
      expect(asked.some((line) => line.includes('account_id=111122223333'))).toBe(true);
      const everything = `${await logsText()}\n${sync.stdout}\n${sync.stderr}`;
      expect(everything).not.toContain('role-session-token-from-the-portal-0123456789');
      expect(everything).not.toContain('fresh-sso-access-token-0123456789');
    }, 120_000);

    it('a profile that is not there: the photos need attention, naming the profile and the files looked in', async () => {
      const files = await awsFiles('[profile someone-else]\nregion = us-east-1\n', '');
      homes.push(files.home);
      await makePhotos(join(cli.folder, 'missing'), 1, 30);
      const run = await runCli(
        [
          'upload',
          join(cli.folder, 'missing'),
          '--project',
          projectId,
          '--data-dir',
          cli.dataDir,
          ...hostFlags('office-gone'),
        ],
        awsEnv(files),
      );
      expect(run.code).not.toBe(0);
      expect(run.stderr).toContain('office-gone');
      expect(run.stderr).toContain(files.config);
      expect(run.stderr).toContain(files.credentials);
    }, 120_000);
  },
);

import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import keytar from 'keytar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { KEYCHAIN_SERVICE } from '../../../main/secrets/keytar-secret-store';
import { secretNames } from '../../../main/secrets/secret-names';
import { requireKeychain } from '../../support/keychain';
import {
  admin,
  s3ClientFor,
  startTestService,
  type TestService,
} from '../../support/photo-service-harness';
import { needs } from '../../support/platform-needs';
import { type CliRun, makePhotos, runCli, startCli } from '../../support/upload-harness';

const needsKeychain = needs('gnome-keyring');

// Issue 23, done when (first point): a fresh data folder with a policy file and an AWS credentials
// file (no flags, no keys in the environment) can `login --no-browser` and `upload` a folder; a
// flag that changes a managed setting is refused with the organisation named and nothing sent.
// The real command line (spawned as a user runs it), the local service with its public client
// (PKCE, no secret) and its S3 store, and the real keychain.

const PHOTOS = 3;

/** Every file under `dir`, recursively. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The text of `path`, or undefined when there is no such file. */
const textOf = (path: string) => readFile(path, 'utf8').catch(() => undefined);

/**
 * The environment of every command: nothing from the test's own environment that could carry a
 * setting or a key (every `PHOTO_UPLOADER_` variable but the test runner's own, every `AWS_`
 * one; undefined removes a variable from the child's environment), then the policy file and the
 * AWS files, as IT leaves them on the computer.
 */
function officeEnv(files: {
  home: string;
  policy: string;
  config: string;
  credentials: string;
}): NodeJS.ProcessEnv {
  const scrubbed: NodeJS.ProcessEnv = {
    PHOTO_UPLOADER_CONFIG: undefined,
    PHOTO_UPLOADER_DATA_DIR: undefined,
    PHOTO_UPLOADER_CLIENT_SECRET: undefined,
    PHOTO_UPLOADER_S3_ACCESS_KEY_ID: undefined,
    PHOTO_UPLOADER_S3_SECRET_ACCESS_KEY: undefined,
    AWS_ACCESS_KEY_ID: undefined,
    AWS_SECRET_ACCESS_KEY: undefined,
    AWS_SESSION_TOKEN: undefined,
    AWS_PROFILE: undefined,
  };
  for (const name of Object.keys(process.env))
    if (/^AWS_/.test(name) || /^PHOTO_UPLOADER_(?!TEST_)/.test(name)) scrubbed[name] = undefined;
  return {
    ...scrubbed,
    HOME: files.home,
    PHOTO_UPLOADER_POLICY_FILE: files.policy,
    AWS_CONFIG_FILE: files.config,
    AWS_SHARED_CREDENTIALS_FILE: files.credentials,
  };
}

/** What `status --json` says of the session and the policy. */
const statusSchema = z.object({
  state: z.string(),
  auth_url: z.string(),
  client_id: z.string(),
  managed: z.array(z.string()),
  policy_origin: z.string().nullable(),
  policy_problem: z.string().nullable(),
});

/** The token set the command line keeps in the keychain. */
const keptSchema = z.object({
  kind: z.literal('tokens'),
  tokens: z.object({ accessToken: z.string().min(1), refreshToken: z.string().min(1) }),
});

describe.skipIf(needsKeychain.skip)(
  needsKeychain.title(
    'an office set up by its organisation’s policy and an AWS profile, on the command line',
  ),
  () => {
    let service: TestService;
    let work: string;
    let dataDir: string;
    let photos: string;
    let project: string;
    let policyFile: string;
    let env: NodeJS.ProcessEnv;

    /** The keys of every object in the S3 store's bucket. */
    const storedKeys = async (): Promise<string[]> => {
      const listed = await s3ClientFor(service.info).send(
        new ListObjectsV2Command({ Bucket: service.info.s3!.bucket }),
      );
      return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
    };
    const run = (args: readonly string[]): Promise<CliRun> => runCli(args, env);

    beforeAll(async () => {
      await requireKeychain();
      service = await startTestService({
        autoApprove: true,
        withS3: true,
        allowPrivateFetch: true,
        // A secret unlike the key id (which presigned addresses carry), so it can be looked for.
        s3SecretAccessKey: `office-secret-${randomBytes(12).toString('hex')}`,
      });
      work = await mkdtemp(join(tmpdir(), 'office-policy-'));
      dataDir = join(work, 'data');
      photos = join(work, 'photos');
      project = service.info.projects[0]!.id;
      const s3 = service.info.s3!;
      // What IT leaves on the computer: the policy, and the AWS files with the `office` profile.
      const home = join(work, 'home');
      await mkdir(join(home, '.aws'), { recursive: true });
      const files = {
        home,
        policy: join(work, 'policy.json'),
        config: join(home, '.aws', 'config'),
        credentials: join(home, '.aws', 'credentials'),
      };
      await writeFile(files.config, '[profile office]\nregion = us-east-1\n');
      await writeFile(
        files.credentials,
        `[office]\naws_access_key_id = ${s3.access_key_id}\naws_secret_access_key = ${s3.secret_access_key}\n`,
      );
      // Everything IT sets: the service (its public client: PKCE, no secret to hand out), the
      // photo host with the AWS profile, and how many photos go at once.
      await writeFile(
        files.policy,
        JSON.stringify({
          authUrl: service.info.auth_url,
          baseUrl: service.info.base_url,
          clientId: service.info.public_client_id,
          photoHost: {
            kind: 's3',
            endpoint: s3.endpoint,
            region: s3.region,
            bucket: s3.bucket,
            prefix: 'office/',
            pathStyle: true,
            profile: 'office',
          },
          concurrency: 2,
        }),
      );
      policyFile = files.policy;
      env = officeEnv(files);
    });
    afterAll(async () => {
      await service?.close();
      if (work !== undefined) await rm(work, { recursive: true, force: true });
    });

    it('signs in with `login --no-browser` and no other flag', async () => {
      const login = await startCli(
        ['login', '--no-browser', '--data-dir', dataDir],
        env,
        (line) => {
          // The test plays the browser: the service approves by itself and redirects to the
          // command line's loopback listener.
          if (!line.startsWith('http')) return;
          void (async () => {
            const answer = await fetch(line, { redirect: 'manual' });
            await (await fetch(answer.headers.get('location') ?? '')).text();
          })();
        },
      ).done;
      expect(login.code, login.stderr).toBe(0);
      expect(login.stdout).toContain(`Signed in to ${service.info.auth_url}`);
      // Kept in the keychain, not for this command only.
      expect(login.stderr).not.toMatch(/will not be remembered|plain-text/);
    }, 60_000);

    it('uploads a folder with no flag but the project, its keys from the AWS profile', async () => {
      await makePhotos(photos, PHOTOS);
      const upload = await run(['upload', photos, '--project', project, '--data-dir', dataDir]);
      expect(upload.code, upload.stderr).toBe(0);
      expect(upload.stdout).toContain(`Queued ${PHOTOS} photos; ${PHOTOS} sent.`);
      const created = (await admin.state(service.info)).photos.filter(
        (photo) => photo.project_id === project,
      );
      expect(created).toHaveLength(PHOTOS);
      const keys = await storedKeys();
      expect(keys).toHaveLength(PHOTOS);
      for (const key of keys) expect(key).toMatch(/^office\//);
    }, 120_000);

    it('status says the settings are set by the organisation', async () => {
      const text = await run(['status', '--data-dir', dataDir]);
      expect(text.code, text.stderr).toBe(0);
      expect(text.stdout).toContain(
        `Set by your organisation (${policyFile}): authUrl, baseUrl, clientId, concurrency, photoHost`,
      );
      const json = await run(['status', '--json', '--data-dir', dataDir]);
      expect(json.code, json.stderr).toBe(0);
      expect(statusSchema.parse(JSON.parse(json.stdout))).toEqual({
        state: 'signed-in',
        auth_url: service.info.auth_url,
        client_id: service.info.public_client_id,
        managed: ['authUrl', 'baseUrl', 'clientId', 'concurrency', 'photoHost'],
        policy_origin: policyFile,
        policy_problem: null,
      });
    }, 60_000);

    it('refuses a flag that changes a managed setting, naming the organisation, sending nothing', async () => {
      const more = join(work, 'more-photos');
      await makePhotos(more, 2, PHOTOS);
      const settingsBefore = await textOf(join(dataDir, 'settings.json'));
      const photosBefore = (await admin.state(service.info)).photos.length;
      const keysBefore = await storedKeys();
      for (const [flags, setting] of [
        [['--s3-bucket', 'other'], 'photoHost'],
        [['--auth-url', 'https://elsewhere.example.com'], 'authUrl'],
        [['--concurrency', '9'], 'concurrency'],
      ] as const) {
        const refused = await run([
          'upload',
          more,
          '--project',
          project,
          '--data-dir',
          dataDir,
          ...flags,
        ]);
        expect(refused.code, `${flags.join(' ')}: ${refused.stderr}`).toBe(1);
        expect(refused.stderr).toBe(
          `upload: Your organisation manages ${setting}, so it cannot be changed here. Nothing was changed.\n`,
        );
        expect(refused.stdout).toBe('');
      }
      expect((await admin.state(service.info)).photos).toHaveLength(photosBefore);
      expect(await storedKeys()).toEqual(keysBefore);
      expect(await textOf(join(dataDir, 'settings.json'))).toBe(settingsBefore);
    }, 120_000);

    it('keeps neither the S3 secret key nor the sign-in in clear text in the data folder', async () => {
      const kept = await keytar.getPassword(
        KEYCHAIN_SERVICE,
        secretNames(service.info.auth_url, service.info.public_client_id, service.info.base_url)
          .tokens,
      );
      const { tokens } = keptSchema.parse(JSON.parse(kept ?? 'null'));
      const secret = service.info.s3!.secret_access_key;
      // Held to the secret, not the key id: presigned photo addresses (in the queue) carry the
      // key id by AWS's design. The store's secret must differ from its key id for this to hold.
      expect(secret).not.toBe(service.info.s3!.access_key_id);
      const files = await filesUnder(dataDir);
      expect(files.length).toBeGreaterThan(0);
      for (const path of files) {
        const bytes = await readFile(path);
        expect(bytes.includes(secret), `${path} has the S3 secret key`).toBe(false);
        expect(bytes.includes(tokens.refreshToken), `${path} has the refresh token`).toBe(false);
      }
    }, 60_000);
  },
);

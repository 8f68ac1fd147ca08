import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { admin, s3ClientFor, type TestService } from '../../support/photo-service-harness';
import { needs } from '../../support/platform-needs';
import { type SignedInCli, startSignedInCli } from '../../support/signed-in-cli';
import { makePhotos, runCli, startCli } from '../../support/upload-harness';

const needsKeychain = needs('gnome-keyring');

const REFUSAL =
  /Your organisation manages (.+), so (it|they) cannot be changed here\. Nothing was changed\./;

/** Polls `check` until it holds (or fails after `ms`): waits for a state, never for a time. */
async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What `status --json` says of the policy. */
const statusSchema = z.object({
  managed: z.array(z.string()),
  policy_origin: z.string().nullable(),
  policy_problem: z.string().nullable(),
});
type Status = z.infer<typeof statusSchema>;

describe.skipIf(needsKeychain.skip)(
  needsKeychain.title('an organisation’s policy on the command line'),
  () => {
    let cli: SignedInCli;
    let service: TestService;
    let dataDir: string;
    let policyFile: string;
    let env: NodeJS.ProcessEnv;
    let photoHost: Record<string, unknown>;

    /** Writes the policy as a configuration tool does: a new file put in place. */
    const writePolicy = async (policy: unknown) => {
      await writeFile(
        `${policyFile}.new`,
        typeof policy === 'string' ? policy : JSON.stringify(policy),
      );
      await rename(`${policyFile}.new`, policyFile);
    };
    const status = async (): Promise<Status> => {
      const run = await runCli(['status', '--json', '--data-dir', dataDir], env);
      expect(run.code, run.stderr).toBe(0);
      return statusSchema.parse(JSON.parse(run.stdout));
    };

    beforeAll(async () => {
      cli = await startSignedInCli('organisation-policy');
      ({ service, dataDir } = cli);
      policyFile = join(cli.folder, 'policy.json');
      env = { ...cli.env, PHOTO_UPLOADER_POLICY_FILE: policyFile };
      photoHost = z
        .object({ photoHost: z.record(z.string(), z.unknown()) })
        .parse(JSON.parse(await readFile(join(dataDir, 'settings.json'), 'utf8'))).photoHost;
    }, 120_000);

    afterAll(() => cli?.close());

    it('status says which settings are managed, and from where', async () => {
      await writePolicy({ photoHost, concurrency: 2, authUrl: service.info.auth_url });
      const text = await runCli(['status', '--data-dir', dataDir], env);
      expect(text.code, text.stderr).toBe(0);
      expect(text.stdout).toContain(
        `Set by your organisation (${policyFile}): authUrl, concurrency, photoHost`,
      );
      expect(await status()).toMatchObject({
        managed: ['authUrl', 'concurrency', 'photoHost'],
        policy_origin: policyFile,
        policy_problem: null,
      });
    }, 60_000);

    it('refuses a flag that changes a managed setting, changing nothing and sending nothing', async () => {
      await writePolicy({ photoHost, concurrency: 2, authUrl: service.info.auth_url });
      const photos = join(cli.folder, 'photos');
      await makePhotos(photos, 2);
      const project = service.info.projects[0]!.id;
      const settingsBefore = await readFile(join(dataDir, 'settings.json'), 'utf8');
      const before = await admin.state(service.info);
      for (const flags of [
        ['--s3-bucket', 'other', '--host', 's3', '--s3-region', 'us-east-1'],
        ['--concurrency', '8'],
        ['--auth-url', 'https://sso.example.com'],
      ]) {
        const run = await runCli(
          ['upload', photos, '--project', project, '--data-dir', dataDir, ...flags],
          env,
        );
        expect(run.code, run.stderr).toBe(1);
        expect(run.stderr).toMatch(new RegExp(`^upload: ${REFUSAL.source}\\n$`));
        expect(run.stdout).toBe('');
      }
      expect(await readFile(join(dataDir, 'settings.json'), 'utf8')).toBe(settingsBefore);
      const after = await admin.state(service.info);
      expect(after.photos).toHaveLength(0);
      const writes = (requests: Record<string, unknown>) =>
        Object.keys(requests).filter((route) => /^(POST|PUT|PATCH|DELETE) \/v2\//.test(route));
      expect(writes(after.requests)).toEqual(writes(before.requests));
      const stored = await s3ClientFor(service.info).send(
        new ListObjectsV2Command({ Bucket: service.info.s3!.bucket }),
      );
      expect(stored.KeyCount ?? 0).toBe(0);
      // The value the policy sets is no change: the same flag passes.
      const same = await runCli(['status', '--concurrency', '2', '--data-dir', dataDir], env);
      expect(same.code, same.stderr).toBe(0);
    }, 120_000);

    it('reports an invalid policy in status and ignores it whole', async () => {
      await writePolicy({ concurrency: 2, baseUrl: 'http://photos.example.com' });
      const text = await runCli(['status', '--data-dir', dataDir], env);
      expect(text.code, text.stderr).toBe(0);
      expect(text.stdout).toMatch(
        /Your organisation's policy is not valid, so none of it is used: baseUrl: .*https/,
      );
      const invalid = await status();
      expect(invalid).toMatchObject({ managed: [], policy_origin: policyFile });
      expect(invalid.policy_problem).toMatch(/baseUrl/);
      // Nothing of it applies: the concurrency it names is the user's to change.
      const changed = await runCli(['status', '--concurrency', '3', '--data-dir', dataDir], env);
      expect(changed.code, changed.stderr).toBe(0);
    }, 60_000);

    it('applies a policy changed while a core runs', async () => {
      await writePolicy({ concurrency: 2 });
      const inbox = join(cli.folder, 'inbox');
      await mkdir(inbox);
      const project = service.info.projects[0]!.id;
      // The owner of the data folder: a `watch` runs its core until stopped.
      const owner = startCli(['watch', inbox, '--project', project, '--data-dir', dataDir], env);
      let ownerErr = '';
      owner.child.stderr?.on('data', (chunk: Buffer) => (ownerErr += chunk.toString()));
      try {
        await until(() => Promise.resolve(ownerErr.includes('Watching')), 60_000, 'the owner');
        expect((await status()).managed).toEqual(['concurrency']);
        await writePolicy({ concurrency: 2, keepOriginals: true });
        await until(
          async () => (await status()).managed.includes('keepOriginals'),
          30_000,
          'the owner to apply the changed policy',
        );
        // A command attached to the owner is refused by the owner's policy.
        const attached = await runCli(
          ['status', '--convert-originals', '--data-dir', dataDir],
          env,
        );
        expect(attached.code).toBe(1);
        expect(attached.stderr).toMatch(/Your organisation manages keepOriginals/);
      } finally {
        owner.child.kill('SIGINT');
        await owner.done;
      }
    }, 120_000);
  },
);

import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import keytar from 'keytar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYCHAIN_SERVICE } from '../../../main/secrets/keytar-secret-store';
import { secretNames } from '../../../main/secrets/secret-names';
import { requireKeychain } from '../../support/keychain';
import { admin, startTestService, type TestService } from '../../support/photo-service-harness';
import { needs } from '../../support/platform-needs';
import { type SetupFileBody, writeLocalSetupFile } from '../../support/setup-file-fixture';
import { makePhotos, runCli, startCli } from '../../support/upload-harness';

const needsKeychain = needs('gnome-keyring');

// Issue 23, done when: IT's setup file on a fresh data folder (`setup FILE --yes`), then
// `login --no-browser` and `upload` with no service flags and no secret in the environment.
// The real command line, the local service with a confidential client and its S3 store, and the
// real keychain.

/** Every file under `dir`, recursively. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The environment of a run: none of the variables that could carry a secret or a setting. */
const noSecrets: NodeJS.ProcessEnv = {
  PHOTO_UPLOADER_CLIENT_SECRET: '',
  PHOTO_UPLOADER_S3_ACCESS_KEY_ID: '',
  PHOTO_UPLOADER_S3_SECRET_ACCESS_KEY: '',
};

describe.skipIf(needsKeychain.skip)(
  needsKeychain.title('a setup file from IT, on the command line'),
  () => {
    let service: TestService;
    let work: string;

    beforeAll(async () => {
      await requireKeychain();
      service = await startTestService({
        autoApprove: true,
        withS3: true,
        allowPrivateFetch: true,
      });
      work = await mkdtemp(join(tmpdir(), 'setup-file-'));
    });
    afterAll(async () => {
      await service?.close();
      await rm(work, { recursive: true, force: true });
    });

    const setupFile = (name: string, edit?: (setup: SetupFileBody) => void) =>
      writeLocalSetupFile(service.info, work, name, edit);

    it('sets a fresh data folder up: sign-in and upload need no flag and no secret', async () => {
      const dataDir = join(work, 'data');
      const file = await setupFile('office.photouploader');
      const setup = await runCli(['setup', file, '--yes', '--data-dir', dataDir], noSecrets);
      expect(setup.code, setup.stderr).toBe(0);
      expect(setup.stdout).toContain(`Sign in at ${service.info.auth_url}`);
      // The keychain line names the service and the bucket the secrets go to.
      expect(setup.stdout).toMatch(
        /Keeps in this computer’s keychain: the client secret for http:\/\/[^ ]+ \(client id “[^”]+”\)\n[\s\S]*Keeps in this computer’s keychain: the photo host’s keys for the bucket “[^”]+” at http:\/\//,
      );
      expect(setup.stdout).toContain('The setup in “office.photouploader” was saved.');

      // The confidential client's secret comes from the keychain: the service refuses without it.
      const login = await startCli(
        ['login', '--no-browser', '--data-dir', dataDir],
        noSecrets,
        (line) => {
          if (!line.startsWith('http')) return;
          void (async () => {
            const answer = await fetch(line, { redirect: 'manual' });
            await (await fetch(answer.headers.get('location') ?? '')).text();
          })();
        },
      ).done;
      expect(login.code, login.stderr).toBe(0);

      const folder = join(work, 'photos');
      await makePhotos(folder, 3);
      const project = service.info.projects[0]!.id;
      const upload = await runCli(
        ['upload', folder, '--project', project, '--data-dir', dataDir],
        noSecrets,
      );
      expect(upload.code, upload.stderr).toBe(0);
      const photos = (await admin.state(service.info)).photos.filter(
        (photo) => photo.project_id === project,
      );
      expect(photos).toHaveLength(3);

      expect(
        await keytar.getPassword(
          KEYCHAIN_SERVICE,
          secretNames(service.info.auth_url, service.info.client_id).clientSecret,
        ),
      ).toBe(service.info.client_secret);
      for (const path of await filesUnder(dataDir))
        expect((await readFile(path)).includes(service.info.client_secret), path).toBe(false);
      // The local S3 store's secret key equals its key id, which presigned photo addresses carry
      // by design (in the queue): only the settings file can be held to it.
      expect(await readFile(join(dataDir, 'settings.json'), 'utf8')).not.toContain(
        service.info.s3!.secret_access_key,
      );
    }, 120_000);

    it('refuses clear-text http to another computer, naming https, and saves nothing', async () => {
      const dataDir = join(work, 'data-insecure');
      const file = await setupFile('insecure.photouploader', (setup) => {
        setup.settings.baseUrl = 'http://photos.example.com';
      });
      const run = await runCli(['setup', file, '--yes', '--data-dir', dataDir], noSecrets);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/"baseUrl".*use https.*Nothing was changed\./);
      await expect(readdir(dataDir)).rejects.toThrow(/ENOENT/);
    });

    it('refuses an unknown setting by its name, and asks for --yes without a terminal', async () => {
      const dataDir = join(work, 'data-unknown');
      const unknown = await setupFile('unknown.photouploader', (setup) => {
        setup.settings.uploadSpeed = 'fast';
      });
      const run = await runCli(['setup', unknown, '--yes', '--data-dir', dataDir], noSecrets);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('"uploadSpeed" is not a setting this app knows');
      const unasked = await runCli(
        ['setup', await setupFile('fine.photouploader'), '--data-dir', dataDir],
        noSecrets,
      );
      expect(unasked.code).toBe(2);
      expect(unasked.stderr).toContain('pass --yes');
      await expect(readdir(dataDir)).rejects.toThrow(/ENOENT/);
    });
  },
);

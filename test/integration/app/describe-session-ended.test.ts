import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../../support/photo-service-harness';
import { needs } from '../../support/platform-needs';
import { type SignedInCli, startSignedInCli } from '../../support/signed-in-cli';
import { makePhotos, runCli } from '../../support/upload-harness';

const needsKeychain = needs('gnome-keyring');

// `describe` after the service ended the session (its tokens revoked) says so, and how to sign in
// again: not that the service cannot be reached.

describe.skipIf(needsKeychain.skip)(
  needsKeychain.title('describe when the session has ended'),
  () => {
    let cli: SignedInCli;

    beforeAll(async () => {
      cli = await startSignedInCli('describe-ended');
    });
    afterAll(() => cli?.close());

    it('says the sign-in ended and how to sign in again', async () => {
      const { service, dataDir, folder, env } = cli;
      await makePhotos(folder, 1);
      const project = service.info.projects[0]!.id;
      const upload = await runCli(
        ['upload', folder, '--project', project, '--data-dir', dataDir],
        env,
      );
      expect(upload.code, upload.stderr).toBe(0);
      const photoId = (await admin.state(service.info)).photos[0]!.id;

      // The service forgets every grant: the command line's tokens no longer work.
      const reset = await admin.post(service.info, '/reset', { tokens: true });
      expect(reset.ok).toBe(true);

      const run = await runCli(
        ['describe', photoId, '--description', 'Level 2 slab', '--data-dir', dataDir],
        env,
      );
      const said = `${run.stdout}${run.stderr}`;
      expect(said).not.toMatch(/cannot be reached/i);
      expect(said).toContain('sign-in to the Photo Service has ended');
      expect(said).toContain('npm run cli -- login');
      expect(run.code).not.toBe(0);
    }, 90_000);
  },
);

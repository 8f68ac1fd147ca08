import { copyFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntilUploaded } from '../support/e2e-harness';
import { requireKeychain } from '../support/keychain';
import { admin } from '../support/photo-service-harness';
import { needs } from '../support/platform-needs';
import { cliLogin, configureUploads, runCli } from '../support/upload-harness';
import {
  dropFolder,
  openWindowSession,
  signInWindow,
  type WindowSession,
} from '../support/window-session';

const needsChromiumAndKeychain = needs('chromium', 'gnome-keyring');

// Issue 13 §5 in Chromium: a photo a colleague already uploaded to the project is shown in the
// review list before upload, left out of the upload, and sent only when the user says so.

describe.skipIf(needsChromiumAndKeychain.skip)(
  needsChromiumAndKeychain.title('duplicates against the service, in Chromium'),
  () => {
    let session: WindowSession;

    beforeAll(async () => {
      await requireKeychain();
      // The service approves by itself: the colleague's command line signs in without a browser.
      session = await openWindowSession({ service: { autoApprove: true } });
    }, 60_000);

    afterAll(async () => {
      await session?.close();
    });

    it(
      'shows a photo a colleague uploaded as already on the service, and uploads only the others',
      { timeout: 150_000 },
      async () => {
        const { page, host, service, folder } = session;
        const harbor = service.info.projects.find((entry) => entry.name === 'Harbor View Tower')!;
        // A colleague's computer (another data folder, the command line) uploads one of the photos.
        const colleague = await mkdtemp(join(tmpdir(), 'e2e-colleague-'));
        const theirs = await mkdtemp(join(tmpdir(), 'e2e-colleague-photos-'));
        await copyFile(join(folder, 'DSCN0012.jpg'), join(theirs, 'DSCN0012.jpg'));
        await cliLogin(service.info, colleague);
        const uploaded = await runCli(
          ['upload', theirs, '--project', harbor.id, '--data-dir', colleague],
          configureUploads(service.info, colleague),
        );
        expect(uploaded.code, uploaded.stderr).toBe(0);
        const [colleagues] = (await admin.state(service.info)).photos;
        expect(colleagues?.project_id).toBe(harbor.id);

        await signInWindow(session);
        await dropFolder(page, host, folder);
        // The list view says in full which photo on the service a duplicate is.
        await page.getByRole('radio', { name: 'List', exact: true }).click();
        const found = page.getByRole('list', { name: 'Photos found' });
        await expect.poll(() => found.getByRole('listitem').count(), { timeout: 30_000 }).toBe(5);
        await page.getByLabel(/Project: search/).fill('Harbor');
        await page.getByRole('button', { name: /Harbor View Tower/ }).click();

        const row = found.getByRole('listitem').filter({ hasText: 'DSCN0012.jpg' });
        await expect
          .poll(() => row.textContent(), { timeout: 15_000 })
          .toContain(`Already on the service (photo ${colleagues!.id})`);
        const upload = page.getByRole('button', {
          name: /^Upload \d+ photos? to Harbor View Tower$/,
        });
        expect(await upload.textContent()).toBe('Upload 3 photos to Harbor View Tower');
        const anyway = page.getByLabel(/Upload duplicates anyway \(1 already on the service\)/);
        await anyway.check();
        expect(await upload.textContent()).toBe('Upload 4 photos to Harbor View Tower');
        await anyway.uncheck();
        expect(await upload.textContent()).toBe('Upload 3 photos to Harbor View Tower');

        await upload.click();
        await waitUntilUploaded(page, 3);
        const inHarbor = (await admin.state(service.info)).photos.filter(
          (photo) => photo.project_id === harbor.id,
        );
        expect(inHarbor).toHaveLength(4);
        expect(new Set(inHarbor.map((photo) => photo.hash)).size).toBe(4);
      },
    );
  },
);

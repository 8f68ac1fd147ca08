import { createHash } from 'node:crypto';
import { access, copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadedScreenshot, waitUntilUploaded } from '../support/e2e-harness';
import { admin } from '../support/photo-service-harness';
import { needs } from '../support/platform-needs';
import { ROOT } from '../support/upload-harness';
import {
  dropAndWaitForPhotos,
  openWindowSession,
  pickProject,
  seriousViolations,
  signInWindow,
  type WindowSession,
} from '../support/window-session';

const needsChromium = needs('chromium');

// Issue 26 §3 in the window, in Chromium through the bridge host, against the local service and
// its S3 store: a dropped folder's photos, in two subfolders, are moved once the service holds
// them to a folder chosen in the (scripted) folder dialog, each keeping its subfolder, and the
// queue says where each went.

/** The photos dropped, by their path under the dropped folder, and their fixture. */
const PHOTOS: readonly { readonly under: string; readonly fixture: string }[] = [
  { under: 'level-1/DSCN0010.jpg', fixture: 'gps/DSCN0010.jpg' },
  { under: 'level-1/Canon_40D.jpg', fixture: 'Canon_40D.jpg' },
  { under: 'level-2/DSCN0012.jpg', fixture: 'gps/DSCN0012.jpg' },
  { under: 'level-2/DSCN0021.jpg', fixture: 'gps/DSCN0021.jpg' },
];

const md5Of = async (path: string): Promise<string> =>
  createHash('md5')
    .update(await readFile(path))
    .digest('hex');

const exists = (path: string): Promise<boolean> =>
  access(path).then(
    () => true,
    () => false,
  );

describe.skipIf(needsChromium.skip)(needsChromium.title('after upload, in the window'), () => {
  let session: WindowSession;
  let destination: string;

  beforeAll(async () => {
    session = await openWindowSession({ folder: 'empty' });
    // A fresh folder outside the dropped one, as the user would make in the dialog.
    destination = await mkdtemp(join(tmpdir(), 'e2e-moved-'));
  });

  afterAll(async () => {
    await session?.close();
    if (destination) await rm(destination, { recursive: true, force: true });
  });

  it(
    'moves each uploaded photo to the chosen folder, keeping its subfolder, and the queue says where',
    { timeout: 180_000 },
    async () => {
      const { page, host, service, folder } = session;
      const samples = join(ROOT, 'test/fixtures/exif-samples/jpg');
      const md5s = new Map<string, string>();
      for (const photo of PHOTOS) {
        await mkdir(join(folder, photo.under, '..'), { recursive: true });
        await copyFile(join(samples, photo.fixture), join(folder, photo.under));
        md5s.set(photo.under, await md5Of(join(folder, photo.under)));
      }
      await signInWindow(session);
      const project = service.info.projects[0]!;
      // Tall enough that the whole batch panel shows at once in the screenshots.
      await page.setViewportSize({ width: 1280, height: 1600 });

      await dropAndWaitForPhotos(session, PHOTOS.length);
      await pickProject(page, project.name);
      // All of them to that one project (the subfolders are levels, not projects).
      await page.getByRole('checkbox', { name: 'Each subfolder to its own project' }).uncheck();

      // "Move to a folder…" opens the system's one-folder dialog (scripted): the page never
      // names the folder, main grants the one chosen.
      await host.choose([destination]);
      const after = page.getByRole('group', { name: 'After upload' });
      // A click, not check(): the radio turns on only once the dialog answered, not at once.
      await after.getByRole('radio', { name: 'Move to a folder…' }).click();
      await expect
        .poll(() => after.getByRole('radio', { name: 'Move to a folder…' }).isChecked())
        .toBe(true);
      expect(host.chooserKinds()).toEqual(['move-folder']);
      const chosenName = destination.split('/').pop()!;
      await after.getByText(`Folder: ${chosenName}`).waitFor();
      await loadedScreenshot(page, 'after-upload-1-choice');
      expect(await seriousViolations(page)).toEqual([]);

      await page
        .getByRole('button', { name: `Upload ${PHOTOS.length} photos to ${project.name}` })
        .click();
      await waitUntilUploaded(page, PHOTOS.length);
      // Polled: the queue may say Uploaded a moment before the service's state lists the photo.
      await expect
        .poll(
          async () => (await admin.state(service.info)).photos.map((entry) => entry.project_id),
          { timeout: 30_000 },
        )
        .toEqual(PHOTOS.map(() => project.id));

      // Each file ends in DESTINATION/<its subfolder>/<its name>, the same bytes, gone from
      // where it was dropped.
      for (const photo of PHOTOS) {
        const moved = join(destination, photo.under);
        await expect.poll(() => exists(moved), { timeout: 60_000 }).toBe(true);
        await expect.poll(() => exists(join(folder, photo.under)), { timeout: 30_000 }).toBe(false);
        expect(await md5Of(moved)).toBe(md5s.get(photo.under));
      }

      // The queue says where each one went.
      const queue = page.getByRole('list', { name: 'Queued items' });
      for (const photo of PHOTOS) {
        const name = photo.under.split('/').pop()!;
        const row = queue.getByRole('listitem').filter({ hasText: name });
        await expect
          .poll(() => row.textContent(), { timeout: 30_000 })
          .toContain(`Moved to ${join(destination, photo.under)}`);
      }
      await loadedScreenshot(page, 'after-upload-2-moved');
      expect(await seriousViolations(page)).toEqual([]);
    },
  );
});

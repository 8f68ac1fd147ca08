import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, waitUntilUploaded } from '../support/e2e-harness';
import { admin } from '../support/photo-service-harness';
import { needs } from '../support/platform-needs';
import {
  dropAndWaitForPhotos,
  openWindowSession,
  pickProject,
  seriousViolations,
  signInWindow,
  type WindowSession,
} from '../support/window-session';

const needsChromium = needs('chromium');

// Issue 26 §1 in Debian Chromium through the bridge host, against the local Photo Service: a
// batch description made a template from the Insert token menu, previewed per photo by the core,
// saved by name, and uploaded so that each photo gets its own folder and capture date.

const SAMPLES = join(import.meta.dirname, '../fixtures/exif-samples/jpg');
/** Each subfolder's photo and its capture date (DateTimeOriginal, no zone recorded). */
const PHOTOS = [
  { folder: 'Level 1', file: 'Nikon_D70.jpg', date: '2008-03-15' },
  { folder: 'Level 2', file: 'Pentax_K10D.jpg', date: '2008-05-04' },
] as const;

describe.skipIf(needsChromium.skip)(
  needsChromium.title('a description template in the window'),
  () => {
    let session: WindowSession;

    beforeAll(async () => {
      session = await openWindowSession({ folder: 'empty' });
      for (const photo of PHOTOS) {
        await mkdir(join(session.folder, photo.folder));
        await copyFile(join(SAMPLES, photo.file), join(session.folder, photo.folder, photo.file));
      }
    });

    afterAll(async () => {
      await session?.close();
    });

    it(
      'inserts tokens from the menu, previews each photo, saves the template and uploads',
      { timeout: 150_000 },
      async () => {
        const { page, service } = session;
        await signInWindow(session);
        await dropAndWaitForPhotos(session, PHOTOS.length);
        await page
          .getByRole('status')
          .filter({ hasText: /^Done: 2 photos/ })
          .waitFor();

        // One project for the whole batch: the subfolders only name the photos' folders.
        await page.getByRole('checkbox', { name: 'Each subfolder to its own project' }).uncheck();
        await pickProject(page, 'Harbor View Tower', 'Harbor');

        // The menu from the keyboard: Down opens it on its first token, Enter inserts it at the
        // caret and the editor has the focus again.
        const details = page.getByRole('form', { name: 'Batch details' });
        const editor = details.getByRole('textbox', { name: 'Description' });
        await editor.click();
        const insert = details.getByRole('button', { name: 'Insert token' });
        await insert.focus();
        await page.keyboard.press('ArrowDown');
        const menu = page.getByRole('menu', { name: 'Insert token' });
        await menu
          .getByRole('menuitem', { name: /^\{folder\} — the photo’s folder name$/ })
          .waitFor();
        await screenshot(page, 'template-1-menu');
        expect(await seriousViolations(page)).toEqual([]);
        await page.keyboard.press('Enter');
        await menu.waitFor({ state: 'detached' });
        await page.keyboard.type(', ');
        // Escape closes it, the focus back on its button; then {date}, three tokens down.
        await insert.focus();
        await page.keyboard.press('Enter');
        await menu.waitFor();
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'detached' });
        await expect
          .poll(() => page.evaluate<string>('document.activeElement?.textContent ?? ""'))
          .toBe('Insert token');
        await page.keyboard.press('Enter');
        await menu.waitFor();
        for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Enter');
        await menu.waitFor({ state: 'detached' });

        // The preview: each photo's own description, as the core renders it.
        for (const photo of PHOTOS)
          await expect
            .poll(() => details.getByLabel(`Preview of ${photo.file}`).textContent(), {
              timeout: 15_000,
            })
            .toBe(`${photo.folder}, ${photo.date}`);
        await screenshot(page, 'template-2-preview');
        expect(await seriousViolations(page)).toEqual([]);

        // Saved by name, then offered in the Template picker.
        await details.getByRole('button', { name: 'Save as template…' }).click();
        await details.getByRole('textbox', { name: 'Template name' }).fill('Site visit');
        await page.keyboard.press('Enter');
        await details.getByText('Saved the template “Site visit”.').waitFor();
        await expect
          .poll(() => details.getByRole('combobox', { name: 'Template' }).inputValue())
          .toBe('Site visit');
        await screenshot(page, 'template-3-saved');
        expect(await seriousViolations(page)).toEqual([]);

        await details.getByRole('button', { name: 'Upload 2 photos to Harbor View Tower' }).click();
        await waitUntilUploaded(page, 2);
        const project = service.info.projects.find((entry) => entry.name === 'Harbor View Tower');
        const held = (await admin.state(service.info)).photos.filter(
          (photo) => photo.project_id === project?.id,
        );
        expect(held.map((photo) => photo.description).sort()).toEqual(
          PHOTOS.map((photo) => `<p>${photo.folder}, ${photo.date}</p>`),
        );
      },
    );
  },
);

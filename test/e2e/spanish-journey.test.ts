import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shownWords } from '../support/catalog-words';
import { approveInBrowser, screenshot } from '../support/e2e-harness';
import { admin } from '../support/photo-service-harness';
import { needs } from '../support/platform-needs';
import {
  darkThemeFindings,
  dropFolder,
  openWindowSession,
  seriousViolations,
  type WindowSession,
} from '../support/window-session';
import { englishFormatsShown, englishMessagesShown } from '../support/window-words';

const needsChromium = needs('chromium');

// Issue 24 §2: a Spanish-speaking office. The "system" prefers Spanish (es-ES), so the window
// opens in Spanish with nothing chosen in Settings: sign in → drop a folder → upload → edit a
// description, all by the Spanish words a user reads.

/** A Spanish message as the window shows it. */
const es = shownWords('es');

/**
 * The page's screenshots in the light and dark themes, axe's serious findings, and no English
 * left: no English catalog message, no number, size or date written as English writes it.
 */
async function checkScreen(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  expect(await englishMessagesShown(page, 'es')).toEqual([]);
  expect(await englishFormatsShown(page)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
  expect(await darkThemeFindings(page, name)).toEqual([]);
}

describe.skipIf(needsChromium.skip)(needsChromium.title('the uploader in Spanish'), () => {
  let session: WindowSession;

  beforeAll(async () => {
    session = await openWindowSession({
      service: { processingDelayMs: 300 },
      hostEnv: () => Promise.resolve({ PHOTO_UPLOADER_SYSTEM_LANGUAGES: 'es-ES,en-US' }),
    });
  });

  afterAll(async () => {
    await session?.close();
  });

  it(
    'signs in, drops a folder, uploads and edits a description, in Spanish',
    { timeout: 200_000 },
    async () => {
      const { page, browser, host, service, folder } = session;
      const nav = page.getByRole('navigation', { name: es('nav.label') });
      await nav.getByRole('button', { name: es('nav.addPhotos') }).waitFor();
      expect(await page.evaluate('document.documentElement.lang')).toBe('es-ES');

      // Sign in.
      await page.getByRole('button', { name: es('signIn.signIn'), exact: true }).click();
      await approveInBrowser(browser, await host.nextBrowserUrl());
      const hostname = new URL(service.info.auth_url).hostname;
      await page.getByText(es('signIn.panel.signedIn', { service: hostname })).waitFor();

      // Drop the folder; pick the project by searching it; describe; upload.
      await dropFolder(page, host, folder);
      const found = page.getByRole('grid', { name: es('intake.review.photosFound') });
      await expect.poll(() => found.getByRole('gridcell').count(), { timeout: 30_000 }).toBe(5);
      await page.getByLabel(es('batch.project.search')).fill('Harbor');
      await page.getByRole('button', { name: /Harbor View Tower/ }).click();
      await page
        .getByRole('textbox', { name: es('intake.details.description'), exact: true })
        .fill('Zapatas hormigonadas');
      await checkScreen(page, 'spanish-add-photos');
      await page
        .getByRole('button', {
          name: es('intake.upload.buttonTo', { count: 4, project: 'Harbor View Tower' }),
        })
        .click();
      await page.getByText(es('queue.notice.finished', { done: 4 })).waitFor({ timeout: 60_000 });
      await checkScreen(page, 'spanish-queue');

      const project = service.info.projects.find((entry) => entry.name === 'Harbor View Tower');
      const photos = (await admin.state(service.info)).photos.filter(
        (photo) => photo.project_id === project?.id,
      );
      expect(photos).toHaveLength(4);

      // Edit the description of a photo already on the service.
      await nav.getByRole('button', { name: es('nav.existingPhotos') }).click();
      await page.getByLabel(es('batch.project.search')).fill('Harbor');
      await page.getByRole('button', { name: /Harbor View Tower/ }).click();
      const grid = page.getByRole('list', { name: es('photos.grid.label') });
      await expect.poll(() => grid.getByRole('listitem').count()).toBe(4);
      await grid.getByRole('button').first().click();
      const editor = page.getByRole('textbox', { name: es('photos.detail.description') });
      await editor.click();
      await page.keyboard.press('End');
      await page.keyboard.type(' y revisadas');
      await page.getByRole('button', { name: es('photos.detail.save') }).click();
      await page.getByText(es('photos.detail.saved')).waitFor();
      await checkScreen(page, 'spanish-existing-photos');
      await expect
        .poll(async () =>
          (await admin.state(service.info)).photos.some((photo) =>
            photo.description.includes('revisadas'),
          ),
        )
        .toBe(true);
    },
  );
});

import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageKey } from '../../shared/i18n/catalogs';
import { shownWords } from '../support/catalog-words';
import { approveInBrowser, imagesInViewLoaded, waitUntilUploaded } from '../support/e2e-harness';
import { needs } from '../support/platform-needs';
import { dropFolder, openWindowSession, type WindowSession } from '../support/window-session';
import { ROOT } from '../support/upload-harness';
import { clippedText, type TextFinding } from '../support/window-words';

const needsChromium = needs('chromium');

// Issue 24 §1 "Sizes": every screen works at 1024×700, at 1920×1080 and at 200 % zoom, in light
// and dark: no clipped text, no horizontal scrollbar, no wrapping header. Each screen is
// photographed at each size and theme (test-results/sizes-<screen>-<size>[-dark].png).

const en = shownWords('en');

/** The window sizes of the issue; 200 % zoom of a 1280×900 window lays out 640×450 CSS pixels. */
const SIZES = [
  { name: '1024x700', width: 1024, height: 700, scale: 1 },
  { name: '1920x1080', width: 1920, height: 1080, scale: 1 },
  { name: 'zoom200', width: 640, height: 450, scale: 2 },
] as const;

/** A button, tab or radio (a view switch may be any of them) by its catalog name. */
function control(page: Page, key: MessageKey): Locator {
  const name = en(key);
  return page
    .getByRole('button', { name, exact: true })
    .or(page.getByRole('tab', { name, exact: true }))
    .or(page.getByRole('radio', { name, exact: true }))
    .first();
}

/**
 * Whether the header wraps: the navigation's controls must sit in one row (a top bar) or one
 * column (a side bar); a control pushed onto a second row is the wrap the issue names.
 */
async function headerWraps(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`(() => {
    const nav = document.querySelector('nav');
    if (!nav) return ['no navigation'];
    const boxes = [...nav.querySelectorAll('a, button, [role=tab]')]
      .filter((element) => element.getClientRects().length > 0)
      .map((element) => element.getBoundingClientRect());
    if (boxes.length < 2) return [];
    const oneRow = boxes.every((box) => Math.abs(box.top - boxes[0].top) <= 2);
    const oneColumn = boxes.every((box) => Math.abs(box.left - boxes[0].left) <= 2);
    return oneRow || oneColumn ? [] : ['navigation wraps: ' + boxes.map((box) => Math.round(box.left) + ',' + Math.round(box.top)).join(' ')];
  })()`);
}

describe.skipIf(needsChromium.skip)(needsChromium.title('the window at every size'), () => {
  let session: WindowSession;
  const findings: { where: string; clipped: TextFinding[]; wraps: string[] }[] = [];

  /** Photographs the screen at every size and theme, recording clipped text and a wrapped header. */
  async function atEverySize(page: Page, screen: string): Promise<void> {
    const cdp = await page.context().newCDPSession(page);
    try {
      for (const size of SIZES) {
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          // Set again for each theme: a Playwright call may put its own viewport back.
          await cdp.send('Emulation.setDeviceMetricsOverride', {
            width: size.width,
            height: size.height,
            deviceScaleFactor: size.scale,
            mobile: false,
          });
          expect(await page.evaluate('[innerWidth, innerHeight]')).toEqual([
            size.width,
            size.height,
          ]);
          const where = `${screen}-${size.name}${scheme === 'dark' ? '-dark' : ''}`;
          let seen = { where, clipped: [] as TextFinding[], wraps: [] as string[] };
          // A layout settles after a resize (a virtual list measures again): read until clean.
          await expect
            .poll(
              async () => {
                seen = {
                  where,
                  clipped: [...(await clippedText(page))],
                  wraps: await headerWraps(page),
                };
                return seen.clipped.length + seen.wraps.length;
              },
              { timeout: 5_000 },
            )
            .toBe(0)
            .catch(() => undefined);
          findings.push(seen);
          // The window as it is seen at this size: CDP's own capture, as a full-page Playwright
          // screenshot would lay the page out again at Playwright's viewport.
          await imagesInViewLoaded(page);
          const { data } = await cdp.send('Page.captureScreenshot', { format: 'png' });
          await writeFile(
            join(ROOT, 'test-results', `sizes-${where}.png`),
            Buffer.from(data, 'base64'),
          );
        }
      }
    } finally {
      await page.emulateMedia({ colorScheme: 'light' });
      await cdp.send('Emulation.clearDeviceMetricsOverride');
      await cdp.detach();
    }
  }

  beforeAll(async () => {
    session = await openWindowSession({ service: { processingDelayMs: 300 } });
  });

  afterAll(async () => {
    await session?.close();
  });

  it(
    'shows every screen with no clipped text, no horizontal scrollbar and no wrapping header',
    { timeout: 300_000 },
    async () => {
      const { page, browser, host, folder } = session;
      const nav = page.getByRole('navigation', { name: en('nav.label') });
      await nav.getByRole('button', { name: en('nav.addPhotos') }).waitFor();
      await atEverySize(page, 'signed-out');

      await page.getByRole('button', { name: en('signIn.signIn'), exact: true }).click();
      await approveInBrowser(browser, await host.nextBrowserUrl());
      // Signed in: the account button, named for the service's host (Sign out is in its panel).
      const hostname = new URL(session.service.info.auth_url).hostname;
      await page
        .getByRole('button', { name: en('signIn.panel.signedIn', { service: hostname }) })
        .waitFor({ timeout: 15_000 });

      await dropFolder(page, host, folder);
      const found = page.getByRole('grid', { name: en('intake.review.photosFound') });
      await expect.poll(() => found.getByRole('gridcell').count(), { timeout: 30_000 }).toBe(5);
      await page.getByLabel(en('batch.project.search')).fill('Harbor');
      await page.getByRole('button', { name: /Harbor View Tower/ }).click();
      await atEverySize(page, 'add-photos');
      await control(page, 'intake.review.layout.list').click();
      await atEverySize(page, 'add-photos-list');
      await control(page, 'intake.map.toggle').click();
      await atEverySize(page, 'add-photos-map');
      await control(page, 'intake.review.layout.grid').click();

      await page
        .getByRole('button', {
          name: en('intake.upload.buttonTo', { count: 4, project: 'Harbor View Tower' }),
        })
        .click();
      await waitUntilUploaded(page, 4);
      await atEverySize(page, 'queue');

      await nav.getByRole('button', { name: en('nav.existingPhotos') }).click();
      await page.getByLabel(en('batch.project.search')).fill('Harbor');
      await page.getByRole('button', { name: /Harbor View Tower/ }).click();
      const grid = page.getByRole('list', { name: en('photos.grid.label') });
      await expect.poll(() => grid.getByRole('listitem').count()).toBe(4);
      await atEverySize(page, 'existing-photos');
      await grid.getByRole('button').first().click();
      await page.getByRole('textbox', { name: en('photos.detail.description') }).waitFor();
      await atEverySize(page, 'existing-photo');

      await nav.getByRole('button', { name: en('nav.settings') }).click();
      await page.getByRole('tablist', { name: en('settings.sections.label') }).waitFor();
      await atEverySize(page, 'settings');

      expect(findings.filter((seen) => seen.clipped.length + seen.wraps.length > 0)).toEqual([]);
    },
  );
});

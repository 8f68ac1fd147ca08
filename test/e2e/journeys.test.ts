import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approveInBrowser,
  colleagueToken,
  type RunningBridgeHost,
  loadedScreenshot,
  waitUntilUploaded,
} from '../support/e2e-harness';
import { admin, api, type TestService } from '../support/photo-service-harness';
import { needs } from '../support/platform-needs';
import {
  darkThemeFindings,
  dropFolder,
  openWindowSession,
  seriousViolations,
  type WindowSession,
} from '../support/window-session';

const needsChromium = needs('chromium');

// The uploader's journeys in Debian Chromium, through the bridge host, against the local Photo
// Service and its S3 store: the real renderer and the real core, with only the OS played by the
// test (the system browser, where a dropped folder lives, the open dialog).

describe.skipIf(needsChromium.skip)(needsChromium.title('the uploader in Chromium'), () => {
  let session: WindowSession;
  let service: TestService;
  let host: RunningBridgeHost;
  let browser: Browser;
  let page: Page;
  let folder: string;

  beforeAll(async () => {
    session = await openWindowSession({ service: { processingDelayMs: 300 } });
    ({ service, host, browser, page, folder } = session);
  });

  afterAll(async () => {
    await session?.close();
  });

  it('explains a declined sign-in in plain words', { timeout: 60_000 }, async () => {
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Waiting for you to finish signing in in your web browser').waitFor();
    const consent = await browser.newPage();
    await consent.goto(await host.nextBrowserUrl());
    await consent.getByRole('button', { name: 'Deny' }).click();
    await consent.getByText('You can close this tab').waitFor();
    await consent.close();
    await page
      .getByRole('alert')
      .filter({ hasText: 'You declined access in the browser, so you are not signed in.' })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
  });

  it(
    'signs in, takes a dropped folder, describes it and uploads it',
    { timeout: 120_000 },
    async () => {
      await loadedScreenshot(page, 'journey-1-signed-out');
      expect(await seriousViolations(page)).toEqual([]);
      expect(await darkThemeFindings(page, 'journey-1-signed-out')).toEqual([]);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await approveInBrowser(browser, await host.nextBrowserUrl());
      await page.getByText(`Signed in to ${new URL(service.info.auth_url).hostname}`).waitFor();
      // What the sign-in allows, in words (the service grants the narrow photo scopes), in the
      // account's panel; Escape closes it.
      await page
        .getByRole('button', { name: `Signed in to ${new URL(service.info.auth_url).hostname}` })
        .click();
      await page
        .getByRole('dialog', { name: 'Account' })
        .getByText('may upload and edit photos')
        .waitFor();
      await loadedScreenshot(page, 'journey-1b-account');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Account' }).waitFor({ state: 'detached' });

      await dropFolder(page, host, folder);
      // The grid (the default view): each photo with its capture time in its own zone.
      const found = page.getByRole('grid', { name: 'Photos found' });
      await expect.poll(() => found.getByRole('gridcell').count(), { timeout: 30_000 }).toBe(5);
      const gps = found.getByRole('gridcell').filter({ hasText: 'DSCN0010.jpg' });
      expect(await gps.textContent()).toMatch(/2008.*16:28.*\(Rome\)|2008.*04:28 PM.*\(Rome\)/);
      await loadedScreenshot(page, 'journey-2b-review-grid');
      expect(await seriousViolations(page)).toEqual([]);
      const skipped = found.getByRole('gridcell').filter({ hasText: 'notes.txt' });
      expect(await skipped.textContent()).toMatch(/skipped.*Not a photo/);

      // The camera that records no zone: assume New York for this batch (it is read again).
      // The zone box filters its ~400 zones by any part of the id.
      await page.getByRole('combobox', { name: /Zone for photos without one/ }).fill('new_york');
      await page.getByRole('option', { name: 'America/New_York', exact: true }).click();
      const canon = found.getByRole('gridcell').filter({ hasText: 'Canon_40D.jpg' });
      await expect.poll(() => canon.textContent()).toContain('(New York)');
      // That one photo was read again under the new zone: once that reading is done, it gets a
      // description of its own (selected first, so the button has something to act on).
      await page
        .getByRole('status')
        .filter({ hasText: /^Done: 1 photo, 0 skipped/ })
        .waitFor();
      await canon.click();
      await expect.poll(() => canon.getAttribute('aria-selected')).toBe('true');
      await page.getByRole('button', { name: 'Own description for selected…' }).click();
      await page.getByRole('textbox', { name: /Description for the 1 selected/ }).click();
      await page.keyboard.type('Iguana on site');
      await page.getByRole('button', { name: 'Use for selected' }).click();
      await expect.poll(() => canon.textContent()).toContain('own description');

      // The project by searching its name; the description with bold and a list.
      await page.getByLabel(/Project: search/).fill('Harbor');
      await page.getByRole('button', { name: /Harbor View Tower/ }).click();
      const editor = page.getByRole('textbox', { name: 'Description' });
      await editor.click();
      await page.keyboard.type('Footings ');
      await page.keyboard.press('Control+B');
      await page.keyboard.type('poured');
      await page.keyboard.press('Control+B');
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Bulleted list' }).first().click();
      await page.keyboard.type('north wall');
      await page.keyboard.press('Enter');
      await page.keyboard.type('south wall');
      const expected =
        '<p>Footings <strong>poured</strong></p><ul><li><p>north wall</p></li><li><p>south wall</p></li></ul>';
      expect(await page.locator('.batch .preview').innerHTML()).toBe(expected);
      await loadedScreenshot(page, 'journey-2-review');
      // A small laptop window: the batch details move under the photos.
      await page.setViewportSize({ width: 800, height: 600 });
      await loadedScreenshot(page, 'journey-2-review-small');
      expect(await seriousViolations(page)).toEqual([]);
      expect(await darkThemeFindings(page, 'journey-2-review')).toEqual([]);
      await page.setViewportSize({ width: 1280, height: 900 });
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Upload 4 photos' }).click();
      await waitUntilUploaded(page, 4);
      await page.getByText('All uploads are finished').waitFor();
      await loadedScreenshot(page, 'journey-3-queue');
      expect(await seriousViolations(page)).toEqual([]);
      expect(await darkThemeFindings(page, 'journey-3-queue')).toEqual([]);

      const project = service.info.projects.find((entry) => entry.name === 'Harbor View Tower');
      const photos = (await admin.state(service.info)).photos.filter(
        (photo) => photo.project_id === project?.id,
      );
      expect(photos).toHaveLength(4);
      // 15:56:01 wall time, assumed New York (EDT, UTC-4 in May), with its own description.
      const iguana = photos.find(
        (photo) => photo.captured_at === Date.UTC(2008, 4, 30, 19, 56, 1) / 1000,
      );
      expect(iguana?.description).toBe('<p>Iguana on site</p>');
      for (const photo of photos.filter((entry) => entry !== iguana))
        expect(photo.description).toBe(expected);
      // DSCN0010: 16:28:39 wall time in Europe/Rome (UTC+2 in October) at 43.4674 N, 11.8851 E.
      const rome = photos.find(
        (photo) => photo.captured_at === Date.UTC(2008, 9, 22, 14, 28, 39) / 1000,
      );
      expect(rome?.coordinates?.lat).toBeCloseTo(43.467448, 5);
      expect(rome?.coordinates?.lon).toBeCloseTo(11.885126, 5);
    },
  );

  it('edits the description of a photo already on the service', { timeout: 60_000 }, async () => {
    await page.getByRole('button', { name: 'Existing photos' }).click();
    await page.getByLabel(/Project: search/).fill('Harbor');
    await page.getByRole('button', { name: /Harbor View Tower/ }).click();
    const grid = page.getByRole('list', { name: 'Photos in this project' });
    await expect.poll(() => grid.getByRole('listitem').count()).toBe(4);
    await loadedScreenshot(page, 'journey-4-existing');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await darkThemeFindings(page, 'journey-4-existing')).toEqual([]);
    await grid.getByRole('button').first().click();
    const editor = page.getByRole('textbox', { name: 'Description of this photo' });
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Rebar inspected');
    await page.getByRole('button', { name: 'Save description' }).click();
    await page.getByText('Saved.').waitFor();
    await loadedScreenshot(page, 'journey-5-edit');
    await expect
      .poll(
        async () =>
          (await admin.state(service.info)).photos.some(
            (photo) => photo.description === '<p>Rebar inspected</p>',
          ),
        { timeout: 20_000 },
      )
      .toBe(true);
  });

  it(
    'shows both versions when the description changed on the service meanwhile, and keeps the chosen one',
    { timeout: 60_000 },
    async () => {
      const token = await colleagueToken(browser, service.info);
      await page.getByRole('button', { name: 'Back to the photos' }).click();
      const grid = page.getByRole('list', { name: 'Photos in this project' });
      await grid.getByRole('button').nth(1).click();
      const label =
        (await page.getByRole('group', { name: /^Photo / }).getAttribute('aria-label')) ?? '';
      const photoId = label.replace('Photo ', '');
      // A colleague changes it on the service after it was opened here.
      const changed = await api(service.info, token, 'POST', `/v2/photos/${photoId}/descriptions`, {
        description: '<p>Colleague: formwork removed</p>',
      });
      expect(changed.status).toBe(201);
      await page.getByRole('textbox', { name: 'Description of this photo' }).click();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('Mine: slab cured');
      await page.getByRole('button', { name: 'Save description' }).click();
      const conflict = page.getByRole('group', { name: 'Description conflict' });
      await conflict.waitFor({ timeout: 20_000 });
      expect(await conflict.textContent()).toContain('Colleague: formwork removed');
      expect(await conflict.textContent()).toContain('Mine: slab cured');
      await loadedScreenshot(page, 'journey-5b-conflict');
      expect(await seriousViolations(page)).toEqual([]);
      await conflict.getByRole('button', { name: 'Keep mine' }).click();
      await expect
        .poll(
          async () =>
            (await admin.state(service.info)).photos.find((photo) => photo.id === photoId)
              ?.description,
          { timeout: 20_000 },
        )
        .toBe('<p>Mine: slab cured</p>');
    },
  );

  it(
    'waits offline with a banner and finishes by itself when the service is back',
    { timeout: 120_000 },
    async () => {
      await page.getByRole('button', { name: 'Add photos' }).click();
      await host.choose([folder]);
      await page.getByRole('button', { name: 'Choose folder…' }).click();
      const found = page.getByRole('grid', { name: 'Photos found' });
      await expect.poll(() => found.getByRole('gridcell').count(), { timeout: 30_000 }).toBe(5);
      await page.getByLabel(/Project: search/).fill('Maple');
      await page.getByRole('button', { name: /Maple Street School/ }).click();
      await page.getByRole('button', { name: 'Upload 4 photos' }).click();
      await service.suspend();
      const banner = page
        .getByRole('alert')
        .filter({ hasText: 'Uploads will resume by themselves' });
      await banner.waitFor({ timeout: 60_000 });
      await loadedScreenshot(page, 'journey-6-offline');
      await service.resume();
      const project = service.info.projects.find((entry) => entry.name.startsWith('Maple'));
      await expect
        .poll(
          async () =>
            (await admin.state(service.info)).photos.filter(
              (photo) => photo.project_id === project?.id,
            ).length,
          { timeout: 90_000 },
        )
        .toBe(4);
      await waitUntilUploaded(page, 8);
      await banner.waitFor({ state: 'detached' });
    },
  );

  it('shows the settings without secrets, accessibly', async () => {
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await loadedScreenshot(page, 'journey-7-settings');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await darkThemeFindings(page, 'journey-7-settings')).toEqual([]);
    await page.getByRole('tab', { name: 'Photo storage' }).click();
    await page.getByRole('button', { name: 'Test the photo host' }).click();
    await page.getByText('The photo host works').waitFor();
    expect(await page.content()).not.toContain(service.info.s3?.secret_access_key ?? 'none');
  });

  it('puts a banner over everything when the session ends; signing in again clears it', async () => {
    // The service forgets every grant (and, last test, every photo): the session has ended.
    await admin.post(service.info, '/reset', { tokens: true });
    await page.getByRole('button', { name: 'Existing photos' }).click();
    await page.getByLabel(/Project: search/).fill('Harbor');
    const banner = page.getByRole('alert').filter({
      hasText: 'Your session has ended. Sign in again; queued uploads are kept and will continue',
    });
    await banner.waitFor({ timeout: 20_000 });
    // The search that met the ended session says so too, not "sign in first".
    const existing = page.getByRole('region', { name: 'Existing photos' });
    await existing
      .getByRole('status')
      .filter({ hasText: 'Your session has ended. Sign in again; queued uploads are kept.' })
      .waitFor();
    expect(await page.getByText('Please sign in to the Photo Service first').count()).toBe(0);
    await loadedScreenshot(page, 'journey-8-session-ended');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await darkThemeFindings(page, 'journey-8-session-ended')).toEqual([]);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await approveInBrowser(browser, await host.nextBrowserUrl());
    await banner.waitFor({ state: 'detached', timeout: 20_000 });
    await page.getByText(`Signed in to ${new URL(service.info.auth_url).hostname}`).waitFor();
  });
});

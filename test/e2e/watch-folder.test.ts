import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approveInBrowser,
  launchChromium,
  type RunningBridgeHost,
  screenshot,
  startBridgeHostProcess,
  waitUntilUploaded,
} from '../support/e2e-harness';
import { admin, startTestService, type TestService } from '../support/photo-service-harness';
import { ROOT } from '../support/upload-harness';

// A watched folder in Chromium, through the bridge host, against the local service and its S3
// store: added in Settings through the (scripted) folder dialog, a photo written into it is
// queued by itself once complete and uploaded.

describe('a watched folder in the window', () => {
  let service: TestService;
  let host: RunningBridgeHost;
  let browser: Browser;
  let page: Page;
  let folder: string;

  beforeAll(async () => {
    service = await startTestService({ withS3: true, allowPrivateFetch: true });
    host = await startBridgeHostProcess(service.info);
    browser = await launchChromium();
    folder = await mkdtemp(join(tmpdir(), 'e2e-watched-'));
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(host.url);
  });

  afterAll(async () => {
    await browser?.close();
    await host?.stop();
    await service?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it(
    'adds a watched folder in Settings; a photo written into it is queued and uploaded',
    { timeout: 120_000 },
    async () => {
      await page.getByRole('button', { name: 'Sign in' }).click();
      await approveInBrowser(browser, await host.nextBrowserUrl());
      await page.getByText(`Signed in to ${service.info.auth_url}`).waitFor();
      const project = service.info.projects[0]!;

      await page
        .getByRole('navigation', { name: 'Screens' })
        .getByRole('button', { name: 'Settings' })
        .click();
      await page.getByLabel('Project id for the watched folder').fill(project.id);
      await page.getByLabel('Tags (comma-separated)').fill('site, watched');
      // The user picks the folder in the system's dialog (scripted here); the page never names it.
      await host.choose([folder]);
      await page.getByRole('button', { name: 'Add a watched folder…' }).click();
      const watched = page.getByRole('list', { name: 'Watched folders' }).getByRole('listitem');
      await expect.poll(() => watched.count(), { timeout: 10_000 }).toBe(1);
      await expect
        .poll(() => watched.first().textContent(), { timeout: 10_000 })
        .toContain('Watching');
      expect(await watched.first().textContent()).toContain(folder);

      await copyFile(
        join(ROOT, 'test/fixtures/exif-samples/jpg/Canon_40D.jpg'),
        join(folder, 'site.jpg'),
      );
      await expect
        .poll(() => watched.first().textContent(), { timeout: 30_000 })
        .toContain('(1 queued)');
      await screenshot(page, 'watch-folder-settings');

      await page
        .getByRole('navigation', { name: 'Screens' })
        .getByRole('button', { name: 'Queue' })
        .click();
      await waitUntilUploaded(page, 1);
      const stored = (await admin.state(service.info)).photos.filter(
        (photo) => photo.project_id === project.id,
      );
      expect(stored).toHaveLength(1);
      expect(stored[0]!.tags).toEqual(['site', 'watched']);
    },
  );
});

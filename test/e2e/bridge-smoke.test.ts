import type { Browser } from 'playwright';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approveInBrowser,
  type RunningBridgeHost,
  screenshot,
  waitUntilUploaded,
} from '../support/e2e-harness';
import { admin, type TestService } from '../support/photo-service-harness';
import { needs } from '../support/platform-needs';
import { openWindowSession, type WindowSession } from '../support/window-session';

const needsChromium = needs('chromium');

// The real renderer in Debian Chromium, through the bridge host, against the real core, the local
// Photo Service and its S3-compatible store: sign in, add a folder, see intake, upload.

describe.skipIf(needsChromium.skip)(
  needsChromium.title('the bridge host, driven from Chromium'),
  () => {
    let session: WindowSession;
    let service: TestService;
    let host: RunningBridgeHost;
    let browser: Browser;
    let folder: string;

    beforeAll(async () => {
      // The test opens pages of its own, to watch them from the first request.
      session = await openWindowSession();
      ({ service, host, browser, folder } = session);
    });

    afterAll(async () => {
      await session?.close();
    });

    it(
      'signs in, takes in a folder, and uploads it to the service',
      { timeout: 120_000 },
      async () => {
        const page = await browser.newPage();
        const problems: string[] = [];
        page.on('pageerror', (error) => problems.push(error.message));
        page.on('console', (message) => {
          if (message.type() === 'error') problems.push(message.text());
        });
        page.on('response', (response) => {
          if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
        });
        await page.goto(host.url);

        // Sign in: the app opens "the system browser"; the test approves there.
        await page.getByRole('button', { name: 'Sign in' }).click();
        await approveInBrowser(browser, await host.nextBrowserUrl());
        await expect
          .poll(
            () => page.getByText(`Signed in to ${new URL(service.info.auth_url).hostname}`).count(),
            {
              timeout: 15_000,
            },
          )
          .toBe(1);

        // Add the fixture folder through the chooser.
        await host.choose([folder]);
        await page.getByRole('button', { name: 'Choose folder…' }).click();
        const found = page.getByRole('grid', { name: 'Photos found' });
        await expect.poll(() => found.getByRole('gridcell').count(), { timeout: 30_000 }).toBe(5);
        await expect
          .poll(() => page.getByRole('status').filter({ hasText: 'Done:' }).textContent())
          .toContain('4 photos, 1 skipped');
        const gpsPhoto = found.getByRole('gridcell').filter({ hasText: 'DSCN0010.jpg' });
        await expect.poll(() => gpsPhoto.textContent()).toMatch(/2008.*\(Rome\)/);
        const skipped = found.getByRole('gridcell').filter({ hasText: 'notes.txt' });
        await expect.poll(() => skipped.textContent()).toMatch(/skipped.+/);
        // Thumbnails load through the host's thumbnail route (by MD5, never by path).
        await expect
          .poll(() =>
            gpsPhoto
              .locator('img')
              .evaluate((image) => (image as { naturalWidth: number }).naturalWidth),
          )
          .toBeGreaterThan(0);
        await screenshot(page, 'bridge-smoke-intake');

        // The grid by keyboard in a real browser: arrows move the focus, Shift extends, Ctrl+A.
        const cells = found.getByRole('gridcell');
        await cells.nth(0).click();
        await page.getByText('Select all (1 selected)').waitFor();
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('Shift+ArrowRight');
        await page.getByText('Select all (2 selected)').waitFor();
        const focused = page.locator(':focus');
        expect(await focused.getAttribute('aria-selected')).toBe('true');
        expect(await focused.textContent()).toContain('DSCN0012.jpg');
        await page.keyboard.press('Control+a');
        await page.getByText('Select all (5 selected)').waitFor();

        // Queue the batch and watch it finish.
        const project = service.info.projects[0];
        if (project === undefined) throw new Error('the service has no project');
        await page.getByLabel(/Project: search/).fill(project.id);
        await page.getByRole('button', { name: `Use project id ${project.id}` }).click();
        await page.getByRole('textbox', { name: 'Description' }).fill('Footings poured');
        await page.getByRole('button', { name: 'Upload 4 photos' }).click();
        await waitUntilUploaded(page, 4);
        await screenshot(page, 'bridge-smoke-queue');

        const state = await admin.state(service.info);
        const photos = state.photos.filter((photo) => photo.project_id === project.id);
        expect(photos).toHaveLength(4);
        for (const photo of photos) expect(photo.description).toBe('<p>Footings poured</p>');
        expect(photos.filter((photo) => photo.coordinates !== null)).toHaveLength(3);
        expect(problems).toEqual([]);
        await page.close();
      },
    );

    it('refuses a socket without the token or from another origin', async () => {
      const refused = (url: string, origin: string) =>
        new Promise<number>((resolve) => {
          const socket = new WebSocket(url, { origin });
          socket.on('unexpected-response', (_request, response) =>
            resolve(response.statusCode ?? 0),
          );
          socket.on('open', () => {
            socket.close();
            resolve(101);
          });
          socket.on('error', () => undefined);
        });
      const base = host.origin.replace('http', 'ws');
      expect(await refused(`${base}/bridge?token=wrong`, host.origin)).toBe(403);
      expect(await refused(`${base}/bridge?token=${host.token}`, 'http://evil.example')).toBe(403);
      expect(await refused(`${base}/bridge?token=${host.token}`, host.origin)).toBe(101);
      const thumbnail = await fetch(`${host.origin}/thumbnails/${'0'.repeat(32)}.jpg`);
      expect(thumbnail.status).toBe(403);
    });
  },
);

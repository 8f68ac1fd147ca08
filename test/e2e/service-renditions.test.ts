import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approveInBrowser,
  colleagueToken,
  type RunningBridgeHost,
  screenshot,
  waitUntilUploaded,
} from '../support/e2e-harness';
import { admin, api, type TestService } from '../support/photo-service-harness';
import { needs } from '../support/platform-needs';
import { openWindowSession, type WindowSession } from '../support/window-session';

const needsChromium = needs('chromium');

// The service's renditions live on another origin than its API (`--cdn`, as on a CDN). The window
// still shows them: the core fetches them and the host serves them from its own origin, so the
// page's image policy never names a remote origin.

describe.skipIf(needsChromium.skip)(
  needsChromium.title('thumbnails of photos on the service, from a CDN origin'),
  () => {
    let session: WindowSession;
    let service: TestService;
    let host: RunningBridgeHost;
    let browser: Browser;
    let folder: string;

    beforeAll(async () => {
      // The test opens pages of its own, to watch them from the first request.
      session = await openWindowSession({ service: { cdn: true } });
      ({ service, host, browser, folder } = session);
    });

    afterAll(async () => {
      await session?.close();
    });

    it('shows the service thumbnails in Existing photos', { timeout: 120_000 }, async () => {
      const filesUrl = service.info.files_url ?? '';
      expect(new URL(filesUrl).origin).not.toBe(new URL(service.info.base_url).origin);
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      const opened = await page.goto(host.url);
      const policy = (await opened?.headerValue('content-security-policy')) ?? '';
      const imgSrc = policy.split(';').find((part) => part.trim().startsWith('img-src')) ?? '';
      // Its own origin, blobs and the map's tile origin (OpenStreetMap by default) only: no
      // service, CDN or any other remote origin.
      expect(imgSrc.trim()).toBe("img-src 'self' blob: https://tile.openstreetmap.org");

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
      const project = service.info.projects[0];
      if (project === undefined) throw new Error('the service has no project');
      await host.choose([folder]);
      await page.getByRole('button', { name: 'Choose folder…' }).click();
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: 'Done:' }).textContent(), {
          timeout: 30_000,
        })
        .toContain('4 photos, 1 skipped');
      await page.getByLabel(/Project: search/).fill(project.id);
      await page.getByRole('button', { name: `Use project id ${project.id}` }).click();
      await page.getByRole('button', { name: 'Upload 4 photos' }).click();
      await waitUntilUploaded(page, 4);
      await service.idle();

      // The service's answer really points at the CDN origin.
      const stored = (await admin.state(service.info)).photos.filter(
        (photo) => photo.project_id === project.id,
      );
      expect(stored).toHaveLength(4);
      expect(stored.every((photo) => photo.processing_status === 'processed')).toBe(true);
      const token = await colleagueToken(browser, service.info);
      const answer = await api(service.info, token, 'GET', `/v2/photos/${stored[0]?.id ?? ''}`);
      expect(JSON.stringify(answer.body)).toContain(`"url":"${filesUrl}/files/`);
      expect(JSON.stringify(answer.body)).not.toContain(`${service.info.base_url}/files/`);

      await page.getByRole('button', { name: 'Existing photos' }).click();
      await page.getByLabel(/Project: search/).fill(project.id);
      await page.getByRole('button', { name: `Use project id ${project.id}` }).click();
      const grid = page.getByRole('list', { name: 'Photos in this project' });
      await expect.poll(() => grid.getByRole('listitem').count(), { timeout: 15_000 }).toBe(4);
      const images = grid.locator('img');
      await expect.poll(() => images.count()).toBe(4);
      // Every thumbnail actually loaded (a refused or failed image has no natural width).
      await expect
        .poll(
          async () =>
            Math.min(
              ...(await images.evaluateAll((all) =>
                all.map((image) => (image as { naturalWidth: number }).naturalWidth),
              )),
            ),
          { timeout: 20_000 },
        )
        .toBeGreaterThan(0);
      // The page names photos by id on its own origin; the CDN's address never reaches it.
      for (const source of await images.evaluateAll((all) =>
        all.map((image) => (image as { src: string }).src),
      )) {
        expect(source.startsWith(`${host.origin}/renditions/`)).toBe(true);
        expect(source).not.toContain(filesUrl);
      }
      await screenshot(page, 'renditions-existing');
      expect(problems).toEqual([]);
      await page.close();
    });

    it('serves renditions only with the token, and only of listed photos', async () => {
      expect((await fetch(`${host.origin}/renditions/1`)).status).toBe(403);
      const unknown = await fetch(`${host.origin}/renditions/not-listed?token=${host.token}`);
      expect(unknown.status).toBe(404);
      const odd = await fetch(`${host.origin}/renditions/a%2Fb?token=${host.token}`);
      expect(odd.status).toBe(404);
    });
  },
);

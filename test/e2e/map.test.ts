import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, waitUntilUploaded } from '../support/e2e-harness';
import { plainJpeg, writeTags } from '../support/exiftool';
import { requireKeychain } from '../support/keychain';
import { admin } from '../support/photo-service-harness';
import { needs } from '../support/platform-needs';
import {
  axeFor,
  dropFolder,
  openScreen,
  openSettingsSection,
  openWindowSession,
  seriousViolations,
  signInWindow,
  type WindowSession,
} from '../support/window-session';

const needsChromiumAndKeychainAndExiftool = needs('chromium', 'gnome-keyring', 'exiftool');

// Issue 15 §1, the map panel in Chromium: tiles come from a local tile server named in the
// settings (the window's policy admits that origin only), the far photo is picked on the map and
// moved to its nearest project; with the tile server down, the positions still show. The
// clusters come from the map's Web Worker (map-worker.js, served by the host like main.js).

/** A tile server on loopback: one PNG for any /{z}/{x}/{y}.png, counting what it served. */
async function startTileServer(): Promise<{
  readonly origin: string;
  readonly requests: string[];
  close(): Promise<void>;
}> {
  const png = await sharp({
    create: { width: 256, height: 256, channels: 3, background: { r: 230, g: 236, b: 222 } },
  })
    .png()
    .toBuffer();
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(request.url ?? '');
    if (!/^\/\d+\/\d+\/\d+\.png$/.test(request.url ?? ''))
      return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' });
    response.end(png);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        // Chromium keeps its connections open: end them, or close would wait for them.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A JPEG with a GPS position written by ExifTool (null: no GPS at all). */
async function photoAt(
  file: string,
  seed: number,
  at: { lat: number; lon: number } | null,
): Promise<void> {
  await plainJpeg(file, seed);
  if (at === null) return;
  await writeTags(file, {
    GPSLatitude: String(Math.abs(at.lat)),
    GPSLatitudeRef: at.lat >= 0 ? 'N' : 'S',
    GPSLongitude: String(Math.abs(at.lon)),
    GPSLongitudeRef: at.lon >= 0 ? 'E' : 'W',
  });
}

describe.skipIf(needsChromiumAndKeychainAndExiftool.skip)(
  needsChromiumAndKeychainAndExiftool.title('the map panel, in Chromium'),
  () => {
    let session: WindowSession;
    let tiles: Awaited<ReturnType<typeof startTileServer>>;
    let photos: string;
    /** Every address the page asked for, to check nothing left for elsewhere. */
    const requested: string[] = [];

    beforeAll(async () => {
      await requireKeychain();
      tiles = await startTileServer();
      photos = await mkdtemp(join(tmpdir(), 'e2e-map-photos-'));
      // Harbor View Tower (Oakland) has coordinates and a geofence; Northgate is in Seattle.
      await photoAt(join(photos, 'on-site.jpg'), 1, { lat: 37.7958, lon: -122.279 });
      await photoAt(join(photos, 'near.jpg'), 2, { lat: 37.7995, lon: -122.2786 });
      await photoAt(join(photos, 'seattle.jpg'), 3, { lat: 47.7066, lon: -122.3252 });
      await photoAt(join(photos, 'no-gps.jpg'), 4, null);
      session = await openWindowSession({ service: { autoApprove: true }, folder: 'empty' });
      session.page.on('request', (request) => requested.push(request.url()));
    }, 90_000);

    afterAll(async () => {
      await session?.close();
      await tiles?.close();
      if (photos) await rm(photos, { recursive: true, force: true });
    });

    /**
     * Saves `template` as the map tile address in Settings, confirmed in the (native) dialog as a
     * change of where the window's requests go, and reloads the window as offered.
     */
    async function useTiles(template: string): Promise<string> {
      const { page, host } = session;
      await host.answerConfirmation(true);
      await openSettingsSection(page, 'Map');
      await page.getByLabel('Map tile address').fill(template);
      await page.getByRole('button', { name: 'Save' }).click();
      const [response] = await Promise.all([
        page.waitForEvent('response', (answer) => answer.request().resourceType() === 'document'),
        page.getByRole('button', { name: 'Reload the window now' }).click(),
      ]);
      return (await response.headerValue('content-security-policy')) ?? '';
    }

    /** Drops the photos, picks Harbor View Tower and opens the map. */
    async function reviewOnMap(): Promise<void> {
      const { page, host } = session;
      await openScreen(page, 'Add photos');
      await dropFolder(page, host, photos);
      // The list view: its checkboxes show which photos a click on the map selected.
      await page.getByRole('radio', { name: 'List', exact: true }).click();
      const found = page.getByRole('list', { name: 'Photos found' });
      await expect.poll(() => found.getByRole('listitem').count(), { timeout: 30_000 }).toBe(4);
      await page.getByLabel(/Project: search/).fill('Harbor');
      await page.getByRole('button', { name: /Harbor View Tower/ }).click();
      await page.getByRole('button', { name: 'Map', exact: true }).click();
    }

    it(
      'takes tiles from the local server only, and moves the far photo picked on the map to its nearest project',
      { timeout: 180_000 },
      async () => {
        const { page, service } = session;
        await signInWindow(session);
        // A plain-http address elsewhere is refused with a clear sentence, and nothing is saved.
        await openSettingsSection(page, 'Map');
        await page.getByLabel('Map tile address').fill('http://tiles.example.org/{z}/{x}/{y}.png');
        await page.getByRole('button', { name: 'Save' }).click();
        await page
          .getByText(/must start with https:\/\/ \(plain http:\/\/ only to this computer/)
          .waitFor();

        const policy = await useTiles(`${tiles.origin}/{z}/{x}/{y}.png`);
        expect(policy).toMatch(new RegExp(`img-src 'self' blob: ${tiles.origin};`));
        expect(policy).not.toContain('openstreetmap');
        expect(policy).toContain("worker-src 'self';");

        await reviewOnMap();
        const map = page.getByRole('region', { name: 'Map of the photos' });
        await map
          .getByText('3 photos on the map, 1 far from the project')
          .waitFor({ timeout: 20_000 });
        await map.getByText('1 photo has no position').waitFor();
        // The index runs in the map's worker, loaded from the window's own origin as a script.
        // (The panel starts it once the tile address is read, just after the counts show.)
        await expect
          .poll(() => page.workers().map((worker) => worker.url()), { timeout: 10_000 })
          .toContain(`${session.host.origin}/map-worker.js`);
        const workerScript = await page.request.get(`${session.host.origin}/map-worker.js`);
        expect(workerScript.headers()['content-type']).toMatch(/^text\/javascript/);
        expect(await map.getByRole('alert').count()).toBe(0);
        const attribution = map.getByRole('link', { name: 'OpenStreetMap contributors' });
        expect(await attribution.getAttribute('href')).toBe(
          'https://www.openstreetmap.org/copyright',
        );
        await expect.poll(() => tiles.requests.length, { timeout: 15_000 }).toBeGreaterThan(0);

        // The far photo: an outlined diamond, picked on the map; the review list follows.
        const farPoint = map.getByRole('button', {
          name: 'Select seattle.jpg, far from the project',
        });
        expect(await farPoint.getAttribute('class')).toMatch(/\bfar\b/);
        await screenshot(page, 'map-panel');
        await farPoint.click();
        const row = page.getByRole('checkbox', { name: 'Select seattle.jpg' });
        await expect.poll(() => row.isChecked()).toBe(true);
        await expect
          .poll(() => farPoint.getAttribute('aria-pressed'), { timeout: 5_000 })
          .toBe('true');
        expect(await page.getByRole('checkbox', { name: 'Select near.jpg' }).isChecked()).toBe(
          false,
        );

        const axe = await axeFor(page).include('.map-panel').analyze();
        expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
        // The same in the dark theme (the OS's appearance, emulated): the whole page, contrast too.
        await page.emulateMedia({ colorScheme: 'dark' });
        try {
          await screenshot(page, 'map-panel-dark');
          expect(await seriousViolations(page)).toEqual([]);
        } finally {
          await page.emulateMedia({ colorScheme: 'light' });
        }

        // The two photos at the tower share a cluster at this zoom (the worker's answer); the
        // project's pin lies in a pane above it, so it shows on top.
        const cluster = map.getByRole('button', { name: '2 photos here: zoom in' });
        expect(await cluster.textContent()).toBe('2');
        const paneLayer = (pane: string): Promise<unknown> =>
          page.evaluate(
            `Number(getComputedStyle(document.querySelector('.map-panel .leaflet-${pane}-pane')).zIndex)`,
          );
        expect(await map.locator('.leaflet-mapProject-pane .map-project-pin').count()).toBe(1);
        expect(await map.locator('.leaflet-mapProject-pane path.map-geofence').count()).toBe(1);
        expect(await map.locator('.leaflet-marker-pane .map-cluster').count()).toBe(1);
        expect(await paneLayer('mapProject')).toBeGreaterThan(Number(await paneLayer('marker')));
        // Clicking the cluster zooms in to its photos; the far one leaves the view.
        await cluster.click();
        await map.getByRole('button', { name: 'Select on-site.jpg' }).waitFor({ timeout: 10_000 });
        await map.getByRole('button', { name: 'Select near.jpg' }).waitFor();
        expect(await map.locator('.map-project-pin').count()).toBe(1);
        expect(await map.locator('path.map-geofence').count()).toBe(1);
        await expect.poll(() => farPoint.count()).toBe(0);
        // "Show all photos", by keyboard, brings every photo and the pin back into view.
        await map.getByRole('button', { name: 'Show all photos' }).focus();
        await page.keyboard.press('Enter');
        await farPoint.waitFor({ timeout: 10_000 });
        await map.getByRole('button', { name: '2 photos here: zoom in' }).waitFor();
        expect(await map.locator('.map-project-pin').isVisible()).toBe(true);

        // Moved to the suggested project, the others stay with Harbor View Tower.
        await page.getByLabel('Move them to Northgate Medical Center').check();
        await page
          .getByRole('button', { name: /^Upload \d+ photos? to Harbor View Tower$/ })
          .click();
        await waitUntilUploaded(page, 4);
        const state = await admin.state(service.info);
        const projectOf = (name: string) =>
          service.info.projects.find((project) => project.name === name)?.id;
        const byProject = new Map<string | undefined, number>();
        for (const photo of state.photos)
          byProject.set(photo.project_id, (byProject.get(photo.project_id) ?? 0) + 1);
        expect(byProject.get(projectOf('Northgate Medical Center'))).toBe(1);
        expect(byProject.get(projectOf('Harbor View Tower'))).toBe(3);

        // Nothing came from anywhere but the app and the local tile server.
        const elsewhere = requested.filter(
          (url) =>
            !url.startsWith(`${session.host.origin}/`) &&
            !url.startsWith(`${tiles.origin}/`) &&
            !url.startsWith('data:') &&
            !url.startsWith('blob:'),
        );
        expect(elsewhere).toEqual([]);
        expect(tiles.requests.every((path) => /^\/\d+\/\d+\/\d+\.png$/.test(path))).toBe(true);
      },
    );

    it(
      'shows the positions on a plain background with a scale when the tile server is down',
      { timeout: 120_000 },
      async () => {
        const { page } = session;
        const down = tiles.origin;
        await tiles.close();
        const before = tiles.requests.length;
        await useTiles(`${down}/down/{z}/{x}/{y}.png`);
        await reviewOnMap();
        const map = page.getByRole('region', { name: 'Map of the photos' });
        await map
          .getByText('Map tiles could not be loaded; showing positions only.')
          .waitFor({ timeout: 20_000 });
        expect(await map.getByText(/Map tiles could not be loaded/).count()).toBe(1);
        await map
          .getByRole('button', { name: 'Select seattle.jpg, far from the project' })
          .waitFor();
        await map.getByText('3 photos on the map, 1 far from the project').waitFor();
        expect(await map.locator('.leaflet-control-scale-line').count()).toBeGreaterThan(0);
        expect(tiles.requests.length).toBe(before);
        await screenshot(page, 'map-panel-offline');
        const axe = await axeFor(page).include('.map-panel').analyze();
        expect(axe.violations.map((violation) => violation.id)).toEqual([]);
      },
    );
  },
);

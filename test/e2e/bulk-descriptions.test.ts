import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/e2e-harness';
import { admin, api, type FileServer, serveFiles, signIn } from '../support/photo-service-harness';
import { needs } from '../support/platform-needs';
import { ROOT } from '../support/upload-harness';
import {
  openWindowSession,
  seriousViolations,
  signInWindow,
  type WindowSession,
} from '../support/window-session';

const needsChromium = needs('chromium');

// Issue 14 §5 in Chromium: many photos of Existing photos selected (click, Shift-click, all),
// one description set or appended on all of them, each queued as its own edit with its own base:
// a photo a colleague changed meanwhile is held as a conflict, the others reach the service.

describe.skipIf(needsChromium.skip)(
  needsChromium.title('editing many descriptions at once, in Chromium'),
  () => {
    let session: WindowSession;
    let files: FileServer;
    let token: string;
    let projectId: string;
    const ids: string[] = [];

    const descriptionOf = async (photoId: string) =>
      (await admin.state(session.service.info)).photos.find((photo) => photo.id === photoId)
        ?.description;

    beforeAll(async () => {
      session = await openWindowSession({ service: { autoApprove: true }, folder: 'empty' });
      const { service } = session;
      files = await serveFiles({
        '/a.jpg': await readFile(join(ROOT, 'test/fixtures/exif-samples/jpg/gps/DSCN0010.jpg')),
      });
      // A colleague's token: the photos are theirs, and one description changes behind our back.
      token = (await signIn(service.info)).access_token;
      projectId = service.info.projects.find((entry) => entry.name === 'Harbor View Tower')!.id;
      for (let index = 0; index < 4; index += 1) {
        const created = await api(service.info, token, 'POST', `/v2/projects/${projectId}/photos`, {
          photo: {
            uri: files.url('/a.jpg'),
            captured_at: 1_600_000_000 + index * 60,
            description: `<p>Photo ${index}</p>`,
          },
        });
        expect(created.status).toBe(201);
        ids.push((created.body as { id: string }).id);
      }
      await service.idle();
      await signInWindow(session);
    }, 90_000);

    afterAll(async () => {
      await files?.close();
      await session?.close();
    });

    const openProject = async () => {
      const { page } = session;
      await page.getByRole('button', { name: 'Existing photos' }).click();
      await page.getByLabel(/Project: search/).fill('Harbor');
      await page.getByRole('button', { name: /Harbor View Tower/ }).click();
      const grid = page.getByRole('list', { name: 'Photos in this project' });
      await expect.poll(() => grid.getByRole('listitem').count(), { timeout: 15_000 }).toBe(4);
      return grid;
    };

    it(
      'selects a range with Shift-click and sets one description on each',
      { timeout: 90_000 },
      async () => {
        const { page } = session;
        const grid = await openProject();
        const boxes = grid.getByRole('checkbox');
        // Click the first, Shift-click the third: three photos, in the grid's order. A card shows
        // its box when pointed at (or focused), and every card shows it once one is selected.
        await grid.getByRole('listitem').nth(0).hover();
        await boxes.nth(0).click();
        await boxes.nth(2).click({ modifiers: ['Shift'] });
        await page.getByText(/^3 selected ·/).waitFor();
        const chosen: string[] = [];
        for (const index of [0, 1, 2]) {
          const label = (await boxes.nth(index).getAttribute('aria-label')) ?? '';
          chosen.push(ids.find((id) => label.endsWith(id.slice(0, 8)))!);
        }
        const left = ids.find((id) => !chosen.includes(id))!;
        expect(chosen.every((id) => id !== undefined)).toBe(true);

        await page.getByRole('textbox', { name: 'Description for the 3 selected photos' }).click();
        await page.keyboard.type('Level 2 handed over');
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, 'bulk-1-selected');
        await page.getByRole('button', { name: 'Set description of 3 photos' }).click();
        await page.getByText('Queued the description of 3 photos.').waitFor();
        for (const id of chosen)
          await expect
            .poll(() => descriptionOf(id), { timeout: 20_000 })
            .toBe('<p>Level 2 handed over</p>');
        expect(await descriptionOf(left)).toMatch(/^<p>Photo \d<\/p>$/);
      },
    );

    it(
      'appends to all; the photo a colleague changed meanwhile is held as a conflict, the others are done',
      { timeout: 90_000 },
      async () => {
        const { page, service } = session;
        const grid = page.getByRole('list', { name: 'Photos in this project' });
        await page.getByRole('button', { name: 'Select all' }).click();
        await page.getByText(/^4 selected ·/).waitFor();
        const before = new Map<string, string>();
        for (const id of ids) before.set(id, (await descriptionOf(id)) ?? '');
        // A colleague changes one photo after the window listed it.
        const changed = await api(
          service.info,
          token,
          'POST',
          `/v2/photos/${ids[3]}/descriptions`,
          {
            description: '<p>Colleague: crane removed</p>',
          },
        );
        expect(changed.status).toBe(201);

        await page.getByRole('radio', { name: 'Add after each photo’s description' }).check();
        await page.getByRole('textbox', { name: 'Description for the 4 selected photos' }).click();
        await page.keyboard.type('Checked by site manager');
        await page.getByRole('button', { name: 'Append to 4 photos' }).click();
        await page.getByText('Queued the description of 4 photos.').waitFor();

        for (const id of ids.slice(0, 3))
          await expect
            .poll(() => descriptionOf(id), { timeout: 20_000 })
            .toBe(`${before.get(id)}<p>Checked by site manager</p>`);
        // The changed one keeps the colleague's text and waits for the user's choice.
        const conflicted = grid.getByRole('listitem').filter({ hasText: 'Description conflict' });
        await expect.poll(() => conflicted.count(), { timeout: 20_000 }).toBe(1);
        expect(await conflicted.textContent()).toContain(ids[3]!.slice(0, 8));
        expect(await descriptionOf(ids[3]!)).toBe('<p>Colleague: crane removed</p>');
        await screenshot(page, 'bulk-2-conflict');
        await conflicted.getByRole('button').click();
        const conflict = page.getByRole('group', { name: 'Description conflict' });
        await conflict.waitFor();
        expect(await conflict.textContent()).toContain('Colleague: crane removed');
        expect(await conflict.textContent()).toContain('Checked by site manager');
      },
    );
  },
);

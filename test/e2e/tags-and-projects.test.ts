import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, waitUntilUploaded } from '../support/e2e-harness';
import { admin, md5 } from '../support/photo-service-harness';
import { needs } from '../support/platform-needs';
import { makePhotos } from '../support/upload-harness';
import {
  dropFolder,
  openWindowSession,
  seriousViolations,
  signInWindow,
  type WindowSession,
} from '../support/window-session';

const needsChromium = needs('chromium');

// A folder per project and tags, in Debian Chromium through the bridge host, against the local
// Photo Service and its S3 store: the real renderer and core; the test plays the OS (the drop).

describe.skipIf(needsChromium.skip)(
  needsChromium.title('tags and a project per subfolder in Chromium'),
  () => {
    let session: WindowSession;

    beforeAll(async () => {
      session = await openWindowSession({ folder: 'empty' });
    });

    afterAll(async () => {
      await session?.close();
    });

    it(
      'suggests a project for each subfolder, takes tag chips, and the service holds both',
      { timeout: 120_000 },
      async () => {
        const { page, host, service, folder } = session;
        // Folders named like two projects, in another case than the projects' own names.
        const harbor = await makePhotos(join(folder, 'harbor view tower'), 2, 700);
        const bridge = await makePhotos(join(folder, 'RIVERSIDE BRIDGE REPAIR', 'Deck'), 2, 710);
        // A folder no project is named like: the user picks its project.
        const school = await makePhotos(join(folder, 'Nowhere Street'), 1, 720);
        await signInWindow(session);

        await dropFolder(page, host, folder);
        const found = page.getByRole('grid', { name: 'Photos found' });
        await expect.poll(() => found.getByRole('gridcell').count(), { timeout: 30_000 }).toBe(5);

        // The app's suggestions, found by searching each subfolder's name; the user confirms.
        const rows = page.getByRole('list', { name: 'Project of each subfolder' });
        const harborRow = rows.getByRole('listitem', { name: 'Folder harbor view tower' });
        const bridgeRow = rows.getByRole('listitem', { name: 'Folder RIVERSIDE BRIDGE REPAIR' });
        await harborRow.getByText('suggested project Harbor View Tower').waitFor();
        await bridgeRow.getByText('suggested project Riverside Bridge Repair').waitFor();
        const nowhereRow = rows.getByRole('listitem', { name: 'Folder Nowhere Street' });
        await nowhereRow.getByText('No project matches "Nowhere Street"').waitFor();
        // Nothing goes out before each suggestion is confirmed.
        await page.getByRole('button', { name: 'Upload 5 photos' }).click();
        await page
          .getByRole('alert')
          .filter({ hasText: 'Confirm or change the project' })
          .waitFor();
        await screenshot(page, 'tags-1-suggestions');
        expect(await seriousViolations(page)).toEqual([]);
        await harborRow
          .getByRole('button', { name: 'Confirm Harbor View Tower for harbor view tower' })
          .click();
        await bridgeRow.getByRole('button', { name: /^Confirm Riverside Bridge Repair/ }).click();
        await bridgeRow.getByText('→ Riverside Bridge Repair').waitFor();
        await nowhereRow.getByRole('button', { name: 'Change project of Nowhere Street' }).click();
        await nowhereRow.getByLabel(/Project: search/).fill('Maple');
        await nowhereRow.getByRole('button', { name: /Maple Street School Renovation/ }).click();
        await nowhereRow.getByText('→ Maple Street School Renovation').waitFor();

        // Two tag chips for the batch: one with Enter, one with a comma; a third removed again.
        const tagInput = page.getByRole('textbox', { name: 'Tags', exact: true });
        await tagInput.fill('Inspection');
        await tagInput.press('Enter');
        await tagInput.pressSequentially('Week 12,');
        await tagInput.pressSequentially('Oops');
        await tagInput.press('Enter');
        await page.getByRole('button', { name: 'Remove tag Oops' }).click();
        const chips = page.getByRole('list', { name: 'Tags', exact: true }).getByRole('listitem');
        await expect.poll(() => chips.allTextContents()).toEqual(['Inspection×', 'Week 12×']);
        // A tag for one selected photo only.
        const deck = found.getByRole('gridcell').filter({ hasText: basename(bridge[0]!.path) });
        await deck.click();
        await page.getByRole('button', { name: 'Tags for selected…' }).click();
        const own = page.getByRole('textbox', { name: /Tags for the 1 selected/ });
        await own.fill('Crack');
        await own.press('Enter');
        await own.fill('Smudge');
        await own.press('Enter');
        await page.getByRole('button', { name: 'Add tags to selected' }).click();
        await page.getByText('1 photo has their own tags too.').waitFor();
        // The photo's own tags are on its row; one is removed there, and is not sent.
        const deckName = basename(bridge[0]!.path);
        const ownChips = deck
          .getByRole('list', { name: `Own tags of ${deckName}` })
          .getByRole('listitem');
        await expect.poll(() => ownChips.allTextContents()).toEqual(['Crack×', 'Smudge×']);
        await deck.getByRole('button', { name: `Remove tag Smudge from ${deckName}` }).click();
        await expect.poll(() => ownChips.allTextContents()).toEqual(['Crack×']);
        await screenshot(page, 'tags-2-chips');
        expect(await seriousViolations(page)).toEqual([]);

        await page.getByRole('button', { name: 'Upload 5 photos' }).click();
        await waitUntilUploaded(page, 5);
        await screenshot(page, 'tags-3-queue');
        expect(await seriousViolations(page)).toEqual([]);

        const state = await admin.state(service.info);
        const projectId = (name: string) =>
          service.info.projects.find((project) => project.name === name)?.id;
        const stored = async (path: string) => {
          const hash = md5(await readFile(path));
          const photo = state.photos.find((entry) => entry.hash === hash);
          return photo && { project: photo.project_id, tags: photo.tags };
        };
        for (const photo of harbor)
          expect(await stored(photo.path)).toEqual({
            project: projectId('Harbor View Tower'),
            tags: ['Inspection', 'Week 12'],
          });
        expect(await stored(bridge[0]!.path)).toEqual({
          project: projectId('Riverside Bridge Repair'),
          tags: ['Inspection', 'Week 12', 'Crack'],
        });
        expect(await stored(bridge[1]!.path)).toEqual({
          project: projectId('Riverside Bridge Repair'),
          tags: ['Inspection', 'Week 12'],
        });
        expect(await stored(school[0]!.path)).toEqual({
          project: projectId('Maple Street School Renovation'),
          tags: ['Inspection', 'Week 12'],
        });
      },
    );

    it(
      'filters the existing photos by tag, and names who uploaded them (issue 26 §1)',
      { timeout: 60_000 },
      async () => {
        const { page } = session;
        await page.setViewportSize({ width: 1024, height: 700 });
        await page.getByRole('button', { name: 'Existing photos' }).click();
        await page.getByLabel(/Project: search/).fill('Riverside');
        await page.getByRole('button', { name: /Riverside Bridge Repair/ }).click();
        const grid = page.getByRole('list', { name: 'Photos in this project' });
        await expect.poll(() => grid.getByRole('listitem').count()).toBe(2);

        // The tag from the keyboard: the list opens with the arrow key, typing finds the tag.
        const filter = page.getByRole('search', { name: 'Filter the photos' });
        const tag = filter.getByRole('button', { name: /Tag/ });
        await tag.focus();
        await page.keyboard.press('ArrowDown');
        const tags = page.getByRole('listbox');
        await expect
          .poll(() => tags.getByRole('option').allTextContents())
          .toEqual(['Any tag', 'Crack', 'Inspection', 'Week 12']);
        await page.keyboard.type('Crack');
        await page.keyboard.press('Enter');
        await expect.poll(() => grid.getByRole('listitem').count()).toBe(1);
        await filter.getByText('1 of 2 photos').waitFor();
        await expect.poll(() => grid.getByRole('listitem').textContent()).toContain('Crack');

        // The local service says who uploaded each photo: the one demo user.
        await filter.getByRole('button', { name: /Uploaded by/ }).click();
        await expect
          .poll(() => page.getByRole('listbox').getByRole('option').allTextContents())
          .toEqual(['Anyone', 'Demo User']);
        await page.getByRole('option', { name: 'Demo User' }).click();
        await expect.poll(() => grid.getByRole('listitem').count()).toBe(1);
        await screenshot(page, 'tags-4-existing-filtered');
        expect(await seriousViolations(page)).toEqual([]);
        // The filter fits the window: nothing sticks out sideways at 1024×700.
        const fits = await page.evaluate<boolean>(
          '(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)()',
        );
        expect(fits).toBe(true);
      },
    );
  },
);

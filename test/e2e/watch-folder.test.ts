import { copyFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, waitUntilUploaded } from '../support/e2e-harness';
import { admin } from '../support/photo-service-harness';
import { needs } from '../support/platform-needs';
import { ROOT } from '../support/upload-harness';
import {
  openScreen,
  openSettingsSection,
  openWindowSession,
  seriousViolations,
  signInWindow,
  type WindowSession,
} from '../support/window-session';

const needsChromium = needs('chromium');

// A watched folder in Chromium, through the bridge host, against the local service and its S3
// store: added in Settings through the (scripted) folder dialog, a photo written into it is
// queued by itself once complete and uploaded, with the tags of its rule as edited in Settings.

describe.skipIf(needsChromium.skip)(needsChromium.title('a watched folder in the window'), () => {
  let session: WindowSession;

  beforeAll(async () => {
    session = await openWindowSession({ folder: 'empty' });
  });

  afterAll(async () => {
    await session?.close();
  });

  it(
    'adds a watched folder in Settings, edits its tags; a photo written into it is uploaded with them',
    { timeout: 120_000 },
    async () => {
      const { page, host, service, folder } = session;
      await signInWindow(session);
      const project = service.info.projects[0]!;

      await openSettingsSection(page, 'Watched folders');
      // The project is found by name with the project search (issue 22), never typed as an id.
      const watchSettings = page.getByRole('group', { name: 'Watched folders' });
      await watchSettings
        .getByLabel('Project: search by name or address, or paste its id or link')
        .fill(project.name);
      await watchSettings
        .getByRole('list', { name: 'Projects' })
        .getByRole('button', { name: project.name })
        .click();
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
      expect(await watched.first().textContent()).toContain(`→ ${project.name}`);

      // The rule's tags are edited before any photo arrives: the edited ones are what it sends.
      await page.getByRole('button', { name: `Edit the rule of ${folder}` }).click();
      const editor = page.getByRole('group', { name: `Rule of ${folder}` });
      expect(await editor.getByLabel('Tags (comma-separated)').inputValue()).toBe('site, watched');
      expect(await seriousViolations(page)).toEqual([]);
      await editor.getByLabel('Tags (comma-separated)').fill('site, level 2, edited');
      // Issue 26: a description template, its tokens named under it; an unknown one is said.
      const template = editor.getByRole('textbox', { name: 'Description template' });
      await template.fill('<p>{folder} {level}</p>');
      await editor.getByText('which is not a token').first().waitFor();
      await template.fill('<p>{folder}, {date} {time}</p>');
      await expect.poll(() => editor.getByText('which is not a token').count()).toBe(0);
      await editor.getByRole('button', { name: `Save the rule of ${folder}` }).click();
      await expect.poll(() => editor.count(), { timeout: 10_000 }).toBe(0);
      await expect
        .poll(() => watched.first().textContent(), { timeout: 10_000 })
        .toContain('tags: site, level 2, edited');
      await page.getByRole('button', { name: `Edit the rule of ${folder}` }).click();
      expect(await editor.getByRole('textbox', { name: 'Description template' }).inputValue()).toBe(
        '<p>{folder}, {date} {time}</p>',
      );
      await screenshot(page, 'watch-folder-template');
      await editor.getByRole('button', { name: `Cancel editing ${folder}` }).click();
      await expect
        .poll(() => watched.first().textContent(), { timeout: 10_000 })
        .toContain('Watching');

      await copyFile(
        join(ROOT, 'test/fixtures/exif-samples/jpg/Canon_40D.jpg'),
        join(folder, 'site.jpg'),
      );
      await expect
        .poll(() => watched.first().textContent(), { timeout: 30_000 })
        .toContain('(1 queued)');
      await screenshot(page, 'watch-folder-settings');

      await openScreen(page, 'Queue');
      await waitUntilUploaded(page, 1);
      const stored = (await admin.state(service.info)).photos.filter(
        (photo) => photo.project_id === project.id,
      );
      expect(stored).toHaveLength(1);
      expect(stored[0]!.tags).toEqual(['site', 'level 2', 'edited']);
      // Its own folder's name and its own capture date and time (Canon_40D: 2008:05:30 15:56:01).
      expect(stored[0]!.description).toBe(`<p>${basename(folder)}, 2008-05-30 15:56</p>`);
    },
  );
});

import { readdir } from 'node:fs/promises';
import type { Page } from 'playwright';
import { TEMPLATE_TOKENS } from '../../shared/domain/description-template';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PROJECTS } from '../../service/store/photo-store';
import { shownWords } from '../support/catalog-words';
import { approveInBrowser, screenshot } from '../support/e2e-harness';
import { needs } from '../support/platform-needs';
import { dropFolder, openWindowSession, type WindowSession } from '../support/window-session';
import { clippedText, englishLeft, type TextFinding } from '../support/window-words';

const needsChromium = needs('chromium');

// Issue 24 §2: the window in the pseudo-locale (en-XA: every catalog letter accented, every
// message about 40 % longer). Each screen is photographed; any plain-ASCII word on it did not
// come from a catalog, and any text cut off would be cut off in a longer language.

/** A pseudo-locale message as the window shows it. */
const xa = shownWords('en-XA');

/**
 * What may stay unaccented: data the test put there or the service gave (names of files,
 * projects and hosts; addresses, ids and hashes), and what the browser formats as English does
 * for the pseudo-locale (month and weekday names, zone ids).
 */
const DATA_PATTERNS = [
  /https?:\/\/\S*/,
  // The setup file's extension, named so a user can find the file.
  /\.photouploader\b/,
  /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/,
  /\b[0-9a-f]{32,64}\b/,
  /\b[A-Z][a-z]+\/[A-Za-z_/-]+\b/,
  /\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\b/,
  /\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*\b/,
  /\b(?:AM|PM|UTC|GMT)\b/,
  /\b[kMG]?B(?:\/s)?\b/,
  /\b(?:k?m)\b/,
  // Relative times as Intl words them in English ("now", "5 min. ago").
  /\b(?:now|ago|in|sec|min|hr|yesterday|today)\.?(?![\p{L}])/u,
  // A description template's tokens, as they are typed (syntax, the same in every language).
  new RegExp(`\\{(?:${TEMPLATE_TOKENS.join('|')})\\}`),
];

/** Each language's name in its own words, in the language menu (on purpose). */
const AUTONYMS = ['English', 'Español', 'Français', 'Deutsch'];

describe.skipIf(needsChromium.skip)(needsChromium.title('the window in the pseudo-locale'), () => {
  let session: WindowSession;
  const findings: { screen: string; english: TextFinding[]; clipped: TextFinding[] }[] = [];
  let allowed: (string | RegExp)[] = [];

  /**
   * Records what is left in English and what is cut off on the screen, then photographs it. A
   * screen may still be settling (a list filling in, a layout after a font loads), so it reads
   * again until nothing is found; what it still finds after that is the screen's, and fails.
   */
  async function look(page: Page, screen: string): Promise<void> {
    let seen = { screen, english: [] as TextFinding[], clipped: [] as TextFinding[] };
    await expect
      .poll(
        async () => {
          seen = {
            screen,
            english: [...(await englishLeft(page, allowed))],
            clipped: [...(await clippedText(page))],
          };
          return seen.english.length + seen.clipped.length;
        },
        { timeout: 10_000 },
      )
      .toBe(0)
      .catch(() => undefined);
    findings.push(seen);
    await screenshot(page, `pseudo-${screen}`);
  }

  beforeAll(async () => {
    session = await openWindowSession({
      service: { processingDelayMs: 300 },
      hostEnv: () => Promise.resolve({ PHOTO_UPLOADER_SYSTEM_LANGUAGES: 'en-XA' }),
    });
    const { service, folder } = session;
    allowed = [
      ...DATA_PATTERNS,
      ...(await readdir(folder)),
      ...service.info.projects.map((project) => project.name),
      ...SEED_PROJECTS.flatMap((project) => Object.values(project.address ?? {}).map(String)),
      folder,
      // The zone the fixture photos' GPS places them in, by its city.
      'Rome',
      ...AUTONYMS,
      new URL(service.info.auth_url).host,
      new URL(service.info.auth_url).hostname,
      'localhost',
    ];
  });

  afterAll(async () => {
    await session?.close();
  });

  it(
    'shows every screen with no English word and no text cut off',
    { timeout: 200_000 },
    async () => {
      const { page, browser, host, folder } = session;
      const nav = page.getByRole('navigation', { name: xa('nav.label') });
      await nav.getByRole('button', { name: xa('nav.addPhotos') }).waitFor();
      await look(page, 'signed-out');

      await page.getByRole('button', { name: xa('signIn.signIn'), exact: true }).click();
      await approveInBrowser(browser, await host.nextBrowserUrl());
      // Signed in: the account button, named for the service's host (Sign out is in its panel).
      const hostname = new URL(session.service.info.auth_url).hostname;
      await page
        .getByRole('button', { name: xa('signIn.panel.signedIn', { service: hostname }) })
        .waitFor({ timeout: 15_000 });

      await dropFolder(page, host, folder);
      const found = page.getByRole('grid', { name: xa('intake.review.photosFound') });
      await expect.poll(() => found.getByRole('gridcell').count(), { timeout: 30_000 }).toBe(5);
      await page.getByLabel(xa('batch.project.search')).fill('Harbor');
      await page.getByRole('button', { name: /Harbor View Tower/ }).click();
      await look(page, 'add-photos');
      const view = (
        key: 'intake.review.layout.list' | 'intake.map.toggle' | 'intake.review.layout.grid',
      ) =>
        page
          .getByRole('button', { name: xa(key), exact: true })
          .or(page.getByRole('tab', { name: xa(key), exact: true }))
          .or(page.getByRole('radio', { name: xa(key), exact: true }))
          .first();
      await view('intake.review.layout.list').click();
      await look(page, 'add-photos-list');
      await view('intake.map.toggle').click();
      await look(page, 'add-photos-map');
      await view('intake.review.layout.grid').click();

      await page
        .getByRole('button', {
          name: xa('intake.upload.buttonTo', { count: 4, project: 'Harbor View Tower' }),
        })
        .click();
      await page.getByText(xa('queue.notice.finished', { done: 4 })).waitFor({ timeout: 60_000 });
      await look(page, 'queue');

      await nav.getByRole('button', { name: xa('nav.existingPhotos') }).click();
      await page.getByLabel(xa('batch.project.search')).fill('Harbor');
      await page.getByRole('button', { name: /Harbor View Tower/ }).click();
      const grid = page.getByRole('list', { name: xa('photos.grid.label') });
      await expect.poll(() => grid.getByRole('listitem').count()).toBe(4);
      await look(page, 'existing-photos');
      await page.getByRole('button', { name: xa('photos.selection.selectAll') }).click();
      await page.getByRole('group', { name: xa('photos.bulk.label') }).waitFor();
      await look(page, 'existing-photos-bulk');
      await page.getByRole('button', { name: xa('photos.selection.clear') }).click();
      await grid.getByRole('button').first().click();
      await page.getByRole('textbox', { name: xa('photos.detail.description') }).waitFor();
      await look(page, 'existing-photo');

      await nav.getByRole('button', { name: xa('nav.settings') }).click();
      const sections = page.getByRole('tablist', { name: xa('settings.sections.label') });
      for (const tab of await sections.getByRole('tab').all()) {
        await tab.click();
        await look(page, `settings-${String(await tab.getAttribute('data-section'))}`);
      }

      expect(findings.filter((seen) => seen.english.length > 0)).toEqual([]);
      expect(findings.filter((seen) => seen.clipped.length > 0)).toEqual([]);
    },
  );

  it('shows the first-run guide with no English word and no text cut off', async () => {
    const guide = await openWindowSession({
      settings: 'empty',
      hostEnv: () => Promise.resolve({ PHOTO_UPLOADER_SYSTEM_LANGUAGES: 'en-XA' }),
    });
    try {
      const { page } = guide;
      await page.getByRole('list', { name: xa('firstRun.steps.label') }).waitFor();
      await look(page, 'first-run-connect');
      await page.getByRole('button', { name: xa('firstRun.continue') }).click();
      await page.getByText(xa('firstRun.service.missing', { missing: 'all' })).waitFor();
      await look(page, 'first-run-connect-problem');
    } finally {
      await guide.close();
    }
    expect(findings.filter((seen) => seen.english.length > 0)).toEqual([]);
    expect(findings.filter((seen) => seen.clipped.length > 0)).toEqual([]);
  }, 60_000);
});

import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approveInBrowser,
  type RunningBridgeHost,
  screenshot,
  waitUntilUploaded,
} from '../support/e2e-harness';
import { admin, type TestService } from '../support/photo-service-harness';
import { needs } from '../support/platform-needs';
import {
  darkThemeFindings,
  openWindowSession,
  seriousViolations,
  type WindowSession,
} from '../support/window-session';

const needsChromium = needs('chromium');

// The uploader's journey with the keyboard only, in Debian Chromium through the bridge host,
// against the local Photo Service: no click, no fill; Tab, Enter, Space, the arrows and typing.
// Locators only look (where focus is, what the page shows); the OS's parts (the system browser,
// the open dialog) are played by the harness as in the other journeys.

/** How many Tab presses a user would tolerate before the journey calls the order broken. */
const TAB_LIMIT = 60;

/**
 * The focused element as a screen reader would announce it, `role: name`: its role (or tag), then
 * its aria-label, the words of its aria-labelledby, its label, or its text. (A script: the test
 * project has no DOM types.)
 */
async function focused(page: Page): Promise<string> {
  return page.evaluate<string>(`(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    const role = element.getAttribute('role') ?? element.tagName.toLowerCase();
    const words = (text) => (text ?? '').replace(/\\s+/g, ' ').trim();
    const labelledBy = element.getAttribute('aria-labelledby');
    const name =
      element.getAttribute('aria-label') ??
      (labelledBy
        ? labelledBy.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
        : element.labels && element.labels.length > 0
          ? Array.from(element.labels).map((label) => label.textContent).join(' ')
          : element.textContent);
    return role + ': ' + words(name);
  })()`);
}

/**
 * Presses Tab (or Shift+Tab) until the focused element, as {@link focused} describes it, matches
 * `target`; fails after {@link TAB_LIMIT} presses, listing everything that got focus on the way.
 */
async function tabTo(page: Page, target: RegExp, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  const visited: string[] = [];
  for (let press = 0; press < TAB_LIMIT; press += 1) {
    await page.keyboard.press(key);
    const now = await focused(page);
    if (target.test(now)) return;
    visited.push(now);
  }
  throw new Error(
    `${key} never reached ${String(target)} in ${TAB_LIMIT} presses; focus went to:\n  ${visited.join('\n  ')}`,
  );
}

/** The grid cell that has focus: its place in the grid, or -1 when focus is elsewhere. */
async function focusedCellIndex(page: Page): Promise<number> {
  return page.evaluate<number>(`(() => {
    const element = document.activeElement;
    return element && element.getAttribute('role') === 'gridcell'
      ? Number(element.getAttribute('data-focus-index'))
      : -1;
  })()`);
}

/** What sets the focused control apart from a selected photo, as the page computes it now. */
type FocusAndSelection = {
  /** The focused element's outline: colour ('none' without one), width, offset (< 0: inside). */
  readonly ring: { readonly color: string; readonly width: number; readonly offset: number };
  /** The colour of a selected photo's frame, not the focused one ('none' without a frame). */
  readonly selectedFrame: string;
  /** The theme's page and panel colours, which the ring and the frame stand on. */
  readonly backgrounds: readonly string[];
};

/**
 * The focus ring of the focused element and the frame of the photo `selectedCell` finds (its own
 * border, or its `::after` overlay's), with the theme's --color-page and --color-surface colours.
 */
async function focusAndSelection(page: Page, selectedCell: string): Promise<FocusAndSelection> {
  return page.evaluate<FocusAndSelection>(`(() => {
    const focusedStyle = getComputedStyle(document.activeElement);
    const cell = document.querySelector(${JSON.stringify(selectedCell)});
    const own = getComputedStyle(cell);
    const overlay = getComputedStyle(cell, '::after');
    const frame = overlay.content !== 'none' && overlay.borderTopStyle !== 'none' ? overlay : own;
    // The custom properties as written ('#fff'), resolved by the browser to rgb().
    const resolved = (name) => {
      const probe = document.createElement('span');
      probe.style.color = 'var(' + name + ')';
      document.body.append(probe);
      const color = getComputedStyle(probe).color;
      probe.remove();
      return color;
    };
    return {
      ring: {
        color: focusedStyle.outlineStyle === 'none' ? 'none' : focusedStyle.outlineColor,
        width: parseFloat(focusedStyle.outlineWidth),
        offset: parseFloat(focusedStyle.outlineOffset),
      },
      selectedFrame: frame.borderTopStyle === 'none' ? 'none' : frame.borderTopColor,
      backgrounds: [resolved('--color-page'), resolved('--color-surface')],
    };
  })()`);
}

/** A computed colour, `rgb(r, g, b)`, as its relative luminance (WCAG 2). */
function luminance(color: string): number {
  const rgb = /^rgb\((\d+), (\d+), (\d+)\)$/.exec(color);
  if (rgb === null) throw new Error(`Not an opaque colour: ${color}`);
  const [red = 0, green = 0, blue = 0] = rgb
    .slice(1)
    .map(Number)
    .map((value) => {
      const unit = value / 255;
      return unit <= 0.04045 ? unit / 12.92 : ((unit + 0.055) / 1.055) ** 2.4;
    });
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** The WCAG contrast ratio of two colours. */
function contrast(one: string, other: string): number {
  const [lighter, darker] = [luminance(one), luminance(other)].sort((a, b) => b - a);
  return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
}

/**
 * In the light and the dark theme: the focused control has a ring of at least 3 px outside its
 * box, in another colour than the frame of the selected photo `selectedCell` finds, and both
 * stand out at least 3:1 from the page and the panels (WCAG non-text contrast).
 */
async function expectFocusApartFromSelection(page: Page, selectedCell: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    try {
      const look = await focusAndSelection(page, selectedCell);
      expect(look.ring.width, colorScheme).toBeGreaterThanOrEqual(3);
      expect(look.ring.offset, colorScheme).toBeGreaterThanOrEqual(0);
      expect(look.ring.color, colorScheme).not.toBe('none');
      expect(look.selectedFrame, colorScheme).not.toBe('none');
      expect(look.ring.color, colorScheme).not.toBe(look.selectedFrame);
      for (const background of look.backgrounds) {
        expect(contrast(look.ring.color, background), colorScheme).toBeGreaterThanOrEqual(3);
        expect(contrast(look.selectedFrame, background), colorScheme).toBeGreaterThanOrEqual(3);
      }
    } finally {
      await page.emulateMedia({ colorScheme: 'light' });
    }
  }
}

/**
 * Axe's serious findings on the page as it is now, in the light theme then the dark one (the OS's
 * appearance, emulated), with a screenshot of each: `<name>` and `<name>-dark`. Neither may
 * move the focus.
 */
async function checkScreen(page: Page, name: string): Promise<void> {
  const focusBefore = await focused(page);
  await screenshot(page, name);
  expect(await seriousViolations(page)).toEqual([]);
  expect(await darkThemeFindings(page, name)).toEqual([]);
  expect(await focused(page)).toBe(focusBefore);
}

describe.skipIf(needsChromium.skip)(
  needsChromium.title('the uploader with the keyboard only'),
  () => {
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

    it(
      'signs in, chooses a folder, reviews, picks the project, describes and uploads',
      { timeout: 200_000 },
      async () => {
        // Signing in: the system browser's consent is the OS's part.
        await tabTo(page, /^button: Sign in$/);
        await page.keyboard.press('Enter');
        await approveInBrowser(browser, await host.nextBrowserUrl());
        await page
          .getByText(`Signed in to ${new URL(service.info.auth_url).hostname}`)
          .waitFor({ timeout: 15_000 });

        // Choosing a folder: the open dialog answers with the fixture folder.
        await host.choose([folder]);
        await tabTo(page, /^button: Choose folder…$/);
        await page.keyboard.press('Enter');
        const found = page.getByRole('grid', { name: 'Photos found' });
        const cells = found.getByRole('gridcell');
        await expect.poll(() => cells.count(), { timeout: 30_000 }).toBe(5);
        const selected = found.locator('[role="gridcell"][aria-selected="true"]');

        // Reviewing in the grid: one Tab stop, the arrows move, Shift extends, Space flips.
        await tabTo(page, /^gridcell: /);
        // With nothing focused before, the grid's one Tab stop is its first photo.
        expect(await focusedCellIndex(page)).toBe(0);
        await page.keyboard.press('Tab');
        await expect.poll(() => focusedCellIndex(page)).toBe(-1);
        await page.keyboard.press('Shift+Tab');
        await expect.poll(() => focusedCellIndex(page)).toBe(0);
        // Space picks the focused photo (the review's selection has no focus before a key).
        await page.keyboard.press('Space');
        await expect.poll(() => selected.count()).toBe(1);
        expect(await cells.nth(0).getAttribute('aria-selected')).toBe('true');
        await page.keyboard.press('ArrowRight');
        await expect.poll(() => focusedCellIndex(page)).toBe(1);
        await page.keyboard.press('ArrowLeft');
        await expect.poll(() => focusedCellIndex(page)).toBe(0);
        await page.keyboard.press('Shift+ArrowRight');
        await page.keyboard.press('Shift+ArrowRight');
        await expect.poll(() => focusedCellIndex(page)).toBe(2);
        await expect.poll(() => selected.count()).toBe(3);
        await page.keyboard.press('Space');
        await expect.poll(() => selected.count()).toBe(2);
        expect(await cells.nth(2).getAttribute('aria-selected')).toBe('false');
        // Focus on a photo beside selected ones: the screenshots must tell the two apart.
        await checkScreen(page, 'keyboard-grid-focus');
        await expectFocusApartFromSelection(page, '.review-cell[aria-selected="true"]');
        await page.keyboard.press('Control+A');
        await expect.poll(() => selected.count()).toBe(5);
        await checkScreen(page, 'keyboard-grid');

        // The project by searching its name, then Tab to the result.
        await tabTo(page, /^input: Project: search/);
        await page.keyboard.type('Harbor');
        // As a user does, wait to see the result (the search runs a moment after typing stops).
        const projects = page.getByRole('list', { name: 'Projects' });
        await projects.getByRole('button', { name: /Harbor View Tower/ }).waitFor();
        await checkScreen(page, 'keyboard-project-search');
        await tabTo(page, /^button: Harbor View Tower/);
        await page.keyboard.press('Enter');
        await page.getByText('Change project').waitFor();

        // The description.
        await tabTo(page, /^textbox: Description$/);
        await page.keyboard.type('Footings poured');

        // Uploading, then watching the queue.
        await tabTo(page, /^button: Upload 4 photos to Harbor View Tower$/);
        await page.keyboard.press('Enter');
        await tabTo(page, /^button: Queue/);
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { name: 'Upload queue' }).waitFor();
        await waitUntilUploaded(page, 4);
        await page.getByText('All uploads are finished').waitFor();
        await checkScreen(page, 'keyboard-queue');

        const project = service.info.projects.find((entry) => entry.name === 'Harbor View Tower');
        const photos = (await admin.state(service.info)).photos.filter(
          (photo) => photo.project_id === project?.id,
        );
        expect(photos).toHaveLength(4);
        for (const photo of photos) expect(photo.description).toBe('<p>Footings poured</p>');

        // Existing photos: two picked with Space, then focus on a third photo's open button.
        await tabTo(page, /^button: Existing photos$/);
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { name: 'Existing photos' }).waitFor();
        await tabTo(page, /^input: Project: search/);
        await page.keyboard.type('Harbor');
        await projects.getByRole('button', { name: /Harbor View Tower/ }).waitFor();
        await tabTo(page, /^button: Harbor View Tower/);
        await page.keyboard.press('Enter');
        const existing = page.getByRole('list', { name: 'Photos in this project' });
        await expect.poll(() => existing.getByRole('listitem').count()).toBe(4);
        const boxes = existing.getByRole('checkbox');
        for (const place of [0, 1]) {
          await tabTo(page, /^input: Select photo /);
          await page.keyboard.press('Space');
          await expect.poll(() => boxes.nth(place).isChecked()).toBe(true);
        }
        await tabTo(page, /^input: Select photo /);
        await tabTo(page, /^button: Edit description, photo /);
        expect(await boxes.nth(2).isChecked()).toBe(false);
        await checkScreen(page, 'keyboard-existing-focus');
        await expectFocusApartFromSelection(page, '.photo-cell:has(input:checked)');
      },
    );
  },
);

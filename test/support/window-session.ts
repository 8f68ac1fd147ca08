import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect } from 'vitest';
import type { Browser, Locator, Page } from 'playwright';
import type { PhotoServiceOptions } from '../../service/options';
import type { LaunchInfo } from '../../service/photo-service';
import {
  approveInBrowser,
  fixtureFolder,
  launchChromium,
  type RunningBridgeHost,
  screenshot,
  startBridgeHostProcess,
} from './e2e-harness';
import { startTestService, type TestService } from './photo-service-harness';

/**
 * Everything a journey in Chromium needs: the local service with its S3 store, the bridge host
 * (the real core and renderer) configured for it, Debian's Chromium with one page open on the
 * app, and a folder for the test's photos.
 */
export type WindowSession = {
  readonly service: TestService;
  readonly host: RunningBridgeHost;
  readonly browser: Browser;
  readonly page: Page;
  /** The test's photo folder: the fixture photos, or empty. */
  readonly folder: string;
  /** Whether the service approves sign-ins by itself (no consent page to click). */
  readonly autoApprove: boolean;
  /** Closes all of it; safe after a start that failed half-way. */
  close(): Promise<void>;
};

/** How a journey wants its session. */
export type WindowSessionOptions = {
  /** Options for the local service on top of the S3 store and private fetches every journey uses. */
  readonly service?: Partial<PhotoServiceOptions>;
  /** `fixtures`: the fixture photos and one file intake must skip; `empty`: an empty folder. */
  readonly folder?: 'fixtures' | 'empty';
  /**
   * `seeded` (the default): the app starts configured for the local service as demo mode
   * configures it; `empty`: an empty data folder, nothing configured (the first run).
   */
  readonly settings?: 'seeded' | 'empty';
  /** More environment for the bridge host, made once the service runs (a policy file, say). */
  readonly hostEnv?: (service: LaunchInfo) => Promise<Readonly<Record<string, string>>>;
};

/** Starts a {@link WindowSession}; closes what did start when a later part fails. */
export async function openWindowSession(
  options: WindowSessionOptions = {},
): Promise<WindowSession> {
  const parts: {
    service?: TestService;
    host?: RunningBridgeHost;
    browser?: Browser;
    folder?: string;
  } = {};
  const close = async (): Promise<void> => {
    await parts.browser?.close();
    await parts.host?.stop();
    await parts.service?.close();
    if (parts.folder) await rm(parts.folder, { recursive: true, force: true });
  };
  try {
    parts.service = await startTestService({
      withS3: true,
      allowPrivateFetch: true,
      ...options.service,
    });
    parts.host = await startBridgeHostProcess(
      options.settings === 'empty' ? undefined : parts.service.info,
      { env: await options.hostEnv?.(parts.service.info) },
    );
    parts.browser = await launchChromium();
    parts.folder =
      options.folder === 'empty'
        ? await mkdtemp(join(tmpdir(), 'e2e-photos-'))
        : await fixtureFolder();
    const context = await parts.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(parts.host.url);
    return {
      service: parts.service,
      host: parts.host,
      browser: parts.browser,
      page,
      folder: parts.folder,
      autoApprove: options.service?.autoApprove ?? false,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Signs the window in as the user would: Sign in, then approve in "the system browser". With a
 * service that approves by itself, the browser only follows the redirects back to the app.
 */
export async function signInWindow(session: WindowSession): Promise<void> {
  const { page, browser, host, service } = session;
  await page.getByRole('button', { name: 'Sign in' }).click();
  const url = await host.nextBrowserUrl();
  if (session.autoApprove) {
    const consent = await browser.newPage();
    try {
      await consent.goto(url);
      await consent.getByText('You can close this tab').waitFor();
    } finally {
      await consent.close();
    }
  } else await approveInBrowser(browser, url);
  await page
    .getByText(`Signed in to ${new URL(service.info.auth_url).hostname}`)
    .waitFor({ timeout: 15_000 });
}

/** Drops `folder` on the window: the OS hands its path to the app, the page sees one item. */
export async function dropFolder(
  page: Page,
  host: RunningBridgeHost,
  folder: string,
): Promise<void> {
  await host.drop([folder]);
  // In the page (the test project has no DOM types, hence a script).
  await page.evaluate(`(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([], ${JSON.stringify(basename(folder))}));
    window.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, cancelable: true }));
    window.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, cancelable: true }));
  })()`);
}

/**
 * Drops `folder` on the window and waits until its grid of photos found shows `count` photos
 * (the photos are read by then: their cells exist once intake has them).
 */
export async function dropAndWaitForPhotos(
  session: Pick<WindowSession, 'page' | 'host' | 'folder'>,
  count: number,
): Promise<void> {
  const { page, host, folder } = session;
  await dropFolder(page, host, folder);
  const found = page.getByRole('grid', { name: 'Photos found' });
  await expect.poll(() => found.getByRole('gridcell').count(), { timeout: 30_000 }).toBe(count);
}

/** Picks the project called `name` in the project picker within `scope`, searching for `search`. */
export async function pickProject(
  scope: Page | Locator,
  name: string,
  search: string = name,
): Promise<void> {
  await scope.getByLabel(/Project: search/).fill(search);
  await scope.getByRole('button', { name: new RegExp(name) }).click();
}

/** Opens one of the app's screens from its navigation. */
export async function openScreen(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name }).click();
}

/** Opens Settings at one of its sections (`Account`, `Uploading`, `Photo storage`, `Map`, …). */
export async function openSettingsSection(page: Page, section: string): Promise<void> {
  await openScreen(page, 'Settings');
  await page
    .getByRole('tablist', { name: 'Settings sections' })
    .getByRole('tab', { name: section })
    .click();
}

/**
 * Axe for `page`, run inside the page itself. Its default opens a blank page in the same browser
 * to merge each frame's results: that page takes the window's focus, and when it closes Chromium
 * gives the focus back to the first control of the page (seen as focus moving to "Add photos" in
 * the middle of a keyboard journey, more often the busier the machine). The app's window has no
 * frames, so the in-page run checks all of it and leaves the focus where the user put it.
 */
export function axeFor(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode();
}

/** Axe's serious and critical findings on the page as it is now. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await axeFor(page).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/**
 * The page as the OS's dark appearance shows it (emulated): a screenshot `<name>-dark` and axe's
 * serious findings (contrast included), then back to light. Throws unless the dark theme applies.
 */
export async function darkThemeFindings(page: Page, name: string): Promise<string[]> {
  await page.emulateMedia({ colorScheme: 'dark' });
  try {
    const scheme = await page.evaluate<string>(
      'getComputedStyle(document.documentElement).colorScheme',
    );
    if (scheme !== 'dark')
      throw new Error(`The dark theme did not apply (color-scheme: ${scheme}).`);
    await screenshot(page, `${name}-dark`);
    return await seriousViolations(page);
  } finally {
    await page.emulateMedia({ colorScheme: 'light' });
  }
}

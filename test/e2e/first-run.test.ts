import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright';
import { afterEach, describe, expect, it } from 'vitest';
import { approveInBrowser, screenshot, waitUntilUploaded } from '../support/e2e-harness';
import { admin, type TestService } from '../support/photo-service-harness';
import { needs } from '../support/platform-needs';
import {
  darkThemeFindings,
  dropFolder,
  openWindowSession,
  seriousViolations,
  type WindowSession,
} from '../support/window-session';

const needsChromium = needs('chromium');

// The first-run guide in Debian Chromium, through the bridge host, against the local Photo
// Service and its S3 store: from an empty data folder (nothing seeded) to the first upload. The
// test plays only the OS (the system browser, the dropped folder).

const WIDE = { width: 1280, height: 900 };
const SMALL = { width: 1024, height: 700 };

/**
 * Axe's serious findings on the page as it is now must be none, in the light and the dark theme,
 * with screenshots of both at the journey's size and of the light one at 1024×700.
 */
async function checkStep(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  expect(await seriousViolations(page)).toEqual([]);
  expect(await darkThemeFindings(page, name)).toEqual([]);
  await page.setViewportSize(SMALL);
  try {
    await screenshot(page, `${name}-1024x700`);
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await page.setViewportSize(WIDE);
  }
}

/** The text of the element that has the focus (the test project has no DOM types: a script). */
function focusedText(page: Page): Promise<string> {
  return page.evaluate<string>('document.activeElement?.textContent ?? ""');
}

/** Waits until the service holds `count` photos in the Harbor View Tower project. */
async function expectPhotosOnService(service: TestService, count: number): Promise<void> {
  const project = service.info.projects.find((entry) => entry.name === 'Harbor View Tower');
  await expect
    .poll(
      async () =>
        (await admin.state(service.info)).photos.filter((photo) => photo.project_id === project?.id)
          .length,
    )
    .toBe(count);
}

/** How many Tab presses a user would tolerate before the journey calls the order broken. */
const TAB_LIMIT = 30;

/**
 * The focused element as a screen reader would announce it, `role: name` (its role or tag, then
 * its aria-label, its label or its text).
 */
function focused(page: Page): Promise<string> {
  return page.evaluate<string>(`(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    const role = element.getAttribute('role') ?? element.tagName.toLowerCase();
    const words = (text) => (text ?? '').replace(/\\s+/g, ' ').trim();
    const name =
      element.getAttribute('aria-label') ??
      (element.labels && element.labels.length > 0
        ? Array.from(element.labels).map((label) => label.textContent).join(' ')
        : element.textContent);
    return role + ': ' + words(name);
  })()`);
}

/** Presses Tab until the focused element matches `target`; fails listing where focus went. */
async function tabTo(page: Page, target: RegExp): Promise<void> {
  const visited: string[] = [];
  for (let press = 0; press < TAB_LIMIT; press += 1) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (target.test(now)) return;
    visited.push(now);
  }
  throw new Error(`Tab never reached ${String(target)}; focus went to:\n  ${visited.join('\n  ')}`);
}

/** Tabs to the field labelled `label` and types `text` into it. */
async function typeInto(page: Page, label: string, text: string): Promise<void> {
  await tabTo(page, new RegExp(`^input: ${label.replace(/[()]/g, '\\$&')}$`));
  await page.keyboard.type(text);
}

/** Waits until step `title` is shown, marked current, with the focus on its heading. */
async function onStep(page: Page, title: string): Promise<void> {
  await page
    .getByRole('heading', { name: title, level: 2 })
    .waitFor()
    .catch(async (error: unknown) => {
      await screenshot(page, `first-run-no-${title}`);
      throw error;
    });
  await expect.poll(() => focusedText(page)).toBe(title);
  const steps = page.getByRole('list', { name: 'Setup steps' });
  if ((await steps.count()) > 0)
    expect(await steps.locator('[aria-current="step"]').textContent()).toBe(title);
}

describe.skipIf(needsChromium.skip)(needsChromium.title('the first-run guide in Chromium'), () => {
  let session: WindowSession | undefined;

  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  it(
    'goes from an empty data folder through the guide to the first upload',
    { timeout: 180_000 },
    async () => {
      session = await openWindowSession({ settings: 'empty' });
      const { page, host, browser, service, folder } = session;
      const s3 = service.info.s3;
      if (s3 === undefined) throw new Error('the journey needs the service’s S3 store');

      await onStep(page, 'Connect');
      expect(await page.getByRole('navigation', { name: 'Screens' }).count()).toBe(0);
      await checkStep(page, 'first-run-1-connect');

      // Clear-text http to another machine: refused beside the step, saying what to use.
      await page.getByLabel('Sign-in address').fill('http://photos.example.com/');
      await page.getByLabel('API address').fill(service.info.base_url);
      await page.getByLabel('Client id').fill(service.info.public_client_id);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('alert').filter({ hasText: 'use https' }).waitFor();
      await checkStep(page, 'first-run-1-connect-problem');

      await page.getByLabel('Sign-in address').fill(service.info.auth_url);
      // The app's own dialog asks where tokens will go: the user says yes.
      await host.answerConfirmation(true);
      await page.getByRole('button', { name: 'Continue' }).click();
      await onStep(page, 'Sign in');
      await checkStep(page, 'first-run-2-sign-in');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await approveInBrowser(browser, await host.nextBrowserUrl());

      await onStep(page, 'Where photos go');
      await checkStep(page, 'first-run-3-photos');
      await page.getByLabel('Endpoint (leave empty for AWS)').fill(s3.endpoint);
      await page.getByLabel('Region', { exact: true }).fill(s3.region);
      await page.getByLabel('Bucket', { exact: true }).fill(s3.bucket);
      await page.getByLabel(/Path-style addresses/).check();
      await page.getByLabel('Access key id').fill(s3.access_key_id);
      await page.getByLabel('Secret access key').fill(s3.secret_access_key);
      await host.answerConfirmation(true);
      await page.getByRole('button', { name: 'Save and test' }).click();
      await page.getByRole('status').filter({ hasText: 'The photo host works' }).waitFor({
        timeout: 30_000,
      });
      await checkStep(page, 'first-run-3-photos-tested');
      await page.getByRole('button', { name: 'Continue' }).click();

      await onStep(page, 'Ready');
      await checkStep(page, 'first-run-4-ready');
      await page.getByRole('button', { name: 'Add photos' }).click();
      const screens = page.getByRole('navigation', { name: 'Screens' });
      await screens.waitFor();
      expect(
        await screens.getByRole('button', { name: 'Add photos' }).getAttribute('aria-current'),
      ).toBe('page');
      await page.getByText(`Signed in to ${new URL(service.info.auth_url).hostname}`).waitFor();

      // The first upload, with nothing else set up.
      await dropFolder(page, host, folder);
      const found = page.getByRole('grid', { name: 'Photos found' });
      await expect.poll(() => found.getByRole('gridcell').count(), { timeout: 30_000 }).toBe(5);
      await page.getByLabel(/Project: search/).fill('Harbor');
      await page.getByRole('button', { name: /Harbor View Tower/ }).click();
      await page.getByRole('button', { name: 'Upload 4 photos' }).click();
      await waitUntilUploaded(page, 4);
      await expectPhotosOnService(service, 4);
    },
  );

  it('can be walked through with the keyboard only', { timeout: 180_000 }, async () => {
    session = await openWindowSession({ settings: 'empty', folder: 'empty' });
    const { page, host, browser, service } = session;
    const s3 = service.info.s3;
    if (s3 === undefined) throw new Error('the journey needs the service’s S3 store');

    await onStep(page, 'Connect');
    await typeInto(page, 'Sign-in address', service.info.auth_url);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('input: API address');
    await page.keyboard.type(service.info.base_url);
    await typeInto(page, 'Client id', service.info.public_client_id);
    await tabTo(page, /^button: Continue$/);
    await host.answerConfirmation(true);
    await page.keyboard.press('Enter');

    await onStep(page, 'Sign in');
    await checkStep(page, 'first-run-keyboard-2-sign-in');
    await tabTo(page, /^button: Sign in$/);
    await page.keyboard.press('Enter');
    // The consent in the system browser is the OS's part.
    await approveInBrowser(browser, await host.nextBrowserUrl());

    await onStep(page, 'Where photos go');
    await typeInto(page, 'Endpoint (leave empty for AWS)', s3.endpoint);
    await typeInto(page, 'Region', s3.region);
    await typeInto(page, 'Bucket', s3.bucket);
    await tabTo(page, /^input: Path-style addresses/);
    await page.keyboard.press('Space');
    await typeInto(page, 'Access key id', s3.access_key_id);
    await typeInto(page, 'Secret access key', s3.secret_access_key);
    await tabTo(page, /^button: Save and test$/);
    await host.answerConfirmation(true);
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'The photo host works' }).waitFor({
      timeout: 30_000,
    });
    await tabTo(page, /^button: Continue$/);
    await checkStep(page, 'first-run-keyboard-3-photos-tested');
    await page.keyboard.press('Enter');

    await onStep(page, 'Ready');
    await tabTo(page, /^button: Add photos$/);
    await page.keyboard.press('Enter');
    const screens = page.getByRole('navigation', { name: 'Screens' });
    await screens.waitFor();
    await tabTo(page, /^button: Choose folder…$/);
    await checkStep(page, 'first-run-keyboard-5-add-photos');
  });

  it(
    'goes from the setup file IT sent, through Sign in, to the first upload',
    { timeout: 180_000 },
    async () => {
      session = await openWindowSession({ settings: 'empty' });
      const { page, host, browser, service, folder } = session;
      const s3 = service.info.s3;
      if (s3 === undefined) throw new Error('the journey needs the service’s S3 store');
      const setupFolder = await mkdtemp(join(tmpdir(), 'e2e-setup-'));
      try {
        const file = join(setupFolder, 'office.photouploader');
        await writeFile(
          file,
          JSON.stringify({
            photoUploaderSetup: 1,
            settings: {
              authUrl: service.info.auth_url,
              baseUrl: service.info.base_url,
              clientId: service.info.public_client_id,
              photoHost: {
                kind: 's3',
                endpoint: s3.endpoint,
                region: s3.region,
                bucket: s3.bucket,
                pathStyle: true,
              },
            },
            secrets: { s3AccessKeyId: s3.access_key_id, s3SecretAccessKey: s3.secret_access_key },
          }),
        );

        await onStep(page, 'Connect');
        // Declined in the app's own confirmation: nothing saved, the guide stays on Connect.
        await host.choose([file]);
        await host.answerConfirmation(false);
        await page.getByRole('button', { name: 'Open the setup file…' }).click();
        await page
          .getByRole('status')
          .filter({ hasText: 'No setup file was opened, so nothing was saved.' })
          .waitFor();
        expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
          'Connect',
        ]);

        // A file that would send tokens in clear text is refused beside the step, naming https.
        const insecure = join(setupFolder, 'insecure.photouploader');
        await writeFile(
          insecure,
          JSON.stringify({
            photoUploaderSetup: 1,
            settings: { authUrl: 'http://photos.example.com' },
          }),
        );
        await host.choose([insecure]);
        await page.getByRole('button', { name: 'Open the setup file…' }).click();
        await page.getByRole('alert').filter({ hasText: 'https' }).waitFor();
        await checkStep(page, 'first-run-setup-1-refused');

        // The user picks the file in the open dialog and says yes to what it sets.
        await host.choose([file]);
        await host.answerConfirmation(true);
        await page.getByRole('button', { name: 'Open the setup file…' }).click();
        await onStep(page, 'Sign in');
        await checkStep(page, 'first-run-setup-2-sign-in');
        await page.getByRole('button', { name: 'Sign in' }).click();
        await approveInBrowser(browser, await host.nextBrowserUrl());

        // The file set the photo host: Where photos go is passed by.
        await onStep(page, 'Ready');
        expect(
          await page
            .getByRole('list', { name: 'Setup steps' })
            .getByRole('listitem')
            .allTextContents(),
        ).toEqual(['Connect · done', 'Sign in · done', 'Where photos go · done', 'Ready']);
        await checkStep(page, 'first-run-setup-3-ready');
        await page.getByRole('button', { name: 'Add photos' }).click();

        await dropFolder(page, host, folder);
        const found = page.getByRole('grid', { name: 'Photos found' });
        await expect.poll(() => found.getByRole('gridcell').count(), { timeout: 30_000 }).toBe(5);
        await page.getByLabel(/Project: search/).fill('Harbor');
        await page.getByRole('button', { name: /Harbor View Tower/ }).click();
        await page.getByRole('button', { name: 'Upload 4 photos' }).click();
        await waitUntilUploaded(page, 4);
        await expectPhotosOnService(service, 4);
      } finally {
        await rm(setupFolder, { recursive: true, force: true });
      }
    },
  );

  it(
    'is one step, Sign in, when the organisation’s policy sets everything',
    { timeout: 120_000 },
    async () => {
      const policyFolder = await mkdtemp(join(tmpdir(), 'e2e-policy-'));
      try {
        session = await openWindowSession({
          settings: 'empty',
          folder: 'empty',
          hostEnv: async (info) => {
            const s3 = info.s3;
            if (s3 === undefined) throw new Error('the journey needs the service’s S3 store');
            const file = join(policyFolder, 'policy.json');
            // Everything, credentials included: the host's come from an AWS profile IT manages
            // on the computer (a host without one would leave its keys to each person).
            const credentials = join(policyFolder, 'credentials');
            await writeFile(
              credentials,
              `[office]\naws_access_key_id = ${s3.access_key_id}\naws_secret_access_key = ${s3.secret_access_key}\n`,
            );
            await writeFile(
              file,
              JSON.stringify({
                authUrl: info.auth_url,
                baseUrl: info.base_url,
                clientId: info.public_client_id,
                photoHost: {
                  kind: 's3',
                  endpoint: s3.endpoint,
                  region: s3.region,
                  bucket: s3.bucket,
                  pathStyle: true,
                  profile: 'office',
                },
              }),
            );
            return {
              PHOTO_UPLOADER_POLICY_FILE: file,
              AWS_SHARED_CREDENTIALS_FILE: credentials,
              AWS_CONFIG_FILE: join(policyFolder, 'config'),
            };
          },
        });
        const { page, host, browser, service } = session;
        await onStep(page, 'Sign in');
        expect(await page.getByRole('list', { name: 'Setup steps' }).count()).toBe(0);
        expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
          'Sign in',
        ]);
        await checkStep(page, 'first-run-policy-1-sign-in');
        await page.getByRole('button', { name: 'Sign in' }).click();
        await approveInBrowser(browser, await host.nextBrowserUrl());
        // Signed in, the guide is over: the uploader, on Add photos.
        const screens = page.getByRole('navigation', { name: 'Screens' });
        await screens.waitFor();
        expect(
          await screens.getByRole('button', { name: 'Add photos' }).getAttribute('aria-current'),
        ).toBe('page');
        await page.getByText(`Signed in to ${new URL(service.info.auth_url).hostname}`).waitFor();
        await checkStep(page, 'first-run-policy-2-add-photos');
      } finally {
        await rm(policyFolder, { recursive: true, force: true });
      }
    },
  );
  it(
    'asks only for the user’s keys when the organisation’s photo host has none and no profile',
    { timeout: 120_000 },
    async () => {
      const policyFolder = await mkdtemp(join(tmpdir(), 'e2e-policy-'));
      try {
        let keys = { id: '', secret: '' };
        session = await openWindowSession({
          settings: 'empty',
          folder: 'empty',
          hostEnv: async (info) => {
            const s3 = info.s3;
            if (s3 === undefined) throw new Error('the journey needs the service’s S3 store');
            keys = { id: s3.access_key_id, secret: s3.secret_access_key };
            const file = join(policyFolder, 'policy.json');
            await writeFile(
              file,
              JSON.stringify({
                authUrl: info.auth_url,
                baseUrl: info.base_url,
                clientId: info.public_client_id,
                photoHost: {
                  kind: 's3',
                  endpoint: s3.endpoint,
                  region: s3.region,
                  bucket: s3.bucket,
                  pathStyle: true,
                },
              }),
            );
            return { PHOTO_UPLOADER_POLICY_FILE: file };
          },
        });
        const { page, host, browser } = session;
        await onStep(page, 'Sign in');
        await page.getByRole('button', { name: 'Sign in' }).click();
        await approveInBrowser(browser, await host.nextBrowserUrl());
        await onStep(page, 'Where photos go');
        // The organisation's host is text, not fields: only the keys are asked for.
        expect(await page.getByLabel('Bucket', { exact: true }).count()).toBe(0);
        await page.getByText('Set by your organisation').waitFor();
        await checkStep(page, 'first-run-policy-keys-1-where-photos-go');
        await page.getByLabel(/Access key id/).fill(keys.id);
        await page.getByLabel('Secret access key').fill(keys.secret);
        await host.answerConfirmation(true);
        await page.getByRole('button', { name: 'Save and test' }).click();
        await page.getByRole('button', { name: 'Continue' }).click();
        await onStep(page, 'Ready');
        await page.getByRole('button', { name: 'Add photos' }).click();
        const screens = page.getByRole('navigation', { name: 'Screens' });
        expect(
          await screens.getByRole('button', { name: 'Add photos' }).getAttribute('aria-current'),
        ).toBe('page');
      } finally {
        await rm(policyFolder, { recursive: true, force: true });
      }
    },
  );
});

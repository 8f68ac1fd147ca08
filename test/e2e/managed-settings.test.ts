import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/e2e-harness';
import { needs } from '../support/platform-needs';
import {
  darkThemeFindings,
  openScreen,
  openSettingsSection,
  openWindowSession,
  seriousViolations,
  type WindowSession,
} from '../support/window-session';

const needsChromium = needs('chromium');

// Issue 23 §1/§4: with an organisation's policy (here a file, as tests and unpackaged runs may
// name it with PHOTO_UPLOADER_POLICY_FILE), the settings it sets are shown read-only with "Set by
// your organisation", cannot be typed into, and a Save changes the rest and never writes them.
// Each section of Settings is photographed in the light and dark themes and checked with axe.

/** What the organisation sets: fewer uploads at once than the default 4, and the photo host. */
const POLICY_CONCURRENCY = 2;
/** The office's preset: tags, a template with a token, internal, and a move after upload. */
const POLICY_PRESET = {
  name: 'Site walk',
  tags: ['walk', 'weekly'],
  descriptionTemplate: '<p>Site walk {date}</p>',
  internal: true,
  afterUpload: { kind: 'move', folder: '/srv/archive/2026' },
};
const POLICY_HOST = {
  kind: 's3',
  endpoint: 'https://s3.office.example.com',
  region: 'eu-central-1',
  bucket: 'office-photos',
  prefix: 'site/',
  pathStyle: false,
};

const SECTIONS = [
  'Account',
  'Uploading',
  'Photo storage',
  'Watched folders',
  'Presets and templates',
  'Cameras',
  'Network',
  'Map',
  'Help',
];

describe.skipIf(needsChromium.skip)(
  needsChromium.title('settings the organisation manages, in the window'),
  () => {
    let session: WindowSession;
    let policyDir: string;

    beforeAll(async () => {
      policyDir = await mkdtemp(join(tmpdir(), 'e2e-policy-'));
      const policyFile = join(policyDir, 'policy.json');
      await writeFile(
        policyFile,
        JSON.stringify({
          concurrency: POLICY_CONCURRENCY,
          photoHost: POLICY_HOST,
          presets: [POLICY_PRESET],
        }),
      );
      // The bridge host inherits this process's environment (each test file runs in its own).
      process.env['PHOTO_UPLOADER_POLICY_FILE'] = policyFile;
      session = await openWindowSession({ folder: 'empty' });
    });

    afterAll(async () => {
      delete process.env['PHOTO_UPLOADER_POLICY_FILE'];
      await session?.close();
      if (policyDir) await rm(policyDir, { recursive: true, force: true });
    });

    it('shows a managed field read-only with its value and "Set by your organisation"; typing changes nothing', async () => {
      const { page } = session;
      await openSettingsSection(page, 'Uploading');
      const field = page.getByLabel('Uploads at once');
      expect(await field.inputValue()).toBe(String(POLICY_CONCURRENCY));
      expect(await field.isEditable()).toBe(false);
      const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
      const note = page.locator(`[id="${describedBy.split(' ')[0]}"]`);
      expect(await note.textContent()).toBe('Set by your organisation');
      await field.focus();
      await page.keyboard.type('9');
      expect(await field.inputValue()).toBe(String(POLICY_CONCURRENCY));
    });

    it('applies the office’s preset to a batch in one choice, where the user sees its fields', async () => {
      const { page } = session;
      await openScreen(page, 'Add photos');
      const details = page.getByRole('form', { name: 'Batch details' });
      await details.getByRole('combobox', { name: 'Preset' }).selectOption(POLICY_PRESET.name);
      await details.getByText('After upload: moved to /srv/archive/2026').waitFor();
      await details.getByText('weekly').waitFor();
      expect(await details.getByRole('checkbox', { name: /^Internal/ }).isChecked()).toBe(true);
      await details.getByText('Site walk {date}').first().waitFor();
      await screenshot(page, 'preset-applied');
      expect(await seriousViolations(page)).toEqual([]);
      // The office's preset is listed read-only in Settings.
      await openSettingsSection(page, 'Presets and templates');
      const panel = page.getByRole('tabpanel', { name: 'Presets and templates' });
      await panel.getByText('Set by your organisation', { exact: true }).waitFor();
      expect(await panel.getByRole('button', { name: 'Delete “Site walk”' }).count()).toBe(0);
      await screenshot(page, 'preset-settings');
    });

    it('shows the whole photo storage read-only when the policy sets the photo host', async () => {
      const { page } = session;
      await openSettingsSection(page, 'Photo storage');
      const storage = page.getByRole('tabpanel', { name: 'Photo storage' });
      await storage.getByText('Set by your organisation').waitFor();
      const kinds = storage.getByRole('radiogroup', { name: 'Kind' }).getByRole('radio');
      expect(await kinds.count()).toBe(3);
      for (const kind of await kinds.all()) expect(await kind.isDisabled()).toBe(true);
      for (const label of ['Region', 'Bucket', 'Key prefix'])
        expect(await storage.getByLabel(label, { exact: true }).isDisabled(), label).toBe(true);
      // The policy's host, over the one the app was set up with (the local store).
      expect(await storage.getByLabel('Bucket', { exact: true }).inputValue()).toBe(
        POLICY_HOST.bucket,
      );
      expect(await storage.getByLabel('Key prefix', { exact: true }).inputValue()).toBe(
        POLICY_HOST.prefix,
      );
    });

    it('saves what the user may change, and never writes a managed setting into the settings file', async () => {
      const { page, host } = session;
      await openSettingsSection(page, 'Uploading');
      await page.getByLabel('Far-photo distance (metres)').fill('750');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
      expect(await page.getByLabel('Uploads at once').inputValue()).toBe(
        String(POLICY_CONCURRENCY),
      );
      const file = JSON.parse(
        await readFile(join(host.dataDir, 'settings.json'), 'utf8'),
      ) as Record<string, unknown>;
      expect(file['farMeters']).toBe(750);
      expect(file).not.toHaveProperty('concurrency');
    });

    it('takes the user’s keys for the organisation’s photo host, keeping them out of the settings file', async () => {
      const { page, host } = session;
      await openSettingsSection(page, 'Photo storage');
      const storage = page.getByRole('tabpanel', { name: 'Photo storage' });
      const keys = storage.getByRole('group', { name: 'Your keys for this photo host' });
      await keys.getByText('not stored yet').waitFor();
      await keys.getByLabel(/Access key id/).fill('AKIAOFFICEEXAMPLE');
      await keys.getByLabel('Secret access key').fill('office-secret-example');
      // New keys decide whose bucket receives the photos: main asks first.
      const asked = host.questionsAsked().length;
      await host.answerConfirmation(true);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
      // What main says now (settings:set answers with settings:get's view): the keys are stored.
      await keys.getByText('your keys for it are stored in the keychain').waitFor();
      expect(host.questionsAsked()).toHaveLength(asked + 1);
      expect(await storage.getByLabel('Bucket', { exact: true }).inputValue()).toBe(
        POLICY_HOST.bucket,
      );
      const file = await readFile(join(host.dataDir, 'settings.json'), 'utf8');
      expect(file).not.toContain('office-secret-example');
      expect(file).not.toContain('AKIAOFFICEEXAMPLE');
      expect(JSON.parse(file)).not.toHaveProperty('photoHost.bucket', POLICY_HOST.bucket);
    });

    it(
      'goes through every section by keyboard, each clean for axe in the light and dark themes',
      {
        timeout: 180_000,
      },
      async () => {
        const { page } = session;
        await openSettingsSection(page, 'Account');
        await page.getByRole('tab', { name: 'Account' }).focus();
        for (const [index, section] of SECTIONS.entries()) {
          if (index > 0) await page.keyboard.press('ArrowDown');
          const tab = page.getByRole('tab', { name: section });
          expect(await tab.getAttribute('aria-selected'), section).toBe('true');
          expect(await page.evaluate<string>('document.activeElement?.textContent ?? ""')).toBe(
            section,
          );
          await page.getByRole('tabpanel', { name: section }).waitFor();
          const name = `settings-managed-${section.toLowerCase().replace(/ /g, '-')}`;
          await screenshot(page, name);
          expect(await seriousViolations(page), section).toEqual([]);
          expect(await darkThemeFindings(page, name), section).toEqual([]);
        }
      },
    );
  },
);

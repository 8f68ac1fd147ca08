import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron } from 'playwright';
import { describe, expect, it } from 'vitest';
import { bundleApp } from '../../build/bundle-app';
import { findElectronBinary } from '../../build/electron-binary';
import { localServiceEnv } from '../../build/local-service-env';
import {
  approveInBrowser,
  fixtureFolder,
  launchChromium,
  waitUntilUploaded,
} from '../support/e2e-harness';
import { admin, startTestService } from '../support/photo-service-harness';
import { ROOT } from '../support/upload-harness';

// The real Electron app: sign in and one upload. It needs an Electron binary, which cannot be
// installed on machines without access to Electron's download host; there it reports itself
// skipped with that reason (the only skip in the suite).
const binary = findElectronBinary();
const reason = binary
  ? ''
  : ' (skipped: no Electron binary is installed here; `npx install-electron --no` or ELECTRON_OVERRIDE_DIST_PATH provides one)';

/** This process's environment without unset variables (what Playwright's launch takes). */
function definedEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
}

describe.skipIf(binary === undefined)(`the packaged flow in real Electron${reason}`, () => {
  it(
    'signs in through the system browser and uploads one photo',
    { timeout: 180_000 },
    async () => {
      // Its own build, inside the repository so that packages resolve from node_modules, apart from
      // dist/ (which other tests rebuild at the same time).
      const appDir = join(ROOT, 'node_modules/.cache/photo-uploader-electron-e2e');
      await bundleApp(appDir);
      await writeFile(
        join(appDir, 'package.json'),
        JSON.stringify({
          name: 'photo-uploader',
          productName: 'Photo Uploader',
          type: 'module',
          main: 'app/main/index.js',
        }),
      );
      const service = await startTestService({ withS3: true, allowPrivateFetch: true });
      const dataDir = await mkdtemp(join(tmpdir(), 'electron-e2e-'));
      const folder = await fixtureFolder();
      const chromium = await launchChromium();
      const app = await electron.launch({
        executablePath: binary ?? '',
        args: [appDir],
        env: {
          ...definedEnv(),
          PHOTO_UPLOADER_DATA_DIR: dataDir,
          ...localServiceEnv(service.info),
        },
      });
      try {
        // The test plays the OS: the system browser and the open dialog.
        await app.evaluate(({ shell, dialog }, chosen) => {
          const opened: string[] = [];
          (globalThis as { opened?: string[] }).opened = opened;
          shell.openExternal = (url: string) => {
            opened.push(url);
            return Promise.resolve();
          };
          dialog.showOpenDialog = () => Promise.resolve({ canceled: false, filePaths: [chosen] });
        }, folder);
        const window = await app.firstWindow();
        expect(window.url()).toMatch(/^app:\/\/renderer\//);
        await window.getByRole('button', { name: 'Sign in' }).click();
        let authorizeUrl: string | undefined;
        await expect
          .poll(async () => {
            authorizeUrl = await app.evaluate(
              () => (globalThis as { opened?: string[] }).opened?.[0],
            );
            return authorizeUrl;
          })
          .toBeDefined();
        await approveInBrowser(chromium, authorizeUrl ?? '');
        await window.getByText(`Signed in to ${service.info.auth_url}`).waitFor();

        await window.getByRole('button', { name: 'Choose folder…' }).click();
        const found = window.getByRole('list', { name: 'Photos found' });
        await expect.poll(() => found.getByRole('listitem').count(), { timeout: 30_000 }).toBe(5);
        const project = service.info.projects[0];
        if (project === undefined) throw new Error('no project');
        await window.getByLabel(/Project: search/).fill(project.id);
        await window.getByRole('button', { name: `Use project id ${project.id}` }).click();
        await window.getByRole('button', { name: 'Upload 4 photos' }).click();
        await waitUntilUploaded(window, 4);
        const state = await admin.state(service.info);
        expect(state.photos.filter((photo) => photo.project_id === project.id)).toHaveLength(4);
      } finally {
        await app.close();
        await chromium.close();
        await service.close();
        await rm(dataDir, { recursive: true, force: true });
        await rm(folder, { recursive: true, force: true });
      }
    },
  );
});

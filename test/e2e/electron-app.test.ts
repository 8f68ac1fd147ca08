import { spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { getConfig } from 'app-builder-lib/out/util/config/config.js';
import { _electron as electron, type ElectronApplication } from 'playwright';
import { describe, expect, it } from 'vitest';
import { bundleApp } from '../../build/bundle-app';
import { findElectronBinary } from '../../build/electron-binary';
import { localServiceEnv } from '../../build/local-service-env';
import { packageDir, packagingFolders } from '../../build/package-dir';
import { packagedExecutable } from '../../build/packaging-electron';
import {
  approveInBrowser,
  fixtureFolder,
  launchChromium,
  waitUntilUploaded,
} from '../support/e2e-harness';
import {
  configureForPackagedApp,
  ownerLockFree,
  packagedAppHome,
} from '../support/packaged-app-harness';
import { admin, startTestService } from '../support/photo-service-harness';
import { ROOT, runCli } from '../support/upload-harness';

// The real Electron app, run from the bundle and as the packaged `--dir` build: sign in and
// upload. It needs an Electron binary, which cannot be installed on machines without access to
// Electron's download host; there it reports itself skipped with that reason (the only skip in
// the suite). README.md ("The real-Electron test") says how to run it.
const binary = findElectronBinary();
const reason = binary
  ? ''
  : ' (skipped: no Electron binary is installed here; `npx install-electron --no` or ELECTRON_OVERRIDE_DIST_PATH provides one)';

/** The packaged build's own bundle and output folders (dist/<name>, out/<name>). */
const PACKAGED = 'electron-e2e-packaged';
const FIXTURES = join(ROOT, 'test/fixtures/exif-samples');

/** Clicks File › `label` in the app's own menu, as the user does. */
async function clickFileMenu(app: ElectronApplication, label: string): Promise<void> {
  await app.evaluate(({ Menu }, wanted) => {
    const file = Menu.getApplicationMenu()?.items.find((item) => item.label === 'File');
    const item = file?.submenu?.items.find((entry) => entry.label === wanted);
    if (item === undefined) throw new Error(`no File › ${wanted} in the menu`);
    // MenuItem.click is typed as a bare Function; it takes (event, window, webContents).
    Reflect.apply(item.click, item, []);
  }, label);
}

/**
 * Runs an executable to its end with this environment plus `env`, and gives its exit code and
 * standard output, read line by line as `runCli` reads the command line's (so line ends compare
 * equal on Windows). Its standard error is printed when it fails.
 */
async function runExecutable(
  executable: string,
  args: readonly string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(executable, args, { env: { ...definedEnv(), ...env }, stdio: 'pipe' });
  child.stdin.end();
  let stdout = '';
  let stderr = '';
  createInterface({ input: child.stdout }).on('line', (line) => (stdout += `${line}\n`));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  if (code !== 0) process.stderr.write(`${executable} ${args.join(' ')} said:\n${stderr}\n`);
  return { code, stdout, stderr };
}

/** This process's environment without unset variables (what Playwright's launch takes). */
function definedEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
}

describe.skipIf(binary === undefined)(
  `the app in real Electron, bundled and packaged${reason}`,
  () => {
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
          await window
            .getByText(`Signed in to ${new URL(service.info.auth_url).hostname}`)
            .waitFor();

          await window.getByRole('button', { name: 'Choose folder…' }).click();
          const found = window.getByRole('grid', { name: 'Photos found' });
          await expect.poll(() => found.getByRole('gridcell').count(), { timeout: 30_000 }).toBe(5);
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

    it(
      'packaged --dir build: takes in a JPEG and a HEIC, signs in on the loopback redirect, uploads and quits cleanly',
      { timeout: 400_000 },
      async () => {
        // Packaged with the installed Electron (its fuses flipped as released, but for the
        // inspector arguments Playwright drives the main process through), into folders of its own.
        const unpacked = await packageDir({
          name: PACKAGED,
          electronBinary: binary,
          forPlaywright: true,
        });
        const config = await getConfig(ROOT, null, null);
        const executable = packagedExecutable(
          join(ROOT, packagingFolders(PACKAGED).output),
          {
            executableName: config.linux?.executableName ?? '',
            productName: config.productName ?? '',
          },
          process.platform,
          process.arch,
        );
        expect(executable.startsWith(unpacked)).toBe(true);
        const service = await startTestService({ withS3: true, allowPrivateFetch: true });
        const root = await mkdtemp(join(tmpdir(), 'electron-packaged-'));
        // A packaged app ignores the test-only variables (PHOTO_UPLOADER_DATA_DIR, the seeded
        // service): its data folder is the default one, moved here with XDG_CONFIG_HOME (Linux),
        // HOME (macOS) or APPDATA (Windows), and it is configured as a user would, through the
        // installed app's own command line on that same folder.
        const home = packagedAppHome(root);
        await configureForPackagedApp(service.info, home.dataDir, (args, env) =>
          runExecutable(executable, args, { ...home.env, ...env }),
        );
        const photos = join(root, 'photos');
        await mkdir(photos);
        const chosen = [join(photos, 'DSCN0010.jpg'), join(photos, 'IMG_5195.HEIC')];
        await copyFile(join(FIXTURES, 'jpg/gps/DSCN0010.jpg'), chosen[0] ?? '');
        await copyFile(join(FIXTURES, 'heic/IMG_5195.HEIC'), chosen[1] ?? '');
        const chromium = await launchChromium();
        const app = await electron.launch({
          executablePath: executable,
          env: { ...definedEnv(), ...home.env },
        });
        const exited = new Promise<number | null>((resolve) =>
          app.process().once('exit', (code) => resolve(code)),
        );
        let quit = false;
        try {
          expect(await app.evaluate(({ app: electronApp }) => electronApp.isPackaged)).toBe(true);
          // The test plays the OS: the system browser and the open dialog (two files).
          await app.evaluate(({ shell, dialog }, files) => {
            const opened: string[] = [];
            (globalThis as { opened?: string[] }).opened = opened;
            shell.openExternal = (url: string) => {
              opened.push(url);
              return Promise.resolve();
            };
            dialog.showOpenDialog = () => Promise.resolve({ canceled: false, filePaths: files });
          }, chosen);
          const window = await app.firstWindow();
          expect(window.url()).toMatch(/^app:\/\/renderer\//);

          // File › Add photos…: both reach the review list with their capture times and
          // thumbnails. The HEIC is decoded by the media worker, loaded from inside app.asar.
          await clickFileMenu(app, 'Add photos…');
          // The list view shows the camera's wall time to the second.
          await window.getByRole('radio', { name: 'List', exact: true }).click();
          const found = window.getByRole('list', { name: 'Photos found' });
          await expect.poll(() => found.getByRole('listitem').count(), { timeout: 60_000 }).toBe(2);
          for (const [name, taken] of [
            ['DSCN0010.jpg', '2008-10-22 16:28:39'],
            ['IMG_5195.HEIC', '2021-04-11 15:47:53'],
          ] as const) {
            const row = found.getByRole('listitem').filter({ hasText: name });
            // The list reads the time for people; the camera's exact wall time is its title.
            await expect.poll(() => row.getByTitle(taken).count(), { timeout: 60_000 }).toBe(1);
            const thumbnail = row.locator('img.thumb');
            await expect
              .poll(
                () => thumbnail.evaluate((image) => Number(Reflect.get(image, 'naturalWidth'))),
                { timeout: 60_000 },
              )
              .toBeGreaterThan(0);
          }

          // Sign-in on the loopback redirect (saved by configureForPackagedApp).
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
          const redirect = new URL(authorizeUrl ?? '').searchParams.get('redirect_uri') ?? '';
          expect(redirect).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
          await approveInBrowser(chromium, authorizeUrl ?? '');
          await window
            .getByText(`Signed in to ${new URL(service.info.auth_url).hostname}`)
            .waitFor();

          const project = service.info.projects[0];
          if (project === undefined) throw new Error('no project');
          await window.getByLabel(/Project: search/).fill(project.id);
          await window.getByRole('button', { name: `Use project id ${project.id}` }).click();
          await window.getByRole('button', { name: 'Upload 2 photos' }).click();
          await waitUntilUploaded(window, 2);
          const state = await admin.state(service.info);
          expect(state.photos.filter((photo) => photo.project_id === project.id)).toHaveLength(2);

          // File › Quit: the process ends with 0 and lets go of the data folder.
          await clickFileMenu(app, 'Quit').catch(() => undefined);
          expect(await exited).toBe(0);
          quit = true;
          expect(ownerLockFree(home.dataDir)).toBe(true);

          // The installed command: the packaged executable started with command-line arguments
          // runs headless as the command line, and says what `npm run cli -- status` says for
          // the same data folder. On Windows the executable is a GUI-subsystem program with no
          // console of its own; it writes to the pipes it is given (spawn hands them over as its
          // standard handles), which is what this captures.
          const packagedStatus = await runExecutable(executable, ['status'], home.env);
          const sourceStatus = await runCli(['status'], home.env);
          expect(sourceStatus.code).toBe(0);
          expect({ code: packagedStatus.code, stdout: packagedStatus.stdout }).toEqual({
            code: 0,
            stdout: sourceStatus.stdout,
          });
        } finally {
          if (!quit) await app.close();
          await chromium.close();
          await service.close();
          await rm(root, { recursive: true, force: true });
          for (const folder of Object.values(packagingFolders(PACKAGED)))
            await rm(join(ROOT, folder), { recursive: true, force: true });
        }
      },
    );
  },
);

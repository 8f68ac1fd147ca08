import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractFile, listPackage, statFile } from '@electron/asar';
import { getConfig } from 'app-builder-lib/out/util/config/config.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import keytar from 'keytar';
import { demoSecretNames } from '../../../build/demo-session';
import type { SeedConfig } from '../../../main/core/seed-settings';
import { KEYCHAIN_SERVICE } from '../../../main/secrets/keytar-secret-store';
import { requireKeychain } from '../../support/keychain';
import { needs } from '../../support/platform-needs';
import { ROOT } from '../../support/upload-harness';

const needsKeychainAndFileModes = needs('gnome-keyring', 'file-modes');

// \`npm start\` and \`npm run package:dir\` both build the app into dist/app, so they share this
// file: vitest runs a file's tests one after another, never two builds at once.

type Run = { code: number | null; stdout: string; stderr: string };

/** `npm start` exactly as a newcomer types it, with `env` on top of this environment. */
function npmStart(env: NodeJS.ProcessEnv, args: string[] = []): Promise<Run> {
  const child = spawn('npm', ['start', ...args], { cwd: ROOT, env: { ...process.env, ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

/**
 * A loopback HTTP server that records every request's path and answers 404: where Electron's
 * download would have come from. Asked as a proxy, it records the CONNECT and then serves the
 * tunnelled request itself, as if it were the host asked for.
 */
async function recordingServer(): Promise<{ url: string; seen: string[]; close: () => void }> {
  const seen: string[] = [];
  const server = createServer((request, response) => {
    seen.push(request.url ?? '');
    response.writeHead(404).end('not here');
  });
  server.on('connect', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    seen.push(`CONNECT ${request.url ?? ''}`);
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0) socket.unshift(head);
    server.emit('connection', socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, seen, close: () => server.close() };
}

/** Where @electron/get looks for this Electron under a mirror (its own layout). */
const ZIP_PATH = `v45.4.1/electron-v45.4.1-${process.platform}-${process.arch}.zip`;

/** A stand-in Electron dist whose executable runs `script` with Node. */
async function standInElectron(dist: string, script: string): Promise<void> {
  await writeFile(
    join(dist, 'electron'),
    `#!/bin/sh\nexec "${process.execPath}" --input-type=module -e '${script.replace(/'/g, "'\\''")}' "$@"\n`,
  );
  await chmod(join(dist, 'electron'), 0o755);
}

/** The paragraph lines `npm start` printed itself (each begins with the product's name). */
const paragraphs = (stderr: string) =>
  stderr.split('\n').filter((line) => line.startsWith('Photo Uploader'));

/** No Electron download settings from this machine leak into a test's `npm start`. */
const NO_DOWNLOAD_SETTINGS = {
  ELECTRON_SKIP_BINARY_DOWNLOAD: '',
  ELECTRON_OVERRIDE_DIST_PATH: '',
  ELECTRON_MIRROR: '',
  npm_config_electron_mirror: '',
  HTTPS_PROXY: '',
  https_proxy: '',
  HTTP_PROXY: '',
  http_proxy: '',
  NO_PROXY: '',
  no_proxy: '',
};

describe.skipIf(needsKeychainAndFileModes.skip)(
  needsKeychainAndFileModes.title('npm start'),
  () => {
    const folders: string[] = [];
    const folder = async () => {
      const made = await mkdtemp(join(tmpdir(), 'start-app-'));
      folders.push(made);
      return made;
    };
    afterEach(async () => {
      for (const made of folders.splice(0)) await rm(made, { recursive: true, force: true });
    });

    it('says in one paragraph how to install Electron when there is none, and fails', async () => {
      const run = await npmStart({ ELECTRON_OVERRIDE_DIST_PATH: await folder() });
      expect(run.code).toBe(1);
      const paragraph = run.stderr.split('\n').filter((line) => line.startsWith('Photo Uploader'));
      expect(paragraph).toHaveLength(1);
      expect(paragraph[0]).toContain('no Electron binary is installed');
      expect(paragraph[0]).toContain('npx install-electron');
      expect(paragraph[0]).toContain('ELECTRON_OVERRIDE_DIST_PATH');
    });

    it('does not download when ELECTRON_SKIP_BINARY_DOWNLOAD is set, and says so', async () => {
      const mirror = await recordingServer();
      try {
        const run = await npmStart({
          ...NO_DOWNLOAD_SETTINGS,
          ELECTRON_SKIP_BINARY_DOWNLOAD: '1',
          ELECTRON_MIRROR: `${mirror.url}/mirror/`,
        });
        expect(run.code).toBe(1);
        expect(mirror.seen).toEqual([]);
        expect(paragraphs(run.stderr)).toHaveLength(1);
        expect(paragraphs(run.stderr)[0]).toContain('ELECTRON_SKIP_BINARY_DOWNLOAD is set');
      } finally {
        mirror.close();
      }
    });

    it("downloads through @electron/get from npm's electron_mirror, and says in one paragraph why that failed", async () => {
      const mirror = await recordingServer();
      const started = Date.now();
      try {
        const run = await npmStart({
          ...NO_DOWNLOAD_SETTINGS,
          // What `npm config set electron_mirror …` hands to scripts npm runs.
          npm_config_electron_mirror: `${mirror.url}/mirror/`,
          electron_config_cache: await folder(),
        });
        expect(run.code).toBe(1);
        // Electron's own installer asked for its zip at the mirror (checksums come with the package).
        expect(mirror.seen).toEqual([`/mirror/${ZIP_PATH}`]);
        const said = paragraphs(run.stderr);
        expect(said).toHaveLength(1);
        expect(said[0]).toContain('no Electron binary is installed');
        expect(said[0]).toContain(
          `Response code 404 (Not Found) for ${mirror.url}/mirror/${ZIP_PATH}`,
        );
        expect(run.stderr).not.toMatch(/^\s+at /m);
        expect(Date.now() - started).toBeLessThan(25_000);
      } finally {
        mirror.close();
      }
    });

    it('downloads from ELECTRON_MIRROR through the proxy in http_proxy / HTTP_PROXY', async () => {
      const proxy = await recordingServer();
      try {
        const run = await npmStart({
          ...NO_DOWNLOAD_SETTINGS,
          // A name that resolves nowhere: only the (loopback) proxy can answer for it.
          ELECTRON_MIRROR: 'http://electron-mirror.invalid/electron/',
          // (undici reads the lower-case names first, even when empty.)
          http_proxy: proxy.url,
          HTTP_PROXY: proxy.url,
          electron_config_cache: await folder(),
        });
        expect(run.code).toBe(1);
        expect(proxy.seen).toEqual(['CONNECT electron-mirror.invalid:80', `/electron/${ZIP_PATH}`]);
        expect(paragraphs(run.stderr)).toHaveLength(1);
      } finally {
        proxy.close();
      }
    });

    it(
      'prints the sandbox remedy when Electron aborts over chrome-sandbox, and passes `--no-sandbox` on',
      { timeout: 120_000 },
      async () => {
        // A stand-in Electron that aborts the way Electron 45 does where the setuid helper is not
        // set up, unless it was given --no-sandbox.
        const dist = await folder();
        const helper = join(dist, 'chrome-sandbox');
        await standInElectron(
          dist,
          `if (!process.argv.includes('--no-sandbox')) {
          process.stderr.write('[9:1123/203011.1:FATAL:setuid_sandbox_host.cc(163)] The SUID sandbox helper binary was found, but is not configured correctly. Rather than run without sandboxing I am aborting now. You need to make sure that ${helper} is owned by root and has mode 4755.\\n');
          process.exit(133);
        }`,
        );
        // A configured service, so no demo mode: the stand-in gets this environment as it is.
        const dataDir = await folder();
        await mkdir(dataDir, { recursive: true });
        await writeFile(
          join(dataDir, 'settings.json'),
          JSON.stringify({ authUrl: 'http://127.0.0.1:9', clientId: 'x' }),
        );
        const env = { ELECTRON_OVERRIDE_DIST_PATH: dist, PHOTO_UPLOADER_DATA_DIR: dataDir };

        const aborted = await npmStart(env);
        expect(aborted.code).not.toBe(0);
        expect(aborted.stderr).toContain('The SUID sandbox helper binary was found');
        const remedy = paragraphs(aborted.stderr);
        expect(remedy).toHaveLength(1);
        expect(remedy[0]).toContain(`sudo chown root:root ${helper} && sudo chmod 4755 ${helper}`);
        expect(remedy[0]).toContain('kernel.apparmor_restrict_unprivileged_userns=0');
        expect(remedy[0]).toContain('npm start -- --no-sandbox');

        const unsandboxed = await npmStart(env, ['--', '--no-sandbox']);
        expect(unsandboxed.code).toBe(0);
        expect(paragraphs(unsandboxed.stderr)).toEqual([]);
      },
    );

    it(
      'in demo mode builds the app, starts the local service and S3 store, and runs Electron against them',
      { timeout: 120_000 },
      async () => {
        // A stand-in Electron: records its arguments and environment and asks the configured
        // service for its metadata while it "runs", as the app would.
        const dist = await folder();
        const report = join(dist, 'report.json');
        const probe = `
        const config = JSON.parse(process.env.PHOTO_UPLOADER_CONFIG);
        const metadata = await fetch(config.authUrl + '/.well-known/oauth-authorization-server');
        const fs = await import('node:fs');
        fs.writeFileSync(${JSON.stringify(report)}, JSON.stringify({
          args: process.argv.slice(1),
          config,
          dataDir: process.env.PHOTO_UPLOADER_DATA_DIR,
          hasS3Keys: Boolean(process.env.PHOTO_UPLOADER_S3_ACCESS_KEY_ID && process.env.PHOTO_UPLOADER_S3_SECRET_ACCESS_KEY),
          metadataStatus: metadata.status,
          builtMain: fs.existsSync(process.argv[1] + '/dist/app/main/index.js'),
          runAsNode: 'ELECTRON_RUN_AS_NODE' in process.env,
        }));`;
        await standInElectron(dist, probe);
        const home = await folder();

        // ELECTRON_RUN_AS_NODE (set by e.g. VS Code's terminal) would keep a real Electron from
        // opening the app.
        const run = await npmStart({
          ELECTRON_OVERRIDE_DIST_PATH: dist,
          XDG_CONFIG_HOME: home,
          PHOTO_UPLOADER_DATA_DIR: '',
          ELECTRON_RUN_AS_NODE: '1',
        });
        expect(run.stderr).toContain('demo mode');
        expect(run.code).toBe(0);
        const seen = JSON.parse(await readFile(report, 'utf8')) as {
          args: string[];
          config: {
            authUrl: string;
            clientId: string;
            redirect: string;
            photoHost: { kind: string };
          };
          dataDir: string;
          hasS3Keys: boolean;
          metadataStatus: number;
          builtMain: boolean;
          runAsNode: boolean;
        };
        expect(seen.args).toEqual([ROOT]);
        expect(seen.builtMain).toBe(true);
        expect(seen.runAsNode).toBe(false);
        expect(seen.metadataStatus).toBe(200);
        expect(seen.config).toMatchObject({ redirect: 'loopback', photoHost: { kind: 's3' } });
        expect(seen.config).not.toHaveProperty('clientSecret');
        expect(seen.hasS3Keys).toBe(true);
        expect(seen.dataDir).toContain('photo-uploader-demo-');
        // The demo's data folder is removed when the app exits.
        expect(existsSync(seen.dataDir)).toBe(false);
      },
    );

    it.each([
      ['SIGTERM', 143],
      ['SIGINT', 130],
    ] as const)(
      'in demo mode, %s to npm start ends Electron, removes the demo data folder and keychain entries, exits %i',
      { timeout: 120_000 },
      async (signal, code) => {
        await requireKeychain();
        // A stand-in Electron that says where it runs and then runs until it is stopped.
        const dist = await folder();
        await standInElectron(
          dist,
          `process.stdout.write('running ' + JSON.stringify({
          pid: process.pid,
          dataDir: process.env.PHOTO_UPLOADER_DATA_DIR,
          config: JSON.parse(process.env.PHOTO_UPLOADER_CONFIG),
        }) + '\\n');
        setInterval(() => undefined, 1000);`,
        );
        // start-app.ts itself (what `npm start` runs), so the signal reaches the process that
        // must clean up, as Ctrl-C's does in a terminal.
        const child = spawn(process.execPath, ['--import', 'tsx', 'build/start-app.ts'], {
          cwd: ROOT,
          env: {
            ...process.env,
            ELECTRON_OVERRIDE_DIST_PATH: dist,
            XDG_CONFIG_HOME: await folder(),
            PHOTO_UPLOADER_DATA_DIR: '',
            TMPDIR: await folder(),
          },
        });
        let stdout = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on('data', () => undefined);
        // 'exit', not 'close': a stand-in left running would hold the output pipe open.
        const ended = new Promise<number | null>((resolve) => child.once('exit', resolve));
        const running = await new Promise<{ pid: number; dataDir: string; config: SeedConfig }>(
          (resolve, reject) => {
            const look = () => {
              const line = /^running (.*)$/m.exec(stdout)?.[1];
              if (line !== undefined) resolve(JSON.parse(line) as never);
            };
            child.stdout.on('data', look);
            void ended.then(() =>
              reject(new Error(`start-app ended before Electron ran: ${stdout}`)),
            );
          },
        );
        // What the app leaves while it runs: files in its folder, entries in the keychain.
        await writeFile(join(running.dataDir, 'queue.db'), 'rows');
        const names = demoSecretNames(running.config);
        for (const name of names) await keytar.setPassword(KEYCHAIN_SERVICE, name, 'demo');

        try {
          child.kill(signal);
          expect(await ended).toBe(code);
          expect(existsSync(running.dataDir)).toBe(false);
          for (const name of names)
            expect(await keytar.getPassword(KEYCHAIN_SERVICE, name)).toBeNull();
          expect(() => process.kill(running.pid, 0)).toThrow(/ESRCH/);
        } finally {
          // Whatever the outcome, no stand-in Electron or keychain entry outlives the test.
          try {
            process.kill(running.pid, 'SIGKILL');
          } catch {
            // already gone, as it should be
          }
          for (const name of names) await keytar.deletePassword(KEYCHAIN_SERVICE, name);
          await rm(running.dataDir, { recursive: true, force: true });
        }
      },
    );
  },
);

const OUT = join(ROOT, 'out/linux-unpacked');
const ASAR = join(OUT, 'resources/app.asar');
const UNPACKED = join(OUT, 'resources/app.asar.unpacked');
/** Put in the environment of the packaging run: it must not end up anywhere in the build. */
const CANARY = `canary-secret-${Date.now()}`;

function packageDir(): Promise<{ code: number | null; output: string }> {
  const child = spawn('npm', ['run', 'package:dir'], {
    cwd: ROOT,
    env: { ...process.env, PHOTO_UPLOADER_CLIENT_SECRET: CANARY, AWS_SECRET_ACCESS_KEY: CANARY },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output })));
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

describe.skipIf(needsKeychainAndFileModes.skip)(
  needsKeychainAndFileModes.title('npm run package:dir (Linux, unpacked, stand-in Electron)'),
  () => {
    let entries: string[];

    beforeAll(async () => {
      const run = await packageDir();
      if (run.code !== 0) throw new Error(`package:dir failed:\n${run.output}`);
      entries = listPackage(ASAR, { isPack: false }).map((entry) => entry.replaceAll('\\', '/'));
    }, 240_000);

    it('puts the built main, workers, preload and renderer in the asar', () => {
      for (const file of [
        '/package.json',
        '/dist/app/main/index.js',
        '/dist/app/main/media-worker.js',
        '/dist/app/main/crawl-worker.js',
        '/dist/app/preload/index.cjs',
        '/dist/app/renderer/index.html',
        '/dist/app/renderer/main.js',
        '/dist/app/renderer/main.css',
        // The map's Web Worker, which the window starts from its own origin beside main.js.
        '/dist/app/renderer/map-worker.js',
        '/dist/app/icons/tray.png',
        '/dist/app/icons/tray@2x.png',
        '/dist/app/icons/trayTemplate.png',
        '/dist/app/icons/trayTemplate@2x.png',
      ])
        expect(entries, file).toContain(file);
      const manifest = JSON.parse(extractFile(ASAR, 'package.json').toString()) as Record<
        string,
        unknown
      >;
      expect(manifest.main).toBe('dist/app/main/index.js');
      expect(manifest).not.toHaveProperty('scripts');
    });

    it('unpacks the native modules (keytar, the SQLite binding, sharp) from the asar', async () => {
      const unpacked = await filesUnder(UNPACKED);
      const natives = unpacked.filter((file) => file.endsWith('.node'));
      expect(natives.some((file) => file.includes('/node_modules/keytar/'))).toBe(true);
      expect(natives.some((file) => file.includes('/node_modules/@libsql/linux-x64-gnu/'))).toBe(
        true,
      );
      expect(unpacked.some((file) => file.includes('/node_modules/@img/sharp-linux-x64/'))).toBe(
        true,
      );
      // The archive's index marks every native binary as living outside it.
      const inArchive = entries.filter((entry) => entry.endsWith('.node'));
      expect(inArchive.length).toBeGreaterThanOrEqual(2);
      for (const entry of inArchive)
        expect(statFile(ASAR, entry.slice(1), false), entry).toMatchObject({ unpacked: true });
    });

    it('declares the sign-in scheme in the Linux desktop entry', async () => {
      const desktop = await readFile(join(OUT, 'photo-uploader.desktop'), 'utf8');
      expect(desktop).toMatch(/^MimeType=.*x-scheme-handler\/com\.photouploader\.app;/m);
      expect(desktop).toMatch(/^Exec=.*photo-uploader" %U$/m);
      expect(existsSync(join(OUT, 'photo-uploader'))).toBe(true);
    });

    it('ships no sources, tests, local service, dev tools, source maps or .env files', () => {
      const shipped = entries.filter((entry) => !entry.startsWith('/node_modules/'));
      expect(
        shipped.filter((entry) =>
          /^\/(main|shared|renderer|preload|service|test|build)\//.test(entry),
        ),
      ).toEqual([]);
      expect(
        entries.filter(
          (entry) =>
            /\.env(\.|$)|\.map$|\.tsx?$/.test(entry.split('/').pop() ?? '') &&
            !entry.endsWith('.d.ts'),
        ),
      ).toEqual([]);
      const packages = new Set(
        entries.map((entry) => /^\/node_modules\/((@[^/]+\/)?[^/]+)/.exec(entry)?.[1]),
      );
      for (const devOnly of [
        'electron',
        'electron-builder',
        'playwright',
        'vitest',
        'fastify',
        's3rver',
        'react',
        'ws',
        'esbuild',
        'typescript',
      ])
        expect(packages.has(devOnly), devOnly).toBe(false);
    });

    it('holds no secrets: not the build environment, not the local service keys, no private keys', async () => {
      const texts = [
        ...entries
          .filter((entry) => /^\/dist\/.+\.(js|cjs|html|css|svg)$|^\/package\.json$/.test(entry))
          .map((entry) => extractFile(ASAR, entry.slice(1)).toString('utf8')),
      ];
      for (const file of await filesUnder(OUT))
        if (!file.endsWith('.node') && !file.includes('/node_modules/'))
          texts.push((await readFile(file)).toString('latin1'));
      const everything = [...texts, (await readFile(ASAR)).toString('latin1')].join('\n');
      expect(everything).not.toContain(CANARY);
      expect(everything).not.toMatch(/-----BEGIN [A-Z ]*PRIVATE KEY-----/);
      // The local Photo Service (and its S3 store's fixed keys) stays out of the app.
      for (const text of texts) expect(text).not.toContain('S3RVER');
    });

    it('leaves the end-to-end socket bridge out of the app build', () => {
      const renderer = extractFile(ASAR, 'dist/app/renderer/main.js').toString('utf8');
      expect(renderer).not.toContain('WebSocket');
      expect(renderer).not.toContain('/bridge');
    });

    it('declares the fuses in the build config (flipping them needs a real Electron binary)', async () => {
      const config = await getConfig(ROOT, null, null);
      expect(config.electronFuses).toEqual({
        runAsNode: false,
        enableCookieEncryption: true,
        enableNodeOptionsEnvironmentVariable: false,
        enableNodeCliInspectArguments: false,
        enableEmbeddedAsarIntegrityValidation: true,
        onlyLoadAppFromAsar: true,
        grantFileProtocolExtraPrivileges: false,
        resetAdHocDarwinSignature: true,
      });
      expect(config.protocols).toEqual([
        { name: 'Photo Uploader sign-in', schemes: ['com.photouploader.app'] },
      ]);
      expect(config.linux?.target).toEqual(['AppImage', 'deb']);
      expect(config.mac?.target).toEqual([
        { target: 'dmg', arch: ['x64', 'arm64'] },
        { target: 'zip', arch: ['x64', 'arm64'] },
      ]);
      expect(config.publish).toEqual({ provider: 'github', releaseType: 'draft' });
      expect(config.mac?.hardenedRuntime).toBe(true);
      expect(config.win?.target).toEqual(['nsis']);
    });
  },
);
